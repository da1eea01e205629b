import { describe, expect, it } from 'vitest'
import { calendarText } from '@/lib/domain/calendar-file'

// RFC 5545 folds lines at 75 octets: unfold before reading a property
const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '')
const property = (text: string, name: string) =>
  unfold(text)
    .split(/\r?\n/)
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))

describe('calendarText', () => {
  it('whole days with no time zone, the end exclusive, one event each with its stable id', async () => {
    const text = await calendarText('Londres 4º ESO', [
      { uid: 'bkg-1-trip@sol.example', title: 'Londres 4º ESO', first: '2027-03-14', last: '2027-03-19', location: 'Londres', description: 'Reserva VS-LON01' },
      { uid: 'trm-2-deadline@sol.example', title: 'Último día para pagar el plazo 2 · Londres 4º ESO', first: '2027-02-28', last: '2027-02-28' },
    ])
    expect(property(text, 'BEGIN')).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'BEGIN:VEVENT'])
    expect(property(text, 'UID')).toEqual(['UID:bkg-1-trip@sol.example', 'UID:trm-2-deadline@sol.example'])
    expect(property(text, 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20270314', 'DTSTART;VALUE=DATE:20270228'])
    // the day after the return, and the day after a one-day deadline (across the end of February)
    expect(property(text, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20270320', 'DTEND;VALUE=DATE:20270301'])
    expect(property(text, 'SUMMARY')).toEqual(['SUMMARY:Londres 4º ESO', 'SUMMARY:Último día para pagar el plazo 2 · Londres 4º ESO'])
    expect(property(text, 'LOCATION')).toEqual(['LOCATION:Londres'])
    expect(property(text, 'X-WR-CALNAME')).toEqual(['X-WR-CALNAME:Londres 4º ESO'])
    expect(text).not.toMatch(/TZID|DTSTART:\d{8}T/)
  })
})
