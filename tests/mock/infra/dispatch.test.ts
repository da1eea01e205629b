import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { createDispatcher, sourceOf } from '../../../mock/src/dispatch.ts'
import { createMockHandlers } from '../../../mock/src/mock-handlers.ts'
import { createRuntime } from '../../../mock/src/runtime.ts'

// The HTTP server's direct route to route() handlers must answer exactly as MSW's walk over every
// handler does: same handler, same params (decoded), same trailing-slash rule, same 404s.

const NOW = new Date('2026-11-21T10:00:00Z')

const paths = [
  '/api/customer/travelgroup/tg-sol-lon',
  '/api/customer/travelgroup/tg-sol-lon/',
  '/api/customer/travelgroup/tg-sol-lon//',
  '/api/customer/travelgroup//',
  '/api/customer/travelgroup',
  '/api/customer/travelgroup/',
  '/api/customer/travelgroup/tg-sol-lon/pack-seats',
  '/api/customer/travelgroup/tg-sol-lon/pack-seats/',
  '/api/customer/travelgroup/tg-sol-lon/group/x?code=1',
  '/api/customer/travelgroup/%74g-sol-lon',
  '/api/customer/%74ravelgroup/tg-sol-lon',
  '/api/customer/travelgroup/tg%2Fsol',
  '/api/customer/travelgroup/%E0%A4%A',
  '/api/customer/travelgroup/%25',
  '/api/customer/travelgroup/ñ',
  '/api/customer/travelgroup/a.b~c-d_e',
  '/api/customer/TRAVELGROUP/tg-sol-lon',
  '/api/customer/booking/bkg-sol-1001',
  '/api/customer/booking/bkg-sol-1001/invoice/inv-1/render',
  '/api/customer/agency',
  '/api/customer/agency/',
  '/api/customer/agency/faq',
  '/api/customer/auth/config',
  '/api/customer/country?search=es',
  '/api/customer/x/api/customer/agency',
  '/api/customer/api/customer/agency',
  '/api/customer/booking/api/customer/travelgroup/tg-sol-lon',
  '/foo/api/customer/agency',
  '/api/customer/',
  '/api/customer',
  '/__mock/health',
  '/__mock/scenarios',
  '/nope',
]

describe('direct routing', () => {
  it('answers every path as MSW does', async () => {
    const rt = createRuntime({ fresh: true, now: () => NOW })
    const handlers = createMockHandlers(rt)
    const dispatcher = createDispatcher(handlers)
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'DELETE']) {
        const make = () => new Request(`http://localhost:3333${path}`, { method, headers: { agencyId: 'ag-sol' } })
        const direct = await dispatcher.respond(sourceOf(make()))
        const walked = await getResponse(handlers, make(), { quiet: true })
        const summary = async (res: Response | undefined) => (res === undefined ? 'none' : `${res.status} ${await res.text()}`)
        expect(await summary(direct), `${method} ${path}`).toBe(await summary(walked))
      }
    }
    // Only paths that start with the API's are the API's (MSW's `*` would take any prefix).
    for (const path of ['/foo/api/customer/agency', '/api/customer/x/api/customer/agency', '/api/customer/api/customer/agency']) {
      expect(await dispatcher.respond(sourceOf(new Request(`http://localhost:3333${path}`, { headers: { agencyId: 'ag-sol' } }))), path).toBeUndefined()
    }
    // Most of these took the direct route.
    expect(dispatcher.direct).toBeGreaterThanOrEqual(15)
  })
})
