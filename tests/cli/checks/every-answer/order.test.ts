import { describe, expect, it } from 'vitest'
import { order } from '../../../../cli/src/checks/every-answer/order.ts'
import { answer, checkWorld } from '../check-harness.ts'

// order: every list answer of an operation that declares x-order keeps it.

describe('the order check', () => {
  it("reads every answer: the mock's lists keep their declared order", async () => {
    const world = await checkWorld()
    expect(order.runs).toBe('every answer')
    for (const [operationId, options] of [
      ['listBookings', {}],
      ['listCountries', { query: { lang: 'en' } }],
      ['listStates', { query: { country: 'ES' } }],
      ['listBookingNotices', { path: ['bkg-sol-1001'] }],
    ] as const) {
      const read = await world.read(operationId, options)
      expect(read.status, operationId).toBe(200)
      expect(read.violations, operationId).toEqual([])
    }
  })

  it('finds a backend that lists bookings oldest first', async () => {
    const world = await checkWorld({
      fault: async ({ operationId }, mocked) =>
        operationId === 'listBookings' && mocked.ok ? answer(200, ((await mocked.clone().json()) as unknown[]).reverse()) : undefined,
    })
    const read = await world.read('listBookings')
    expect(read.violations.map((violation) => [violation.kind, violation.expected])).toEqual([
      ['order', 'the list in its declared order (x-order: created_at, descending)'],
    ])
  })

  it("reads a list under an id for the ids the run found until one has two items: the booking's notices", async () => {
    const only = (operation: { operationId: string }) => operation.operationId === 'listBookingNotices'
    const world = await checkWorld()
    const steps = order.probes({ ...world.options, selected: only })
    expect(steps.map((step) => step.id)).toEqual(['order:listBookingNotices'])
    const [result] = await world.run(steps)
    expect(result).toMatchObject({ status: 'passed', notes: [expect.stringMatching(/^\d+ lists? read, the last of 2 items$/)] })

    const reversed = await checkWorld({
      fault: async ({ operationId }, mocked) =>
        operationId === 'listBookingNotices' && mocked.ok ? answer(200, ((await mocked.clone().json()) as unknown[]).reverse()) : undefined,
    })
    const [found] = await reversed.run(order.probes({ ...reversed.options, selected: only }))
    expect(found!.violations.map((violation) => violation.kind)).toEqual(['order'])
  })
})
