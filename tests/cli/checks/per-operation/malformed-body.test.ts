import { describe, expect, it } from 'vitest'
import { malformedBody } from '../../../../cli/src/checks/per-operation/malformed-body.ts'
import { answer, checkWorld } from '../check-harness.ts'

// malformed-body: bodies it cannot read are refused with a declared 4xx, never a success.

describe('the malformed-body check', () => {
  it('has a step for each operation that takes JSON', async () => {
    const world = await checkWorld()
    expect(malformedBody.steps(world.options, world.operation('findAgency')).map((step) => step.id)).toEqual(['malformed-body:findAgency'])
    expect(malformedBody.steps(world.options, world.operation('getProfile'))).toEqual([])
  })

  it('passes on the mock, and fails on a backend that takes a body that is not JSON', async () => {
    const world = await checkWorld()
    expect((await world.run(malformedBody.steps(world.options, world.operation('findAgency'))))[0]).toMatchObject({ status: 'passed' })
    const agency = (await world.read('findAgency', { json: { url: 'http://localhost:5173' } })).json
    const broken = await checkWorld({
      fault: ({ operationId, json }) =>
        operationId === 'findAgency' && (json === undefined || typeof json !== 'object' || json === null || Array.isArray(json))
          ? answer(200, agency)
          : undefined,
    })
    const [result] = await broken.run(malformedBody.steps(broken.options, broken.operation('findAgency')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: 'a declared 4xx for a body it cannot read',
      actual: expect.stringContaining('(accepted)'),
    })
  })

  it('sends only text that is not JSON to the customer’s own data', async () => {
    const world = await checkWorld()
    const [result] = await world.run(malformedBody.steps(world.options, world.operation('updateProfile')))
    expect(result!.status).toBe('passed')
    expect(result!.notes?.[0]).toMatch(/^only text that is not JSON/)
    expect(result!.calls).toHaveLength(1)
  })
})
