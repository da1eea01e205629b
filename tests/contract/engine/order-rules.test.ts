import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { orderProblem, orderScan } from '../../../contract/engine/order-rules.ts'

// Declared order: a list whose operation declares x-order keeps it in every answer.

let contract: ContractIndex
beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})

const answer = (operationId: string, url: string, json: unknown, status = 200) => ({
  operation: contract.operations.get(operationId),
  request: { method: 'GET', url, headers: {} },
  status,
  json,
})

describe('the order rule', () => {
  it('reads the contract’s x-order: bookings and notices newest first, countries, states and cities by name', () => {
    expect(contract.operations.get('listBookings')?.order).toEqual({ by: 'created_at', direction: 'descending' })
    expect(contract.operations.get('listCountries')?.order).toEqual({ by: 'name', direction: 'ascending', collation: { query: 'lang', default: 'es' } })
    expect(contract.operations.get('getBooking')?.order).toBeUndefined()
  })

  it('a list out of its order is a finding naming the items; one in order, or a list without x-order, is not', () => {
    const oldestFirst = [
      { id: 'bkg-1', created_at: '2026-11-01T10:00:00Z' },
      { id: 'bkg-2', created_at: '2026-12-01T10:00:00Z' },
    ]
    expect(orderProblem(answer('listBookings', 'http://api.example/booking', oldestFirst))).toEqual({
      expected: 'the list in its declared order (x-order: created_at, descending)',
      actual: 'item 1 (created_at "2026-12-01T10:00:00Z") after item 0 ("2026-11-01T10:00:00Z")',
    })
    expect(orderProblem(answer('listBookings', 'http://api.example/booking', [...oldestFirst].reverse()))).toBeUndefined()
    expect(orderProblem(answer('getBookingRooms', 'http://api.example/booking/bkg-1/rooms', [{ name: 'b' }, { name: 'a' }]))).toBeUndefined()
    expect(orderProblem(answer('listBookings', 'http://api.example/booking', { code: 'x' }, 401))).toBeUndefined()
  })

  it('sorts countries in the language the request asks for', () => {
    // "Ñ" is its own letter in Spanish (after "N"), a variant of "N" in English
    const countries = [{ name: 'Nigeria' }, { name: 'Ñoquilandia' }, { name: 'Noruega' }]
    expect(orderProblem(answer('listCountries', 'http://api.example/country?lang=es', countries))).toBeDefined()
    // the same list is in order in English
    expect(orderProblem(answer('listCountries', 'http://api.example/country?lang=en', countries))).toBeUndefined()
    expect(
      orderProblem(answer('listCountries', 'http://api.example/country?lang=es', [{ name: 'Nigeria' }, { name: 'Noruega' }, { name: 'Ñoquilandia' }])),
    ).toBeUndefined()
    expect(orderScan().kind).toBe('order')
  })
})
