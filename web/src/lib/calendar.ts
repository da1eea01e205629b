// Calendar days as ISO strings (YYYY-MM-DD): arithmetic on whole days, never shifted by time zones.
// "Today" is the traveller's local calendar day.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/

const parts = (day: string): [number, number, number] | null => {
  const m = DATE_ONLY.exec(day)
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null
}

/** The local calendar day of `date` as YYYY-MM-DD. */
export const localDay = (date: Date = new Date()): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** `day` plus `days` (may be negative), as YYYY-MM-DD; null when `day` is not a date. */
export const addDays = (day: string, days: number): string | null => {
  const p = parts(day)
  if (!p) return null
  return new Date(Date.UTC(p[0], p[1] - 1, p[2] + days)).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN when either is not a date. */
export const daysBetween = (from: string, to: string): number => {
  const a = parts(from)
  const b = parts(to)
  if (!a || !b) return Number.NaN
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000)
}

/**
 * Age in whole years on `day`: the birthday counts from its own day (someone born on 2008-05-10
 * is 18 on 2026-05-10). A birthday on 29 February is reached on 1 March in common years.
 */
export const ageOn = (birthdate: string, day: string): number => {
  const b = parts(birthdate)
  const d = parts(day)
  if (!b || !d) return Number.NaN
  let age = d[0] - b[0]
  if (d[1] < b[1] || (d[1] === b[1] && d[2] < b[2])) age -= 1
  return age
}

/** Adult age (SPEC §9). */
export const ADULT_AGE = 18
