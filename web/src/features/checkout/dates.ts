// Calendar days as YYYY-MM-DD strings, compared as text and never shifted by time zones.

/** The traveller's local calendar day. */
export const localDay = (date: Date = new Date()): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export const isDay = (value: string): boolean => {
  const m = DATE.exec(value)
  if (!m) return false
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3])
}

/** Age in whole years on `day` (the backend's rule: the birthday counts from its own day). NaN if not dates. */
export const ageOn = (birthdate: string, day: string): number => {
  if (!isDay(birthdate) || !isDay(day)) return Number.NaN
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  let age = y - by
  if (m < bm || (m === bm && d < bd)) age -= 1
  return age
}

export const ADULT_AGE = 18

export const isMinorOn = (birthdate: string, day: string): boolean => {
  const age = ageOn(birthdate, day)
  return Number.isFinite(age) && age < ADULT_AGE
}
