import { describe, expect, it } from 'vitest'
import { BRAKE_ADDRESS, signInBrake } from '../../../../cli/src/checks/per-operation/sign-in-brake.ts'
import { answer, checkWorld } from '../check-harness.ts'

// sign-in-brake: what takes or sends a secret (x-throttle) answers 429 with Retry-After after its declared tries.

describe('the sign-in-brake check', () => {
  it('has a step for login and remember, the operations that declare x-throttle', async () => {
    const world = await checkWorld()
    const withStep = [...world.contract.operations.values()].filter((operation) => signInBrake.steps(world.options, operation).length > 0)
    expect(withStep.map((operation) => operation.operationId).sort()).toEqual(['login', 'remember'])
  })

  it('passes on the mock with its throttling on: five wrong tries for an address no account has, then a 429', async () => {
    const world = await checkWorld({ throttling: true })
    const [login] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(login).toMatchObject({ status: 'passed', notes: ['429 at try 6 of at most 6 (x-throttle: 5 in 900 s)'] })
    expect(login!.calls.map((call) => call.status)).toEqual([401, 401, 401, 401, 401, 429])
    // never the customer the run was given
    expect(login!.calls.every((call) => call.curl.includes(BRAKE_ADDRESS) && !call.curl.includes('ana.garcia'))).toBe(true)
    // a second run within the window meets the brake at once: runs do not pile up
    const [again] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(again!.calls.map((call) => call.status)).toEqual([429])
  })

  it('fails on a backend with no brake (the mock with its throttling off), saying how many tries it took and what came', async () => {
    const world = await checkWorld()
    const [result] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(result!.status).toBe('failed')
    expect(result!.violations[0]).toMatchObject({
      kind: 'probe',
      expected: 'a 429 with Retry-After by try 6 for one address (x-throttle: 5 in 900 s)',
      actual: `6 tries for ${BRAKE_ADDRESS}: 401 ×6`,
    })
  })

  it('fails on one that signs in an address no account has', async () => {
    const world = await checkWorld({
      fault: ({ operationId }) => (operationId === 'login' ? answer(200, { token: 'made-up', user: { id: 'x' } }) : undefined),
    })
    const [result] = await world.run(signInBrake.steps(world.options, world.operation('login')))
    expect(result!.violations.find((violation) => violation.kind === 'probe')?.expected).toBe(`no sign-in for ${BRAKE_ADDRESS}, which no account has`)
  })
})
