// Money as a traveller reads it, the same in the portal, the mock's documents and its card provider's page.

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
