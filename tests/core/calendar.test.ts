import { describe, expect, it } from 'vitest'
import { ADULT_AGE, addDays, addYears, ageOn, daysBetween, isDay, isMinorOn, localDay, utcDay } from '../../core/calendar.ts'

// The one set of date rules of the portal, the mock and the CLI (core/calendar.ts).

describe('calendar days', () => {
  it('a day is YYYY-MM-DD and exists', () => {
    expect(isDay('2028-02-29')).toBe(true)
    for (const notADay of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-05', '2026-01-05T10:00:00Z', '', 'nope'])
      expect(isDay(notADay), notADay).toBe(false)
  })

  it('adds days across months, years and leap days; a value that is not a day throws', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(() => addDays('nope', 1)).toThrow(RangeError)
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
  })

  it('adds years; 29 February goes to 1 March in a common year', () => {
    expect(addYears('2026-11-21', 5)).toBe('2031-11-21')
    expect(addYears('2028-02-29', 1)).toBe('2029-03-01')
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29')
  })

  it('counts whole days, negative backwards; NaN when not days', () => {
    expect(daysBetween('2026-11-21', '2027-01-20')).toBe(60)
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1)
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2) // across a DST change
    expect(daysBetween('2026-11-21', 'soon')).toBeNaN()
  })

  it('ages count from the birthday itself; a 29 February birthday is reached on 1 March', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18)
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17)
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17)
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18)
    expect(ageOn('2008-02-30', '2026-03-01')).toBeNaN()
  })

  it('a minor is under 18 on the day; not a date is not a minor', () => {
    expect(ADULT_AGE).toBe(18)
    expect(isMinorOn('2008-11-22', '2026-11-21')).toBe(true)
    expect(isMinorOn('2008-11-21', '2026-11-21')).toBe(false)
    expect(isMinorOn('', '2026-11-21')).toBe(false)
  })

  it('today is the local calendar day for a traveller, the UTC day for a server', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
    expect(utcDay(new Date('2026-01-05T23:59:00Z'))).toBe('2026-01-05')
  })
})
