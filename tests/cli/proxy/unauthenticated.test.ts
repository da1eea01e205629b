import { beforeAll, describe, expect, it } from 'vitest'

import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { unauthenticated, unauthenticatedFinding } from '../../../cli/src/proxy/unauthenticated.ts'
import { getOperation, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import type { RecordedRequest } from '../../../contract/engine/curl.ts'

// unauthenticated: a backend that serves (2xx) a request without the session its operation needs, seen on real traffic.

let contract: ContractIndex

beforeAll(async () => {
  contract = await loadContract(defaultContractPath)
})

const request = (headers: Record<string, string>): RecordedRequest => ({
  method: 'GET',
  url: 'http://127.0.0.1:9000/api/customer/booking/bkg-sol-1002/rooms',
  headers: { agencyId: 'ag-sol', ...headers },
})

describe('the unauthenticated check', () => {
  it('is described as Schemathesis’ ignored_auth, run on every answer', () => {
    expect(unauthenticated).toMatchObject({ name: 'unauthenticated', runs: 'every answer', schemathesis: 'ignored_auth' })
  })

  it('finds a 200 to a request without a token, or with an Authorization that is no bearer token', () => {
    const rooms = getOperation(contract, 'getBookingRooms')
    expect(unauthenticatedFinding(rooms, request({}), 200)).toMatchObject({
      kind: 'unauthenticated',
      operationId: 'getBookingRooms',
      status: 200,
      expected: '401 for a request without the session the operation needs',
      actual: '200: the backend answered without a session',
      curl: expect.stringContaining('/booking/bkg-sol-1002/rooms'),
    })
    expect(unauthenticatedFinding(rooms, request({ authorization: 'Bearer ' }), 204)?.kind).toBe('unauthenticated')
    expect(unauthenticatedFinding(rooms, request({ Authorization: 'Basic YTpi' }), 200)?.kind).toBe('unauthenticated')
  })

  it('passes a refusal, a request with a session, and an operation that needs none', () => {
    const rooms = getOperation(contract, 'getBookingRooms')
    expect(unauthenticatedFinding(rooms, request({}), 401)).toBeUndefined()
    expect(unauthenticatedFinding(rooms, request({ Authorization: 'Bearer t0k3n' }), 200)).toBeUndefined()
    expect(unauthenticatedFinding(getOperation(contract, 'listTravelGroups'), request({}), 200)).toBeUndefined()
  })
})
