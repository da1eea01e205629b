import { describe, expect, it } from 'vitest'
import { oddId, oddIds } from '../../../../cli/src/checks/per-operation/odd-id.ts'
import { answer, checkWorld } from '../check-harness.ts'

// odd-id: an id no resource has ({}, a NUL, ..%2F, SQL, a quote, 4 kB, a query string) is refused with a declared 4xx.

describe('the odd-id check', () => {
  it('has a step for each operation with an id in its path', async () => {
    const world = await checkWorld()
    expect(oddId.steps(world.options, world.operation('getBooking')).map((step) => step.id)).toEqual(['odd-id:getBooking'])
    expect(oddId.steps(world.options, world.operation('listBookings'))).toEqual([])
  })

  it('passes on the mock, sending each odd id as it is (not encoded again) in every id of the path', async () => {
    const world = await checkWorld()
    const [result] = await world.run(oddId.steps(world.options, world.operation('renderInvoice')))
    expect(result).toMatchObject({ status: 'passed' })
    // two ids in the path, each tried with every odd value
    expect(result!.calls).toHaveLength(2 * oddIds.length)
    const urls = result!.calls.map((call) => call.url)
    expect(urls).toContainEqual(expect.stringMatching(/\/booking\/1%20OR%201%3D1\/invoice\/[^/]+\/render$/))
    expect(urls).toContainEqual(expect.stringMatching(/\/invoice\/%00\/render$/))
    expect(result!.calls.every((call) => call.status === 404)).toBe(true)
  })

  it("fails on a backend that answers 1 OR 1=1 with a booking's payments (SQL built from the path), naming the id", async () => {
    let first: unknown
    const world = await checkWorld({
      fault: async ({ operationId, apiPath }, mocked) => {
        if (operationId !== 'getBookingPayments') return undefined
        if (mocked.ok) first ??= await mocked.clone().json()
        return apiPath.includes('/1%20OR%201%3D1/') ? answer(200, first) : undefined
      },
    })
    const [result] = await world.run(oddId.steps(world.options, world.operation('getBookingPayments')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: 'a declared 4xx for an id no resource has',
      actual: 'id SQL: status 200 (answered as if it named something)',
    })
  })

  it("leaves an answer that names another booking to the loose-id rule: a backend that reads an id's prefix is found once", async () => {
    const served = new Map<string, unknown>()
    const world = await checkWorld({
      fault: async ({ operationId, apiPath }, mocked) => {
        if (operationId !== 'getBooking') return undefined
        const id = decodeURIComponent(apiPath.split('/')[2] as string)
        if (mocked.ok) served.set(id, await mocked.clone().json())
        const prefix = id.split(/[?/]/)[0] as string
        return mocked.status === 404 && served.has(prefix) ? answer(200, served.get(prefix)) : undefined
      },
    })
    for (const booking of (await world.read('listBookings')).json as Array<{ id: string }>) await world.read('getBooking', { path: [booking.id] })
    const [result] = await world.run(oddId.steps(world.options, world.operation('getBooking')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.map((violation) => violation.kind)).toEqual(['loose-id', 'loose-id', 'loose-id', 'loose-id'])
    expect(result!.violations[0]!.actual).toMatch(/^asked for "bkg-sol-\d+\?injected_query_string=123", it names "bkg-sol-\d+": another resource$/)
  })

  it('a write gets the run’s own id with something after it only where the run made that id', async () => {
    const world = await checkWorld()
    const [customers] = await world.run(oddId.steps(world.options, world.operation('updateBuyer')))
    // bkg-sol-1002 is the customer's: only the ids that start with nothing of it
    expect(customers).toMatchObject({ status: 'passed' })
    expect(customers!.calls.map((call) => decodeURIComponent(call.url.split('/booking/')[1] ?? ''))).not.toContainEqual(expect.stringMatching(/^bkg-sol-1002/))
    expect(customers!.calls).toHaveLength(oddIds.filter((odd) => odd.near !== true).length)
    await world.journey('booking.created')
    const [made] = await world.run(oddId.steps(world.options, world.operation('updateBuyer')))
    expect(made).toMatchObject({ status: 'passed' })
    expect(made!.calls).toHaveLength(oddIds.length)
    expect(made!.calls.every((call) => call.status === 404)).toBe(true)
  })

  it('a backend that crashes on a NUL is the response check’s finding (a server error), once', async () => {
    const world = await checkWorld({
      fault: ({ operationId, apiPath }) =>
        operationId === 'getBooking' && apiPath.endsWith('/%00') ? answer(500, { code: 'internal_error', message: 'Internal error.' }) : undefined,
    })
    const [result] = await world.run(oddId.steps(world.options, world.operation('getBooking')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.map((violation) => violation.kind)).toEqual(['server-error'])
  })
})
