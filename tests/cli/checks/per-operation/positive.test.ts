import { describe, expect, it } from 'vitest'
import { positive } from '../../../../cli/src/checks/per-operation/positive.ts'
import { answer, checkWorld } from '../check-harness.ts'

// positive: valid optional query values (and valid bodies on what the run made) are not refused as malformed.

describe('the positive check', () => {
  it('has a step for a read with query parameters, and for a PUT with a JSON body', async () => {
    const world = await checkWorld()
    expect(positive.steps(world.options, world.operation('listTravelGroups')).map((step) => step.id)).toEqual(['positive:listTravelGroups'])
    expect(positive.steps(world.options, world.operation('updateDni')).map((step) => step.id)).toEqual(['positive:updateDni'])
    expect(positive.steps(world.options, world.operation('getProfile'))).toEqual([])
  })

  it('passes on the mock, and fails on a backend that refuses a valid page size as malformed', async () => {
    const world = await checkWorld()
    expect((await world.run(positive.steps(world.options, world.operation('listTravelGroups'))))[0]).toMatchObject({ status: 'passed' })
    const broken = await checkWorld({
      fault: ({ operationId, query }) =>
        operationId === 'listTravelGroups' && [...query.keys()].length > 0 ? answer(400, { code: 'bad_request', message: 'No.' }) : undefined,
    })
    const [result] = await broken.run(positive.steps(broken.options, broken.operation('listTravelGroups')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.at(-1)!.expected).toMatch(/^a 2xx \(or one of listTravelGroups's own business codes\) for valid query /)
  })

  it('a body for what the run did not make is never generated', async () => {
    const world = await checkWorld()
    const [result] = await world.run(positive.steps(world.options, world.operation('updateDni')))
    expect(result).toMatchObject({ status: 'skipped', reason: expect.stringContaining('only what the run made gets them') })
  })
})
