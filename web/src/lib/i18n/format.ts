import type { Locale } from '@/lib/i18n/locales.universal'

export type DateVariant = 'short' | 'long'

// en uses British day-first order: the agencies and most travellers are
// European, and "21/11/2026" must not flip meaning between languages.
// Month abbreviations as current ICU writes them (es-ES without its dot, en-GB), by hand: the first
// Intl.DateTimeFormat of a page costs ~20 ms of a phone's main thread (its locale data), and older
// browsers' ICU spell some months differently ("sep." / "Sep").
const shortMonths: Record<Locale, readonly string[]> = {
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * es: short "21/11/2026", long "21 nov 2026"; en: short "21/11/2026", long "21 Nov 2026".
 * Every date a traveller reads is long (the default), so one booking never shows two styles.
 *
 * A date-only value ("2026-11-21") is a calendar day and is shown as is in any
 * time zone; a date-time is shown in the browser's time zone. Unparseable
 * input is returned untouched rather than "Invalid Date".
 */
export function formatDate(isoDate: string, locale: Locale, variant: DateVariant = 'long'): string {
  const dateOnly = DATE_ONLY.exec(isoDate)
  let year: number
  let month: number // 0-11
  let day: number
  if (dateOnly) {
    ;[year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])]
    if (month > 11 || day < 1 || day > 31) return isoDate
  } else {
    const date = new Date(isoDate)
    if (Number.isNaN(date.getTime())) return isoDate
    ;[year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()]
  }
  return variant === 'short' ? `${pad2(day)}/${pad2(month + 1)}/${year}` : `${day} ${shortMonths[locale][month]} ${year}`
}

/** A date-time's hour in the browser's time zone, "14:05" (both languages use the 24-hour clock). */
export function formatTime(isoDateTime: string): string {
  const date = new Date(isoDateTime)
  return Number.isNaN(date.getTime()) ? isoDateTime : `${pad2(date.getHours())}:${pad2(date.getMinutes())}`
}

export const TRUNCATE_LENGTH = 60

const graphemes = (text: string): string[] =>
  typeof Intl.Segmenter === 'function'
    ? Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment)
    : Array.from(text)

/**
 * Keeps the first `max` characters and appends "…" when the text is longer.
 * Counts user-perceived characters, so an emoji or "ñ" is never cut in half.
 */
export function truncate(text: string, max: number = TRUNCATE_LENGTH): string {
  // Fast path: UTF-16 length is an upper bound of the grapheme count.
  if (text.length <= max) return text
  const chars = graphemes(text)
  if (chars.length <= max) return text
  return `${chars.slice(0, max).join('').trimEnd()}…`
}
