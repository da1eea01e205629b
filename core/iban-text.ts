// An IBAN as text, for showing one back: no validation here (core/iban.ts has it, with ibantools' country
// tables), so a page that only shows a masked account does not load them.

/** Spaces and dashes out, upper case. */
export const normalizeIban = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase()

/** "ES91 **** 1332": enough to recognise the account without showing it whole. */
export const maskIban = (raw: string): string => {
  const iban = normalizeIban(raw)
  return iban.length > 8 ? `${iban.slice(0, 4)} **** ${iban.slice(-4)}` : iban
}
