import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { cacheScan, parseCacheControl, sharedCacheMayStore, variesOn } from '../../../contract/engine/cache-rules.ts'
import { getOperation, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import type { ScannedAnswer } from '../../../contract/engine/response-checker.ts'

// What a cache may keep of an answer (RFC 9111) against whom the contract's x-cache says it is for.

let contract: ContractIndex

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})

const scanned = (operationId: string, answerHeaders: Record<string, string>, requestHeaders: Record<string, string> = {}): ScannedAnswer => ({
  operation: getOperation(contract, operationId),
  request: { method: 'GET', url: 'http://api.test/api/customer/x', headers: requestHeaders },
  status: 200,
  headers: new Headers(answerHeaders),
  body: new Uint8Array(),
  json: {},
  media: undefined,
})
const scan = (...args: Parameters<typeof scanned>) => cacheScan(contract).scan(scanned(...args))
const signedIn = { Authorization: 'Bearer t0k3n', agencyId: 'ag-sol' }

describe('Cache-Control', () => {
  it('reads directives case-blind, with their values unquoted', () => {
    expect(Object.fromEntries(parseCacheControl('Private, MAX-AGE=60, no-cache="Set-Cookie"'))).toEqual({
      private: true,
      'max-age': '60',
      'no-cache': 'Set-Cookie',
    })
    expect(parseCacheControl(null).size).toBe(0)
    expect(parseCacheControl(' , ').size).toBe(0)
  })

  it('a shared cache stores an answer to a request with a session only when public, s-maxage or must-revalidate say so (§3.5)', () => {
    const may = (header: string, withSession: boolean, headers: Record<string, string> = {}) =>
      sharedCacheMayStore(parseCacheControl(header), new Headers(headers), withSession)
    expect(may('max-age=300', true)).toBe(false)
    expect(may('public, max-age=300', true)).toBe(true)
    expect(may('s-maxage=60', true)).toBe(true)
    expect(may('must-revalidate, max-age=60', true)).toBe(true)
    expect(may('public, private', true)).toBe(false)
    expect(may('public, no-store', false)).toBe(false)
    // without a session: any explicit lifetime, or none at all but Expires
    expect(may('max-age=300', false)).toBe(true)
    expect(may('no-cache', false)).toBe(true)
    expect(may('', false)).toBe(false)
    expect(may('', false, { expires: 'Thu, 01 Jan 2099 00:00:00 GMT' })).toBe(true)
  })

  it('Vary names a header among others, case-blind, or is *', () => {
    expect(variesOn(new Headers({ vary: 'Origin, AgencyId' }), 'agencyId')).toBe(true)
    expect(variesOn(new Headers({ vary: '*' }), 'agencyId')).toBe(true)
    expect(variesOn(new Headers({ vary: 'Origin, Accept-Agency' }), 'agencyId')).toBe(false)
    expect(variesOn(new Headers(), 'agencyId')).toBe(false)
  })
})

describe('the cache scan', () => {
  it('passes what the mock sends: personal private, no-store; tenant no-cache varying on agencyId; public max-age', () => {
    expect(scan('listBookings', { 'cache-control': 'private, no-store' }, signedIn)).toEqual([])
    expect(scan('listTravelGroups', { 'cache-control': 'no-cache', vary: 'Origin, agencyId' }, { agencyId: 'ag-sol' })).toEqual([])
    expect(scan('listCountries', { 'cache-control': 'public, max-age=3600' })).toEqual([])
  })

  it("finds a customer's bookings a CDN may keep, and says who would get them", () => {
    expect(scan('listBookings', { 'cache-control': 'public, max-age=300' }, signedIn)).toEqual([
      {
        expected: 'an answer for one customer that no shared cache keeps (private or no-store)',
        actual: 'Cache-Control: public, max-age=300: a CDN may hand it to the next customer',
      },
    ])
  })

  it('finds a personal answer without private or no-store even where no shared cache would keep it', () => {
    expect(scan('getProfile', {}, signedIn)).toEqual([{ expected: 'Cache-Control: private or no-store (x-cache: personal)', actual: 'no Cache-Control' }])
    expect(scan('getProfile', { 'cache-control': 'max-age=60' }, signedIn)).toEqual([
      { expected: 'Cache-Control: private or no-store (x-cache: personal)', actual: 'Cache-Control: max-age=60' },
    ])
  })

  it("finds an agency's answer a CDN may keep for every agency (no Vary on the tenant header)", () => {
    expect(scan('getAgency', { 'cache-control': 'public, max-age=600', vary: 'Origin' }, { agencyId: 'ag-sol' })).toEqual([
      {
        expected: "Vary: agencyId on an agency's answer a shared cache may keep (x-cache: tenant)",
        actual: "Cache-Control: public, max-age=600, Vary: Origin: a CDN may serve it on another agency's portal",
      },
    ])
    // not kept by a shared cache: no Vary needed
    expect(scan('getAgency', { 'cache-control': 'private, max-age=600' }, { agencyId: 'ag-sol' })).toEqual([])
  })

  it('an answer of no operation is not judged', () => {
    expect(cacheScan(contract).scan({ ...scanned('getProfile', {}), operation: undefined })).toEqual([])
  })
})
