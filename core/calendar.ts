// Calendar days as YYYY-MM-DD strings: the one set of date rules of the portal, the mock and the CLI.
// Arithmetic is on whole days in UTC, so no result depends on a machine's time zone; "today" for a
// traveller is their local calendar day (localDay), for a server the UTC day (utcDay).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

const partsOf = (day: string): [number, number, number] | null => {
  const m = DAY.exec(day)
  if (m === null) return null
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const check = new Date(Date.UTC(year, month - 1, date))
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? [year, month, date] : null
}

const valid = (day: string): [number, number, number] => {
  const parts = partsOf(day)
  if (parts === null) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${JSON.stringify(day)}`)
  return parts
}

const dayOf = (date: Date): string => date.toISOString().slice(0, 10)

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export const isDay = (value: string): boolean => partsOf(value) !== null

/** The local calendar day of `date` (the traveller's today, in the browser). */
export const localDay = (date: Date = new Date()): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** The UTC calendar day of `date` (a server's today). */
export const utcDay = (date: Date = new Date()): string => dayOf(date)

/** `day` plus `days` (may be negative). Throws on a value that is not a calendar day. */
export const addDays = (day: string, days: number): string => {
  const [year, month, date] = valid(day)
  return dayOf(new Date(Date.UTC(year, month - 1, date + days)))
}

/** `day` plus `years`; 29 February goes to 1 March in a common year (as a birthday does, see ageOn). */
export const addYears = (day: string, years: number): string => {
  const [year, month, date] = valid(day)
  return dayOf(new Date(Date.UTC(year + years, month - 1, date)))
}

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN when either is not a calendar day. */
export const daysBetween = (from: string, to: string): number => {
  const a = partsOf(from)
  const b = partsOf(to)
  if (a === null || b === null) return Number.NaN
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000)
}

/**
 * Age in whole years on `day`: the birthday counts from its own day (someone born on 2008-05-10 is 18
 * on 2026-05-10; born on 29 February, on 1 March of a common year). NaN when either is not a calendar day.
 */
export const ageOn = (birthdate: string, day: string): number => {
  const b = partsOf(birthdate)
  const d = partsOf(day)
  if (b === null || d === null) return Number.NaN
  return d[0] - b[0] - (d[1] < b[1] || (d[1] === b[1] && d[2] < b[2]) ? 1 : 0)
}

/** Adult age (SPEC §9). */
export const ADULT_AGE = 18

/** Under ADULT_AGE on `day`; false when the dates are not calendar days. */
export const isMinorOn = (birthdate: string, day: string): boolean => {
  const age = ageOn(birthdate, day)
  return Number.isFinite(age) && age < ADULT_AGE
}
