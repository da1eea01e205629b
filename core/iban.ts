// IBANs for refunds and cancellations: one rule for the portal (checked as the traveller types), the
// mock and the CLI. Validation is ibantools' (ISO 13616: each country's length and BBAN format, and
// the mod-97 checksum); people paste the printed form, so spaces and dashes are taken out first
// (core/iban-text.ts, which also masks one for showing back).
import { friendlyFormatIBAN, isValidIBAN } from 'ibantools'
import { normalizeIban } from './iban-text.ts'

/** True when `raw` is an IBAN a bank would accept (format and checksum). */
export const isValidIban = (raw: string): boolean => isValidIBAN(normalizeIban(raw))

/** Print format: groups of four ("ES91 2100 0418 4502 0005 1332"). */
export const formatIban = (raw: string): string => friendlyFormatIBAN(normalizeIban(raw)) ?? normalizeIban(raw)
