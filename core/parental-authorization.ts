// The parental authorization of a minor (SPEC §9): it can be signed until 60 days before departure.
// The portal opens and closes its form by it; the mock refuses a late signature by it.
import { daysBetween } from './calendar.ts'

/** Minimum days before departure to sign the parental authorization. */
export const AUTHORIZATION_MIN_DAYS = 60

/** The parental authorization can still be signed on `today`: at least 60 days before departure. */
export const authorizationOpen = (departure: string, today: string): boolean => daysBetween(today, departure) >= AUTHORIZATION_MIN_DAYS
