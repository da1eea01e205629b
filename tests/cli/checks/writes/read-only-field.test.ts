import { describe, expect, it } from 'vitest'
import { reach } from '../../../../cli/src/checks/per-operation/reach.ts'
import { readOnlyField } from '../../../../cli/src/checks/writes/read-only-field.ts'
import { answer, checkWorld } from '../check-harness.ts'

// read-only-field: a field the resource shows but the request does not take is never applied.

describe('the read-only-field check', () => {
  it('has a step for each PUT or PATCH it can read back', async () => {
    const world = await checkWorld()
    expect(readOnlyField.steps(world.options, world.operation('updateProfile')).map((step) => step.id)).toEqual(['read-only-field:updateProfile'])
    expect(readOnlyField.steps(world.options, world.operation('checkout'))).toEqual([])
  })

  it('passes on the mock, and fails on a backend that lets a customer mark their e-mail validated (mass assignment), undoing it at once', async () => {
    const world = await checkWorld()
    const steps = (w: typeof world) => [
      ...reach.steps(w.options, w.operation('updateProfile')),
      ...readOnlyField.steps(w.options, w.operation('updateProfile')),
    ]
    expect((await world.run(steps(world)))[1]).toMatchObject({ status: 'passed' })
    let validated: unknown
    const broken = await checkWorld({
      fault: async ({ operationId, json }, mocked) => {
        const sent = (json ?? {}) as Record<string, unknown>
        if (operationId === 'updateProfile' && 'validated' in sent) validated = sent['validated']
        if (operationId !== 'getProfile' || !mocked.ok || validated === undefined) return undefined
        return answer(200, { ...((await mocked.clone().json()) as object), validated })
      },
    })
    const result = (await broken.run(steps(broken))).find((step) => step.id === 'read-only-field:updateProfile')!
    expect(result.status).toBe('failed')
    const finding = result.violations.find((violation) => violation.kind === 'read-only-field')!
    expect(finding.actual).toMatch(/validated set from true to false; undone at once with the same request/)
  })
})
