import { beforeAll, describe, expect, it } from 'vitest'

import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { looseIdProblem, looseIds, looseIdScan, namedIds } from '../../../contract/engine/loose-id-rules.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'

// Ids matched loosely (OWASP API1): an answer about the resource its path names names the one asked for.

let contract: ContractIndex
beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})
const operation = (operationId: string) => contract.operations.get(operationId)
const answer = (operationId: string, url: string, json: unknown, status = 200) => ({
  operation: operation(operationId),
  request: { method: 'GET', url, headers: {} },
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  body: new Uint8Array(),
  json,
  media: undefined,
})

describe('the ids a run sends for a real one', () => {
  it('cut short, and with %, _ or * for its last characters, percent-encoded where the URL needs it', () => {
    expect(looseIds('bkg-sol-1002')).toEqual([
      { what: 'the id cut short', raw: 'bkg-sol-100' },
      { what: 'the id with % for its last two characters', raw: 'bkg-sol-10%25' },
      { what: 'the id with _ for its last character', raw: 'bkg-sol-100_' },
      { what: 'the id with * for its last character', raw: 'bkg-sol-100*' },
    ])
    expect(looseIds('a b/c')[0]).toEqual({ what: 'the id cut short', raw: 'a%20b%2F' })
    // too short to cut into anything but a near-empty id
    expect(looseIds('42')).toEqual([])
  })
})

describe('the rule on every answer', () => {
  it('an answer naming another resource than its path asked for is a finding', () => {
    expect(looseIdProblem(answer('getBooking', 'http://api.example/api/customer/booking/bkg-sol-10%25', { id: 'bkg-sol-1002' }))).toEqual({
      expected: 'the answer names the resource its path asked for (case and spaces aside)',
      actual: 'asked for "bkg-sol-10%", it names "bkg-sol-1002": another resource',
    })
    // a numeric id is compared as text
    expect(looseIdProblem(answer('getTravelGroup', 'http://api.example/travelgroup/100', { id: 1002 }))).toBeDefined()
  })

  it('the same resource, whatever the case or the spaces around it, is not; nor is an answer that names none', () => {
    expect(looseIdProblem(answer('getBooking', 'http://api.example/api/customer/booking/BKG-SOL-1002%20', { id: 'bkg-sol-1002' }))).toBeUndefined()
    expect(looseIdProblem(answer('getBooking', 'http://api.example/booking/bkg-sol-1002/', { id: 'bkg-sol-1002' }))).toBeUndefined()
    // a list, an error, a sub-resource whose path does not end in the id
    expect(namedIds(answer('getBookingRooms', 'http://api.example/booking/bkg-sol-1002/rooms', { id: 'room-1' }))).toBeUndefined()
    expect(namedIds(answer('getBooking', 'http://api.example/booking/x', { id: 'bkg-sol-1002' }, 404))).toBeUndefined()
    expect(namedIds(answer('getBooking', 'http://api.example/booking/x', [{ id: 'bkg-sol-1002' }]))).toBeUndefined()
    expect(namedIds(answer('getBooking', 'http://api.example/booking/x', { locator: 'L-1' }))).toBeUndefined()
    // a recorded request whose URL is not the operation's path says nothing about what was asked
    expect(namedIds(answer('getBooking', 'http://localhost:3333/', { id: 'bkg-sol-1002' }))).toBeUndefined()
    expect(namedIds(answer('getBooking', 'http://api.example/travelgroup/bkg-sol-1002', { id: 'bkg-sol-1' }))).toBeUndefined()
  })

  it('is the scan the response checker runs, of kind loose-id', () => {
    const scan = looseIdScan()
    expect(scan.kind).toBe('loose-id')
    expect(scan.scan(answer('getBooking', 'http://api.example/booking/bkg-sol-100', { id: 'bkg-sol-1002' }))).toHaveLength(1)
    expect(scan.scan(answer('getBooking', 'http://api.example/booking/bkg-sol-1002', { id: 'bkg-sol-1002' }))).toEqual([])
  })
})
