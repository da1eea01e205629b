import { describe, expect, it } from 'vitest'
import { maskIban, normalizeIban } from '../../core/iban-text.ts'

// An IBAN as text: its electronic form, and masked for a mail or a page.

describe('IBAN text', () => {
  it('its electronic form: no spaces or dashes, upper case', () => {
    expect(normalizeIban(' es91 2100 0418 4502 0005 1332 ')).toBe('ES9121000418450200051332')
    expect(normalizeIban('de89-3704-0044-0532-0130-00')).toBe('DE89370400440532013000')
  })

  it('masked: the country, the check digits and the last four, nothing else', () => {
    expect(maskIban('ES91 2100 0418 4502 0005 1332')).toBe('ES91 **** 1332')
    expect(maskIban('ES91')).toBe('ES91')
  })
})
