import { describe, expect, it } from 'vitest'
import { reach } from '../../../../cli/src/checks/per-operation/reach.ts'
import { idempotency } from '../../../../cli/src/checks/writes/idempotency.ts'
import { answer, checkWorld } from '../check-harness.ts'

// idempotency: the same PUT twice leaves the same state; a repeat with the same key is the same request.

describe('the idempotency check', () => {
  it('has a step for a PUT and for an operation that declares x-idempotency', async () => {
    const world = await checkWorld()
    expect(idempotency.steps(world.options, world.operation('updateProfile')).map((step) => step.id)).toEqual(['idempotency:updateProfile'])
    expect(idempotency.steps(world.options, world.operation('checkout')).map((step) => step.name)).toEqual([
      'checkout: a repeat with the same idempotency_key is the same request',
    ])
    expect(idempotency.steps(world.options, world.operation('joinGroup'))).toEqual([])
  })

  it('passes on the mock, and fails on a backend where a repeated PUT changes the state again', async () => {
    const world = await checkWorld()
    const steps = (w: typeof world) => [...reach.steps(w.options, w.operation('updateProfile')), ...idempotency.steps(w.options, w.operation('updateProfile'))]
    expect((await world.run(steps(world)))[1]).toMatchObject({ status: 'passed' })
    let saves = 0
    const broken = await checkWorld({
      fault: async ({ operationId }, mocked) => {
        if (operationId === 'updateProfile') saves += 1
        if (operationId !== 'getProfile' || !mocked.ok) return undefined
        // each save bumps a field the read shows: what a counter stored per write would do
        return answer(200, { ...((await mocked.clone().json()) as object), phone: `+3460000000${saves}` })
      },
    })
    const result = (await broken.run(steps(broken))).find((step) => step.id === 'idempotency:updateProfile')!
    expect(result.status).toBe('failed')
    expect(result.violations.find((violation) => violation.kind === 'idempotency')).toMatchObject({ actual: 'it changed: the repeat was applied again' })
  })
})
