import { describe, expect, it } from 'vitest'
import { formatIban, isValidIban } from '../../core/iban.ts'

// The one IBAN rule of the portal, the mock and the CLI (core/iban.ts, ibantools underneath).
describe("IBAN (ISO 13616: the country's format and the mod-97 checksum)", () => {
  it.each(['ES9121000418450200051332', 'DE89370400440532013000', 'GB82WEST12345698765432', 'FR1420041010050500013M02606', 'PT50000201231234567890154'])(
    '%s is valid',
    (iban) => {
      expect(isValidIban(iban)).toBe(true)
    },
  )

  it('spaces, dashes and lower case are tolerated', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true)
    expect(isValidIban('gb82 west 1234 5698 7654 32')).toBe(true)
    expect(isValidIban('DE89-3704-0044-0532-0130-00')).toBe(true)
  })

  it.each([
    ['one digit changed', 'ES9121000418450200051333'],
    ['two digits swapped', 'ES9121000418450200053132'],
    ['wrong check digits', 'DE88370400440532013000'],
    ['a letter changed', 'GB82WEST12345698765433'],
  ])('%s fails', (_what, iban) => {
    expect(isValidIban(iban)).toBe(false)
  })

  it.each([
    ['ES too short', 'ES91210004184502000513'],
    ['ES too long', 'ES91210004184502000513320'],
    ['DE too short', 'DE8937040044053201300'],
  ])('wrong length for the country: %s', (_what, iban) => {
    expect(isValidIban(iban)).toBe(false)
  })

  it.each(['', 'ES', '1234567890123456', 'ES91 2100 0418 4502 0005 133!', 'XX'])('not an IBAN: %j', (iban) => {
    expect(isValidIban(iban)).toBe(false)
  })

  it("a BBAN that is not the country's format fails even with a right checksum length", () => {
    // Spain: 4-digit bank, 4-digit branch, 2 control digits, 10-digit account; letters are not allowed
    expect(isValidIban('ES91 2100 0418 4502 0005 133X')).toBe(false)
  })

  it('prints in groups of four', () => {
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332')
  })
})
