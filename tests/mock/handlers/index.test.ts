import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { createApi } from '../../../mock/src/handlers/index.ts'
import { createMockHandlers } from '../../../mock/src/setups/mock-handlers.ts'
import { createRuntime } from '../../../mock/src/runtime/runtime.ts'

// How a request finds its operation (mock/src/handlers/index.ts): one MSW handler in front of a router
// holding every operation, the same in the HTTP server, Vitest and the browser. These are the rules a
// client relies on: params percent-decoded, one trailing slash allowed, only the API's own paths.

const NOW = new Date('2026-11-21T10:00:00Z')
const rt = createRuntime({ fresh: true, now: () => NOW })
const handlers = createMockHandlers(rt)

const answer = async (path: string, method = 'GET') => {
  const res = await getResponse(handlers, new Request(`http://localhost:3333${path}`, { method, headers: { agencyId: 'ag-sol' } }), { quiet: true })
  if (res === undefined) return 'no route'
  const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { id?: string; code?: string }) : {}
  return `${res.status} ${body.id ?? body.code ?? ''}`.trim()
}

describe('finding the operation of a request', () => {
  it('answers an operation with or without one trailing slash, never with an empty segment', async () => {
    expect(await answer('/api/customer/travelgroup/tg-sol-lon')).toBe('200 tg-sol-lon')
    expect(await answer('/api/customer/travelgroup/tg-sol-lon/')).toBe('200 tg-sol-lon')
    expect(await answer('/api/customer/travelgroup/tg-sol-lon//')).toBe('no route')
    expect(await answer('/api/customer/travelgroup//')).toBe('no route')
    expect(await answer('/api/customer/agency/faq')).toMatch(/^200/)
    expect(await answer('/api/customer/country?search=es')).toMatch(/^200/)
  })

  it('hands the operation its params percent-decoded, and a malformed escape as it is', async () => {
    expect(await answer('/api/customer/travelgroup/%74g-sol-lon')).toBe('200 tg-sol-lon')
    // decoded once only: '%25' is the id '%', which does not exist (a double decode threw: a 503)
    expect(await answer('/api/customer/travelgroup/%25')).toBe('404 not_found')
    expect(await answer('/api/customer/travelgroup/tg%2Fsol')).toBe('404 not_found')
    expect(await answer('/api/customer/travelgroup/%E0%A4%A')).toBe('404 not_found')
    // an encoded literal segment is not the operation's
    expect(await answer('/api/customer/%74ravelgroup/tg-sol-lon')).toBe('no route')
  })

  it('answers only the API’s own paths and methods', async () => {
    for (const path of [
      '/foo/api/customer/agency',
      '/api/customer/x/api/customer/agency',
      '/api/customer/api/customer/agency',
      '/api/customer/',
      '/api/customer',
      '/api/customer/TRAVELGROUP/tg-sol-lon',
    ]) {
      expect(await answer(path), path).toBe('no route')
    }
    // a path the contract has, with a method it does not have there: HTTP's answers (tests/mock/setups/server.http-methods.test.ts)
    expect(await answer('/api/customer/travelgroup/tg-sol-lon', 'DELETE')).toBe('405 bad_request')
    expect(await answer('/api/customer/travelgroup/tg-sol-lon', 'HEAD')).toBe('200 tg-sol-lon')
    expect(await answer('/api/customer/nowhere', 'DELETE')).toBe('no route')
    // the control API is its own handlers' (never the API's)
    expect(await answer('/__mock/health')).toMatch(/^200/)
  })

  it('keys the router by our paths, not by what a request names: __proto__ is an id like any other', async () => {
    expect(await answer('/api/customer/travelgroup/__proto__')).toBe('404 not_found')
    expect(await answer('/api/customer/booking/constructor')).toBe('401 unauthorized')
    expect(await answer('/api/customer/__proto__/x')).toBe('no route')
  })
})

describe('the HTTP server’s way in', () => {
  it('answers as the MSW handler does, and leaves alone what is not the API’s', async () => {
    const api = createApi(createRuntime({ fresh: true, now: () => NOW }))
    const paths = [
      '/api/customer/travelgroup/tg-sol-lon',
      '/api/customer/travelgroup/tg-sol-lon/',
      '/api/customer/travelgroup/%25',
      '/api/customer/agency',
      '/api/customer/booking/bkg-sol-1001',
    ]
    const make = (path: string, method = 'GET') => new Request(`http://localhost:3333${path}`, { method, headers: { agencyId: 'ag-sol' } })
    const summary = async (res: Response | undefined) =>
      res === undefined ? 'no route' : `${res.status} ${res.headers.get('content-type')} ${await res.text()}`
    for (const path of paths) {
      expect(await summary(await api.answer(make(path))), path).toBe(await summary(await getResponse([api.handler], make(path), { quiet: true })))
    }
    expect(await summary(await api.answer(make('/api/customer/travelgroup/tg-sol-lon', 'DELETE')))).toBe(
      await summary(await getResponse([api.handler], make('/api/customer/travelgroup/tg-sol-lon', 'DELETE'), { quiet: true })),
    )
    for (const [path, method] of [
      ['/__mock/health', 'GET'],
      ['/api/customer/nowhere', 'DELETE'],
      ['/foo/api/customer/agency', 'GET'],
    ] as const) {
      expect(api.answer(make(path, method)), `${method} ${path}`).toBeUndefined()
    }
  })
})
