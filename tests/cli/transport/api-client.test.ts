import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createMockControlClient, MockControlError } from '../../../cli/src/mock-control/mock-control.ts'
import { createApiClient, TransportError } from '../../../cli/src/transport/api-client.ts'
import { resolveApiBaseUrl } from '../../../cli/src/transport/request-parts.ts'
import type { ApiClient } from '../../../cli/src/transport/api-types.ts'
import { loadContract } from '../../../contract/engine/contract-index.ts'
import { createResponseChecker } from '../../../contract/engine/response-checker.ts'
import { json, RESET, startFakeServer, type FakeServer } from '../../support/fake-server.ts'
import { miniContractPath } from '../helpers/paths.ts'

// A backend that closes a kept-alive connection just as the CLI reuses it resets the request before any
// answer. The CLI sends an idempotent request once more, as browsers do; a non-idempotent one, never.

const thing = { id: 't-1', name: 'Tent', price: 1200, status: 'active', created_at: '2026-11-21T10:00:00Z', note: null }

let server: FakeServer
let api: ApiClient
beforeAll(async () => {
  server = await startFakeServer()
  const contract = await loadContract(miniContractPath)
  api = createApiClient({
    contract,
    checker: createResponseChecker(contract),
    baseUrl: resolveApiBaseUrl(server.url, contract.basePath),
    getSession: () => ({ token: 'token-1', agencyId: 'ag-test' }),
  })
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
  // Each request is reset the first time it arrives, answered the second.
  server.setHandler((request) => {
    const arrivals = server.requests.filter((seen) => seen.method === request.method && seen.path === request.path).length
    if (arrivals === 1) return RESET
    if (request.method === 'DELETE') return { status: 204 }
    return request.path.startsWith('/__mock') ? json(200, { scenarios: [] }) : json(200, thing)
  })
})

const sent = (method: string) => server.requests.filter((request) => request.method === method).length

describe('the smoke client', () => {
  it('sends a GET again when its connection is reset before any answer', async () => {
    const outcome = await api.call('getThing', { path: { id: 't-1' } })
    expect(outcome.status).toBe(200)
    expect(outcome.violations).toEqual([])
    expect(sent('GET')).toBe(2)
  })

  it('sends a DELETE again', async () => {
    expect((await api.call('deleteThing', { path: { id: 't-1' } })).status).toBe(204)
    expect(sent('DELETE')).toBe(2)
  })

  it('never sends a POST twice: the reset is reported as a transport failure', async () => {
    const error = await api.call('createThing', { json: thing }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).record.error).toBeTruthy()
    expect(sent('POST')).toBe(1)
  })
})

describe('the mock control client', () => {
  it('switches scenarios off despite a reset (DELETE, idempotent)', async () => {
    await expect(createMockControlClient(server.url).removeScenarios({ tenant: 'ag-test' })).resolves.toBeUndefined()
    expect(sent('DELETE')).toBe(2)
  })

  it('adds a tenant once: a reset POST fails with a clear message and is not sent again', async () => {
    const error = await createMockControlClient(server.url)
      .addTenant({ id: 'ag-new', name: 'Nueva', hosts: ['nueva.localhost'] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MockControlError)
    expect((error as MockControlError).message).toMatch(/cannot reach the mock/)
    expect(sent('POST')).toBe(1)
  })
})
