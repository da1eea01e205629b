import { describe, expect, it } from 'vitest'
import { missing } from '../../../../cli/src/checks/per-operation/missing.ts'
import { answer, checkWorld } from '../check-harness.ts'

// missing: an id that does not exist answers 404.

describe('the missing check', () => {
  it('has a step for each operation on an id that declares a 404', async () => {
    const world = await checkWorld()
    expect(missing.steps(world.options, world.operation('getBooking')).map((step) => step.id)).toEqual(['missing:getBooking'])
    expect(missing.steps(world.options, world.operation('listBookings'))).toEqual([])
  })

  it('passes on the mock, and fails on a backend that answers an unknown id as if it were one', async () => {
    const world = await checkWorld()
    expect((await world.run(missing.steps(world.options, world.operation('getTravelGroup'))))[0]).toMatchObject({ status: 'passed' })
    const broken = await checkWorld({
      fault: ({ operationId, apiPath }) => (operationId === 'getTravelGroup' && apiPath.includes('smoke-missing') ? answer(200, {}) : undefined),
    })
    const [result] = await broken.run(missing.steps(broken.options, broken.operation('getTravelGroup')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.some((violation) => violation.kind === 'probe' && violation.expected.startsWith('status 404 for smoke-missing-'))).toBe(true)
  })
})
