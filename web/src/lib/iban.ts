// IBAN check by ISO 13616 (country length and mod-97 checksum), the same rule the API applies:
// the portal checks before calling so a typo is caught at once; the server checks again.

/** IBAN lengths of the SEPA countries and neighbours; other countries only get the generic bounds. */
const LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22,
  GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18,
  NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
}

/** Spaces and dashes out (people paste the printed form), upper case. */
export const normalizeIban = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase()

/** Print format: groups of four ("ES91 2100 0418 4502 0005 1332"). */
export const formatIban = (raw: string): string => normalizeIban(raw).replace(/(.{4})(?=.)/g, '$1 ')

const mod97 = (iban: string): number => {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97
  }
  return remainder
}

/** True when `raw` is a well-formed IBAN whose checksum holds. */
export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const expected = LENGTHS[iban.slice(0, 2)]
  if (expected !== undefined && iban.length !== expected) return false
  return mod97(iban) === 1
}

/** "ES91 **** 1332": enough to recognise the account without showing it whole. */
export const maskIban = (raw: string): string => {
  const iban = normalizeIban(raw)
  return iban.length > 8 ? `${iban.slice(0, 4)} **** ${iban.slice(-4)}` : iban
}
