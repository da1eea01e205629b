import { describe, expect, it } from 'vitest'
import { addDays, ageOn, daysBetween, localDay } from '@/lib/calendar'
import { formatIban, isValidIban, maskIban, normalizeIban } from '@/lib/iban'

describe('calendar days', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('nope', 1)).toBeNull()
  })
  it('counts whole days, negative backwards', () => {
    expect(daysBetween('2026-11-21', '2027-01-20')).toBe(60)
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1)
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2) // across a DST change
  })
  it('ages count from the birthday itself', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18)
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17)
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17)
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18)
  })
  it('today is the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})

describe('IBAN (ISO 13616)', () => {
  it.each(['ES9121000418450200051332', 'es91 2100 0418 4502 0005 1332', 'ES91-2100-0418-4502-0005-1332', 'DE89370400440532013000', 'GB29NWBK60161331926819'])(
    '%s is valid',
    (iban) => expect(isValidIban(iban)).toBe(true),
  )
  it.each([
    ['ES9121000418450200051333', 'checksum off by one digit'],
    ['ES91210004184502000513', 'too short for Spain'],
    ['ES912100041845020005133200', 'too long for Spain'],
    ['9121000418450200051332ES', 'no country first'],
    ['', 'empty'],
    ['ES91 2100 0418 4502 0005 133X', 'a letter where the checksum wants digits'],
  ])('%s is not valid (%s)', (iban) => expect(isValidIban(iban)).toBe(false))
  it('normalizes, prints and masks', () => {
    expect(normalizeIban(' es91 2100-0418 ')).toBe('ES9121000418')
    expect(formatIban('ES9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332')
    expect(maskIban('ES9121000418450200051332')).toBe('ES91 **** 1332')
  })
})
