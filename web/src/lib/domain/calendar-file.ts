// "Add to calendar": an .ics file (RFC 5545) of whole-day events, made by the `ics` package, which is
// loaded only when a traveller asks for the file.
import { addDays } from '@core/calendar'
import { downloadBlob, safeFileName } from '@/lib/browser/download'

/** A whole-day event from `first` to `last` (YYYY-MM-DD, both included), in the traveller's words. */
export type CalendarDays = {
  /** stable across downloads, so importing the file again updates the event instead of adding another */
  uid: string
  title: string
  first: string
  last: string
  description?: string
  location?: string
  url?: string
}

const dateArray = (day: string): [number, number, number] => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return [year, month, date]
}

/**
 * The calendar's text. Whole days are dates with no time and no time zone (VALUE=DATE): a departure on
 * 14 March is on 14 March wherever the phone is. The end is exclusive, as RFC 5545 says: the day after
 * `last`.
 */
export async function calendarText(name: string, events: readonly CalendarDays[]): Promise<string> {
  const { createEvents } = await import('ics')
  const { error, value } = createEvents(
    events.map((event) => ({
      uid: event.uid,
      title: event.title,
      start: dateArray(event.first),
      end: dateArray(addDays(event.last, 1)),
      ...(event.description ? { description: event.description } : {}),
      ...(event.location ? { location: event.location } : {}),
      ...(event.url ? { url: event.url } : {}),
    })),
    { calName: name, productId: 'travel-portal' },
  )
  if (error || !value) throw error ?? new Error('the calendar could not be written')
  return value
}

/** Downloads the events as `<name>.ics`. */
export async function downloadCalendar(name: string, events: readonly CalendarDays[]): Promise<void> {
  const text = await calendarText(name, events)
  downloadBlob(new Blob([text], { type: 'text/calendar;charset=utf-8' }), `${safeFileName(name)}.ics`)
}
