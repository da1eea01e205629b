import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { getOperation, indexContract, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { itemLinksOf, listAgreement, listsShowing, type ItemLink } from '../../../contract/engine/list-agreement.ts'

// Whether a list shows what a write just made or changed, as the item's own read does.

let contract: ContractIndex
let bookings: ItemLink

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
  bookings = listsShowing(contract, getOperation(contract, 'getBooking')).find((link) => link.list.operationId === 'listBookings') as ItemLink
})

describe('which lists show a read', () => {
  it("My bookings shows getBooking's bookings: its items link to it by id", () => {
    expect(bookings).toMatchObject({ itemsPointer: '', field: 'id', parameter: 'id' })
    expect(itemLinksOf(contract, getOperation(contract, 'listBookings')).map((link) => link.read.operationId)).toContain('getBooking')
  })

  it('no list shows the profile', () => {
    expect(listsShowing(contract, getOperation(contract, 'getProfile'))).toEqual([])
  })

  it("a read's x-lists names a list whose items have no link", () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/trip': {
          get: { operationId: 'listTrips', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } } },
        },
        '/trip/{id}': {
          get: {
            operationId: 'getTrip',
            'x-lists': ['listTrips'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }
    const small = indexContract(new Map([['file:///t.json', document]]), 'file:///t.json')
    expect(listsShowing(small, getOperation(small, 'getTrip')).map((link) => [link.list.operationId, link.field, link.parameter])).toEqual([
      ['listTrips', 'id', 'id'],
    ])
  })
})

describe('a list against the read', () => {
  const read = { id: 'bkg-1', status: 'canceled', locator: 'ABC123', members: [{ id: 'm-1' }] }

  it('agrees when the item is there with the same scalar fields (objects and arrays are not compared)', () => {
    expect(listAgreement([{ id: 'bkg-1', status: 'canceled', members: [] }], bookings, 'bkg-1', read)).toEqual({ shown: true, differences: [] })
  })

  it('names each field the list shows otherwise', () => {
    expect(listAgreement([{ id: 'bkg-1', status: 'confirmed', locator: 'ABC123' }], bookings, 'bkg-1', read)).toEqual({
      shown: true,
      differences: [{ field: 'status', listed: 'confirmed', read: 'canceled' }],
    })
  })

  it('a missing item is a finding unless the answer says it is one page of more', () => {
    expect(listAgreement([{ id: 'bkg-2' }], bookings, 'bkg-1', read)).toEqual({ shown: false, paged: false })
    expect(listAgreement({ data: [{ id: 'bkg-2' }], meta: { total: 40 } }, bookings, 'bkg-1', read)).toEqual({ shown: false, paged: true })
    expect(listAgreement({ items: [{ id: 'bkg-2' }], page: 1, pages: 3 }, bookings, 'bkg-1', read)).toEqual({ shown: false, paged: true })
    expect(listAgreement({ items: [{ id: 'bkg-1', status: 'canceled' }], page: 1, pages: 3 }, bookings, 'bkg-1', read)).toEqual({
      shown: true,
      differences: [],
    })
  })
})
