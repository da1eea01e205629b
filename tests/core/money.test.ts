import { describe, expect, it } from 'vitest'
import { CURRENCY_SPACE, formatAmount } from '../../core/money.ts'

// Money as a traveller reads it: "1.234,56 €" in every language.

describe('amounts', () => {
  it('cents as euros with a comma, a dot from 1.000 on, and a no-break space before €', () => {
    expect(formatAmount(123456)).toBe(`1.234,56${CURRENCY_SPACE}€`)
    expect(formatAmount(100)).toBe(`1,00${CURRENCY_SPACE}€`)
    expect(formatAmount(123456789)).toBe(`1.234.567,89${CURRENCY_SPACE}€`)
    expect(formatAmount(0)).toBe(`0,00${CURRENCY_SPACE}€`)
  })

  it('negative amounts, fractions of a cent rounded, never "-0,00"; not a number is "—"', () => {
    expect(formatAmount(-2550)).toBe(`-25,50${CURRENCY_SPACE}€`)
    expect(formatAmount(10.6)).toBe(`0,11${CURRENCY_SPACE}€`)
    expect(formatAmount(-0.4)).toBe(`0,00${CURRENCY_SPACE}€`)
    expect([NaN, Infinity].map(formatAmount)).toEqual(['—', '—'])
  })
})
