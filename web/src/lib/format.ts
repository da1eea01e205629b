import type { Locale } from '@/lib/i18n-locales'

// Between the number and "€": a no-break space, so the symbol never wraps onto
// its own line on narrow phones. Exported so tests and callers can compare.
export const CURRENCY_SPACE = '\u00a0'

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')

/**
 * Formats an amount in integer euro cents as "1.234,56 €" in every language.
 *
 * Built by hand instead of Intl: es-ES does not group four-digit numbers
 * ("1234,56 €") and the spec asks for a dot from 1.000 on. Fractional cents
 * are rounded; non-finite input yields "—" so one bad field cannot crash a page.
 */
export function formatAmount(cents: number): string {
  if (!Number.isFinite(cents)) return '—'
  const rounded = Math.round(cents)
  const abs = Math.abs(rounded)
  const euros = Math.floor(abs / 100)
  const rest = String(abs % 100).padStart(2, '0')
  // `rounded < 0` (not `cents < 0`) so -0.4 cents shows "0,00 €", never "-0,00 €".
  const sign = rounded < 0 ? '-' : ''
  return `${sign}${groupThousands(String(euros))},${rest}${CURRENCY_SPACE}€`
}

export type DateVariant = 'short' | 'long'

// en uses British day-first order: the agencies and most travellers are
// European, and "21/11/2026" must not flip meaning between languages.
const intlLocale: Record<Locale, string> = { es: 'es-ES', en: 'en-GB' }

const dateOptions: Record<DateVariant, Intl.DateTimeFormatOptions> = {
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  long: { day: 'numeric', month: 'short', year: 'numeric' },
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * es: short "21/11/2026", long "21 nov 2026"; en: short "21/11/2026", long "21 Nov 2026".
 *
 * A date-only value ("2026-11-21") is a calendar day and is shown as is in any
 * time zone; a date-time is shown in the browser's time zone. Unparseable
 * input is returned untouched rather than "Invalid Date".
 */
export function formatDate(isoDate: string, locale: Locale, variant: DateVariant = 'short'): string {
  const dateOnly = DATE_ONLY.exec(isoDate)
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : new Date(isoDate)
  if (Number.isNaN(date.getTime())) return isoDate
  // Some ICU versions write "21 nov. 2026" or "21 sept 2026"; strip the dot so
  // the short month reads the same everywhere.
  return dateFormatter(locale, variant, Boolean(dateOnly)).format(date).replace(/\.(?=\s)/g, '')
}

// Building an Intl.DateTimeFormat costs far more than using one, and pages with payment schedules
// format dozens of dates per render (it was the portal's costliest function on a travel group page).
const dateFormatters = new Map<string, Intl.DateTimeFormat>()
const dateFormatter = (locale: Locale, variant: DateVariant, utc: boolean): Intl.DateTimeFormat => {
  const key = `${locale}|${variant}|${utc}`
  let formatter = dateFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale[locale], { ...dateOptions[variant], ...(utc ? { timeZone: 'UTC' } : {}) })
    dateFormatters.set(key, formatter)
  }
  return formatter
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

export type PersonName = {
  name?: string | null
  surname1?: string | null
  surname2?: string | null
}

/** "Ana García López"; empty or missing parts are skipped. */
export function fullName({ name, surname1, surname2 }: PersonName): string {
  return [name, surname1, surname2]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
}
