import { describe, expect, it } from 'vitest'

import { collationOf, compareValues, firstOutOfOrder, inListOrder, type ListOrder } from '../../core/list-order.ts'

// The order a list promises (x-order): one rule for the mock's sorting and the conformance check.

const byName: ListOrder = { by: 'name', collation: 'es' }
const newestFirst: ListOrder = { by: 'created_at', direction: 'descending' }

describe('list order', () => {
  it('sorts text in the language’s alphabet, accents and case aside: Ñ after N in Spanish', () => {
    const names = ['Ñandú', 'Ávila', 'zamora', 'Nájera', 'avilés'].map((name) => ({ name }))
    expect(names.sort(inListOrder(byName, 'es')).map((item) => item.name)).toEqual(['Ávila', 'avilés', 'Nájera', 'Ñandú', 'zamora'])
    expect(compareValues('Ñandú', 'Nájera', 'es')).toBeGreaterThan(0)
  })

  it('compares dates and times as instants, whatever their offset; numbers as numbers', () => {
    expect(compareValues('2026-12-07T10:00:00+02:00', '2026-12-07T09:30:00Z', 'es')).toBeLessThan(0)
    expect(compareValues(10, 9, 'es')).toBeGreaterThan(0)
  })

  it('finds the first item out of order, ties in any order', () => {
    const list = [{ created_at: '2026-12-07T10:00:00Z' }, { created_at: '2026-12-07T10:00:00Z' }, { created_at: '2026-12-06T10:00:00Z' }]
    expect(firstOutOfOrder(list, newestFirst, 'es')).toBeUndefined()
    expect(firstOutOfOrder([...list].reverse(), newestFirst, 'es')).toBe(1)
    expect(firstOutOfOrder([{ name: 'Zaragoza' }, { name: 'Álava' }], byName, 'es')).toBe(1)
  })

  it('reads the collation from the request where the list says so, else its default', () => {
    const countries: ListOrder = { by: 'name', collation: { query: 'lang', default: 'es' } }
    expect(collationOf(countries, new URLSearchParams('lang=en'))).toBe('en')
    expect(collationOf(countries)).toBe('es')
    expect(collationOf(byName, new URLSearchParams('lang=en'))).toBe('es')
  })
})
