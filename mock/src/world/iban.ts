// IBAN checks by ISO 13616: the country's length and the mod-97 checksum.
// Used for the refund bank account and the cancellation request.

/** IBAN lengths of the SEPA countries (and a few neighbours); others only get the generic 15..34 bound. */
const LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22,
  GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18,
  NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** People paste IBANs with spaces (print format) or dashes: compare without them, upper-case. */
export const normalizeIban = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

/** Remainder of the IBAN read as a number (letters A=10 … Z=35) after moving the first four characters to the end. */
const mod97 = (iban: string): number => {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    // digit by digit keeps the running value far below 2^53
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
};

export const ibanValid = (raw: string): boolean => {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  return mod97(iban) === 1;
};
