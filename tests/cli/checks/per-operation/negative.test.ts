import { describe, expect, it } from 'vitest'
import { negative } from '../../../../cli/src/checks/per-operation/negative.ts'
import { answer, checkWorld } from '../check-harness.ts'

// negative: input broken in one field is refused with a declared 4xx; the smallest failing input reported.

describe('the negative check', () => {
  it('has a step where a body or a query can be broken', async () => {
    const world = await checkWorld()
    expect(negative.steps(world.options, world.operation('findAgency')).map((step) => step.id)).toEqual(['negative:findAgency'])
    expect(negative.steps(world.options, world.operation('listCities')).map((step) => step.id)).toEqual(['negative:listCities'])
    expect(negative.steps(world.options, world.operation('getProfile'))).toEqual([])
  })

  it('passes on the mock, and fails naming the input on a backend that takes a city list without its state', async () => {
    const world = await checkWorld()
    expect((await world.run(negative.steps(world.options, world.operation('listCities'))))[0]).toMatchObject({ status: 'passed' })
    const broken = await checkWorld({
      fault: ({ operationId }, mocked) => (operationId === 'listCities' && mocked.status >= 400 ? answer(200, []) : undefined),
    })
    const [result] = await broken.run(negative.steps(broken.options, broken.operation('listCities')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: expect.stringMatching(/^a declared 4xx for input /),
      actual: expect.stringContaining('accepted'),
    })
  })
})
