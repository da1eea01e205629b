// The order a list promises (the contract's `x-order` on its operation): the field its items are sorted by, which way,
// and for text the collation (a language's alphabet: "Ñ" after "N" in Spanish, accents and case aside). One rule for
// the mock, which sorts by it, and the conformance engine, which checks every list answer against it.

export type ListOrder = {
  /** the item's field */
  by: string
  /** ascending unless it says descending */
  direction?: 'ascending' | 'descending'
  /** for text: the language whose alphabet sorts it, fixed or read from a query parameter of the request */
  collation?: string | { query: string; default: string }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/

const collators = new Map<string, Intl.Collator>()
const collatorFor = (locale: string) => {
  let collator = collators.get(locale)
  if (collator === undefined) {
    // base letters and their order only: "Ávila" and "avila" sort together, as a reader expects
    collator = new Intl.Collator(locale, { sensitivity: 'base' })
    collators.set(locale, collator)
  }
  return collator
}

/** The language text is sorted in, for a request with these query parameters. */
export function collationOf(order: ListOrder, query: URLSearchParams = new URLSearchParams()): string {
  const collation = order.collation ?? 'en'
  return typeof collation === 'string' ? collation : (query.get(collation.query) ?? collation.default)
}

/**
 * How two values compare in the list's own sense (negative: `a` first when ascending): dates and times as instants
 * (any offset), numbers as numbers, text by the collation.
 */
export function compareValues(a: unknown, b: unknown, locale: string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') {
    if (ISO_DATE.test(a) && ISO_DATE.test(b)) {
      const [x, y] = [Date.parse(a), Date.parse(b)]
      if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y
    }
    return collatorFor(locale).compare(a, b)
  }
  return 0
}

/** A comparator for Array.prototype.sort that puts items in the list's order. */
export function inListOrder<T>(order: ListOrder, locale: string, valueOf: (item: T) => unknown = (item) => (item as Record<string, unknown>)[order.by]) {
  const sign = order.direction === 'descending' ? -1 : 1
  return (a: T, b: T) => sign * compareValues(valueOf(a), valueOf(b), locale)
}

/** The first item that comes before the one ahead of it, by its index; undefined when the list keeps its order (ties in any order). */
export function firstOutOfOrder(items: readonly unknown[], order: ListOrder, locale: string): number | undefined {
  const compare = inListOrder<unknown>(order, locale, (item) =>
    item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[order.by] : undefined,
  )
  for (let index = 1; index < items.length; index += 1) if (compare(items[index - 1], items[index]) > 0) return index
  return undefined
}
