import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { apiBaseUrl } from '@/lib/api/api-base-url'
import { apiFetch } from '@/lib/api/client'
import { json, RESET, startFakeServer, type FakeServer } from '../../../support/fake-server'

// A server closing a kept-alive connection as the portal reuses it resets the request before any
// answer. The portal's one client sends an idempotent call once more; a payment or a booking, never.

let server: FakeServer
beforeAll(async () => {
  server = await startFakeServer()
})
afterAll(() => server.close())
beforeEach(() => {
  // The real fetch, sent to the fake server instead of the default API address.
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(input.replace(apiBaseUrl(), server.url), init))
  server.requests.length = 0
  server.setHandler((request) => (server.requests.filter((seen) => seen.method === request.method).length === 1 ? RESET : json(200, { id: 'bkg-1' })))
})

const sent = (method: string) => server.requests.filter((request) => request.method === method).length

describe('a call whose connection is reset before any answer', () => {
  it('a read is sent once more and the page gets its data', async () => {
    await expect(apiFetch('/booking/bkg-1')).resolves.toEqual({ id: 'bkg-1' })
    expect(sent('GET')).toBe(2)
  })

  it('a PUT (saving a form) is sent once more', async () => {
    await expect(apiFetch('/booking/bkg-1/bank-account', { method: 'PUT', body: JSON.stringify({ iban: 'ES91 2100 0418 4502 0005 1332' }) })).resolves.toEqual({
      id: 'bkg-1',
    })
    expect(sent('PUT')).toBe(2)
    expect(server.requests.at(-1)?.body).toContain('ES91')
  })

  it('a POST (a payment) is never sent twice: the customer sees a network error', async () => {
    const error = await apiFetch('/booking/bkg-1/purchase', { method: 'POST', body: '{}' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'network_error' })
    expect(sent('POST')).toBe(1)
  })
})
