import { describe, expect, it } from 'vitest'
import { CURRENCY_SPACE, formatAmount } from '@core/money'
import { fullName } from '@core/person-name'
import { formatDate, formatTime, truncate } from '@/lib/i18n/format'

const eur = (text: string) => `${text}${CURRENCY_SPACE}€`

describe('formatAmount (integer cents → "1.234,56 €")', () => {
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [99, '0,99'],
    [100, '1,00'],
    [1050, '10,50'],
    [99999, '999,99'],
    [100000, '1.000,00'],
    [123456, '1.234,56'],
    [999999, '9.999,99'],
    [1000000, '10.000,00'],
    [12345678, '123.456,78'],
    [100000000, '1.000.000,00'],
  ])('%i cents → %s €', (cents, expected) => {
    expect(formatAmount(cents)).toBe(eur(expected))
  })

  it('groups four-digit amounts, unlike Intl es-ES', () => {
    expect(formatAmount(150000)).toBe(eur('1.500,00'))
    expect(formatAmount(150000)).not.toBe(new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(1500))
  })

  it.each([
    [-1200, '-12,00'],
    [-5, '-0,05'],
    [-123456, '-1.234,56'],
  ])('negative %i cents → %s €', (cents, expected) => {
    expect(formatAmount(cents)).toBe(eur(expected))
  })

  it('uses a no-break space so "€" never wraps alone', () => {
    expect(formatAmount(100)).toBe('1,00\u00a0€')
  })

  it('rounds stray fractions of a cent and never prints "-0,00"', () => {
    expect(formatAmount(10.4)).toBe(eur('0,10'))
    expect(formatAmount(10.6)).toBe(eur('0,11'))
    expect(formatAmount(-0.4)).toBe(eur('0,00'))
    expect(formatAmount(-0)).toBe(eur('0,00'))
  })

  it('shows a dash for values that are not numbers', () => {
    expect(formatAmount(Number.NaN)).toBe('—')
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('—')
  })
})

describe('formatDate', () => {
  it.each([
    ['es', 'short', '21/11/2026'],
    ['es', 'long', '21 nov 2026'],
    ['en', 'short', '21/11/2026'],
    ['en', 'long', '21 Nov 2026'],
  ] as const)('%s %s', (locale, variant, expected) => {
    expect(formatDate('2026-11-21', locale, variant)).toBe(expected)
  })

  it('defaults to the short variant and pads day and month', () => {
    expect(formatDate('2026-01-05', 'es', 'short')).toBe('05/01/2026')
  })

  it('keeps a date-only value on its calendar day in any time zone', () => {
    // Parsed naively, "2026-01-01" is UTC midnight: 31/12/2025 west of Greenwich.
    expect(formatDate('2026-01-01', 'es', 'short')).toBe('01/01/2026')
    expect(formatDate('2026-12-31', 'en', 'long')).toBe('31 Dec 2026')
  })

  it('writes every Spanish short month without a trailing dot', () => {
    const months = Array.from({ length: 12 }, (_, i) => formatDate(`2026-${String(i + 1).padStart(2, '0')}-15`, 'es', 'long'))
    for (const text of months) expect(text).toMatch(/^15 [a-z]{3,4} 2026$/)
  })

  it('accepts full ISO date-times', () => {
    expect(formatDate('2026-11-21T12:00:00Z', 'es', 'short')).toBe('21/11/2026')
  })

  it('returns unparseable input unchanged', () => {
    // every date a traveller reads is long unless asked otherwise
    expect(formatDate('2026-01-05', 'es')).toBe('5 ene 2026')
    expect(formatDate('not a date', 'es')).toBe('not a date')
    expect(formatDate('2026-13-01', 'es')).toBe('2026-13-01')
  })

  it('writes every month as current ICU does, in both languages', () => {
    const all = (locale: 'es' | 'en') =>
      Array.from({ length: 12 }, (_, i) => formatDate(`2026-${String(i + 1).padStart(2, '0')}-21`, locale, 'long').split(' ')[1]).join(' ')
    expect(all('es')).toBe('ene feb mar abr may jun jul ago sept oct nov dic')
    expect(all('en')).toBe('Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec')
  })

  it("shows a date-time on its day in the browser's time zone, like Intl does", () => {
    for (const iso of ['2026-11-21T00:30:00Z', '2026-11-21T23:30:00Z', '2026-03-01T12:00:00+14:00']) {
      const expected = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso))
      expect(formatDate(iso, 'es', 'short')).toBe(expected)
    }
  })
})

describe('formatTime', () => {
  it("is the 24-hour clock in the browser's time zone", () => {
    const iso = '2026-11-21T09:05:00Z'
    expect(formatTime(iso)).toBe(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)))
    expect(formatTime('nope')).toBe('nope')
  })
})

describe('truncate', () => {
  const chars = (n: number) => 'a'.repeat(n)

  it('leaves 59 and 60 characters alone', () => {
    expect(truncate(chars(59))).toBe(chars(59))
    expect(truncate(chars(60))).toBe(chars(60))
  })

  it('cuts 61 characters to 60 plus an ellipsis', () => {
    expect(truncate(chars(61))).toBe(`${chars(60)}…`)
  })

  it('accepts another limit', () => {
    expect(truncate('abcdef', 3)).toBe('abc…')
    expect(truncate(chars(301), 300)).toBe(`${chars(300)}…`)
  })

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('hola mundo cruel', 11)).toBe('hola mundo…')
  })

  it('never splits an emoji or a combined character', () => {
    const family = '👨‍👩‍👧'
    expect(truncate(`${family.repeat(3)}`, 2)).toBe(`${family.repeat(2)}…`)
    expect(truncate('😀'.repeat(60))).toBe('😀'.repeat(60))
    expect(truncate(`${'😀'.repeat(60)}x`)).toBe(`${'😀'.repeat(60)}…`)
    expect(truncate('n\u0303'.repeat(5), 4)).toBe(`${'n\u0303'.repeat(4)}…`)
  })

  it('handles the empty string', () => {
    expect(truncate('')).toBe('')
  })
})

describe('fullName', () => {
  it('joins name and both surnames', () => {
    expect(fullName({ name: 'Ana', surname1: 'García', surname2: 'López' })).toBe('Ana García López')
  })

  it('skips empty, blank and missing parts', () => {
    expect(fullName({ name: 'Ana', surname1: 'García' })).toBe('Ana García')
    expect(fullName({ name: 'Ana', surname1: '', surname2: 'López' })).toBe('Ana López')
    expect(fullName({ name: ' Ana ', surname1: null, surname2: '  ' })).toBe('Ana')
    expect(fullName({})).toBe('')
  })
})
