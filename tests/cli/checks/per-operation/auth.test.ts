import { describe, expect, it } from 'vitest'
import { auth } from '../../../../cli/src/checks/per-operation/auth.ts'
import { answer, checkWorld, stepsOf } from '../check-harness.ts'

// auth: without a token and with a signed-out one, every operation that needs a session answers 401.

describe('the auth check', () => {
  it('has a step for each operation that needs a session, none for a public one', async () => {
    const world = await checkWorld()
    expect(auth.steps(world.options, world.operation('getBooking')).map((step) => step.id)).toEqual(['auth:getBooking'])
    expect(auth.steps(world.options, world.operation('listTravelGroups'))).toEqual([])
  })

  it('passes on the mock: 401 without a token and with a revoked one', async () => {
    const world = await checkWorld()
    const results = await world.run([
      ...auth.steps(world.options, world.operation('getBooking')),
      ...auth.steps(world.options, world.operation('updateProfile')),
    ])
    expect(stepsOf(results, 'auth').map((result) => [result.id, result.status])).toEqual([
      ['auth:getBooking', 'passed'],
      ['auth:updateProfile', 'passed'],
    ])
  })

  it('fails naming the way in: a backend that serves a signed-out session', async () => {
    const world = await checkWorld({
      fault: ({ operationId, headers }, mocked) =>
        operationId === 'getBooking' && headers.get('authorization') !== null && mocked.status === 401 ? answer(200, { oops: true }) : undefined,
    })
    const [result] = await world.run(auth.steps(world.options, world.operation('getBooking')))
    expect(result).toMatchObject({ status: 'failed' })
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      operationId: 'getBooking',
      expected: 'status 401 with a signed-out token',
      actual: expect.stringContaining('served without a valid session'),
    })
  })
})
