import { describe, expect, it } from 'vitest'
import { looseId } from '../../../../cli/src/checks/every-answer/loose-id.ts'
import { parameterKey } from '../../../../cli/src/checks/kit/link-pool.ts'
import { likePattern } from '../../fixtures/behaviour-faults.ts'
import { checkWorld, type FaultRequest } from '../check-harness.ts'

// loose-id: an id cut short or with a wildcard is never answered with a real resource; an answer names the id asked for.

const only =
  (...ids: string[]) =>
  (operation: { operationId: string }) =>
    ids.includes(operation.operationId)

/** A backend that finds rows with `WHERE id LIKE :id || '%'` on one operation: the first id it has answered that the pattern takes. */
function likeBackend(operationId: string) {
  const seen = new Map<string, Response>()
  return async (request: FaultRequest, mocked: Response) => {
    if (request.operationId !== operationId) return undefined
    const asked = decodeURIComponent(request.apiPath.split('/')[2] as string)
    if (mocked.ok) seen.set(asked, mocked.clone())
    if (mocked.status !== 404) return undefined
    const pattern = likePattern(asked)
    const found = [...seen.keys()].find((id) => id !== asked && pattern.test(id))
    return found === undefined ? undefined : (seen.get(found) as Response).clone()
  }
}

describe('the loose-id check', () => {
  it('sends each read with an id four loose ids, and passes on the mock', async () => {
    const world = await checkWorld()
    const steps = looseId.probes({ ...world.options, selected: only('getBooking', 'getBookingPayments', 'listBookings', 'updateBuyer') })
    // reads with an id in their path only
    expect(steps.map((step) => step.id)).toEqual(['loose-id:getBooking', 'loose-id:getBookingPayments'])
    const results = await world.run(steps)
    expect(results.map((result) => [result.id, result.status, result.violations])).toEqual([
      ['loose-id:getBooking', 'passed', []],
      ['loose-id:getBookingPayments', 'passed', []],
    ])
    expect(results[0]!.calls.map((call) => [decodeURIComponent(call.url.split('/booking/')[1] as string), call.status])).toEqual([
      ['bkg-sol-100', 404],
      ['bkg-sol-10%', 404],
      ['bkg-sol-100_', 404],
      ['bkg-sol-100*', 404],
    ])
  })

  it("fails on a backend that finds a booking with LIKE 'id%': each answer names another booking than asked", async () => {
    const world = await checkWorld({ fault: likeBackend('getBooking') })
    const [result] = await world.run(looseId.probes({ ...world.options, selected: only('getBooking') }))
    expect(result!.status).toBe('failed')
    expect(result!.violations.map((violation) => [violation.kind, violation.actual])).toEqual([
      ['loose-id', 'asked for "bkg-sol-100", it names "bkg-sol-1002": another resource'],
      ['loose-id', 'asked for "bkg-sol-10%", it names "bkg-sol-1002": another resource'],
      ['loose-id', 'asked for "bkg-sol-100_", it names "bkg-sol-1002": another resource'],
    ])
  })

  it('fails on one that does so for payments, which carry no id: the answer is a real booking’s, and the curl is the loose id’s', async () => {
    const world = await checkWorld({ fault: likeBackend('getBookingPayments') })
    const [result] = await world.run(looseId.probes({ ...world.options, selected: only('getBookingPayments') }))
    expect(result!.status).toBe('failed')
    const [violation] = result!.violations
    expect(violation).toMatchObject({
      kind: 'loose-id',
      expected: 'an id no resource has refused with a 4xx, never answered with a real resource',
      actual:
        'id bkg-sol-100 (the id cut short) answered as bkg-sol-1002; id bkg-sol-10% (the id with % for its last two characters) answered as bkg-sol-1002; id bkg-sol-100_ (the id with _ for its last character) answered as bkg-sol-1002',
    })
    expect(violation!.curl).toContain("/booking/bkg-sol-100/payments'")
  })

  it('reads every booking the run found that a loose id could take: a backend answering the last of six sharing a prefix is caught', async () => {
    // a LIKE ordered newest first, say: whichever booking the data puts last, not the one asked for nor the run's first
    const pool: string[] = []
    const world = await checkWorld({
      fault: async (request, mocked) => {
        if (request.operationId !== 'getBookingPayments' || mocked.status !== 404) return undefined
        const asked = decodeURIComponent(request.apiPath.split('/')[2] as string)
        const last = pool.filter((id) => likePattern(asked).test(id)).at(-1)
        return last === undefined
          ? undefined
          : world.read('getBookingPayments', { path: [last] }).then((read) => new Response(new Uint8Array(read.bytes), { headers: read.headers }))
      },
    })
    // the run finds the customer's other bookings as it reads them (the smoke reads each one)
    for (const id of ['bkg-sol-1001', 'bkg-sol-1003', 'bkg-sol-1004', 'bkg-sol-1005', 'bkg-sol-1006']) await world.read('getBooking', { path: [id] })
    pool.push(...world.options.pool.valuesFor('getBookingPayments', parameterKey('path', 'id')))
    const sharing = pool.filter((id) => id.startsWith('bkg-sol-100'))
    // the world's bookings the run found sharing the asked one's prefix: more than the four the check used to read
    expect(sharing.length).toBeGreaterThanOrEqual(6)
    const [result] = await world.run(looseId.probes({ ...world.options, selected: only('getBookingPayments') }))
    expect(result!.status).toBe('failed')
    expect(result!.violations[0]!.actual).toContain(`answered as ${sharing.at(-1)}`)
  })

  it('passes on one that ignores case and spaces and answers the same booking', async () => {
    const world = await checkWorld({
      fault: async (request, mocked) => {
        if (request.operationId !== 'getBooking' || mocked.status !== 404) return undefined
        const asked = decodeURIComponent(request.apiPath.split('/')[2] as string)
        return asked.trim().toLowerCase() === 'bkg-sol-1002'
          ? world.read('getBooking', { path: ['bkg-sol-1002'] }).then((read) => new Response(new Uint8Array(read.bytes), { headers: read.headers }))
          : undefined
      },
    })
    const read = await world.read('getBooking', { path: ['BKG-SOL-1002 '] })
    expect(read.status).toBe(200)
    expect(read.violations).toEqual([])
    const [result] = await world.run(looseId.probes({ ...world.options, selected: only('getBooking') }))
    expect(result).toMatchObject({ status: 'passed', violations: [] })
  })
})
