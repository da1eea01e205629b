import { describe, expect, it } from 'vitest'
import { cache } from '../../../../cli/src/checks/every-answer/cache.ts'
import { checkWorld, realContract, type Fault } from '../check-harness.ts'

// cache: no answer for one customer may be kept by a shared cache; an agency's that may be kept varies on agencyId.

/** The mock's answer to one operation, with the caching headers a misconfigured backend or CDN sets. */
const cachedAs =
  (operationId: string, headers: Record<string, string>): Fault =>
  (request, mocked) => {
    if (request.operationId !== operationId) return undefined
    const changed = new Response(mocked.clone().body, { status: mocked.status, headers: mocked.headers })
    for (const [name, value] of Object.entries(headers)) changed.headers.set(name, value)
    return changed
  }

describe('the cache check', () => {
  it('scans every answer with the engine’s scan', async () => {
    expect(cache.scan(await realContract()).kind).toBe('cache')
  })

  it('passes every answer of the mock: personal, tenant and public alike', async () => {
    const world = await checkWorld()
    for (const operationId of ['getProfile', 'listBookings', 'getAgency', 'listTravelGroups', 'listCountries']) {
      expect((await world.read(operationId)).violations, operationId).toEqual([])
    }
  })

  it("finds a customer's bookings that any cache may keep", async () => {
    const world = await checkWorld({ fault: cachedAs('listBookings', { 'cache-control': 'public, max-age=300' }) })
    expect((await world.read('listBookings')).violations.map((violation) => [violation.kind, violation.actual])).toEqual([
      ['cache', 'Cache-Control: public, max-age=300: a CDN may hand it to the next customer'],
    ])
  })

  it("finds an agency's branding a CDN may serve on another agency's portal", async () => {
    const world = await checkWorld({ fault: cachedAs('getAgency', { 'cache-control': 'public, max-age=600', vary: 'Origin' }) })
    expect((await world.read('getAgency')).violations.map((violation) => [violation.kind, violation.expected])).toEqual([
      ['cache', "Vary: agencyId on an agency's answer a shared cache may keep (x-cache: tenant)"],
    ])
  })
})
