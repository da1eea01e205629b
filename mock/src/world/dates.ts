// Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so results never depend on the machine's zone.

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

export const addDays = (date: Date | string, days: number): string => {
  const base = typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  base.setUTCDate(base.getUTCDate() + days);
  return isoDate(base);
};

export const addYears = (date: Date | string, years: number): string => {
  const d = typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return isoDate(d);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Date | string, to: Date | string): number => {
  const a = Date.parse(`${typeof from === 'string' ? from : isoDate(from)}T00:00:00Z`);
  const b = Date.parse(`${typeof to === 'string' ? to : isoDate(to)}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
};

/** Age in whole years on a given day. */
export const ageOn = (birthdate: string, on: Date | string): number => {
  const day = typeof on === 'string' ? on : isoDate(on);
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
};
