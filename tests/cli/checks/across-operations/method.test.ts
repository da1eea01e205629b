import { describe, expect, it } from 'vitest'
import { method } from '../../../../cli/src/checks/across-operations/method.ts'
import { answer, checkWorld } from '../check-harness.ts'

// method: a method the contract does not declare answers 405 with an Allow naming the path's methods.

const only = (operationId: string) => (operation: { operationId: string }) => operation.operationId === operationId

describe('the method check', () => {
  it('has one step per path, with a method not declared there', async () => {
    const world = await checkWorld()
    const steps = method.steps({ ...world.options, selected: only('getBooking') })
    expect(steps.map((step) => [step.id, step.name])).toEqual([
      ['method:/booking/{id}', '/booking/{id} refuses PATCH, which the contract does not declare there'],
    ])
  })

  it('passes on the mock, and fails on a backend that serves the undeclared method, or leaves out Allow', async () => {
    const world = await checkWorld()
    expect((await world.run(method.steps({ ...world.options, selected: only('getBooking') })))[0]).toMatchObject({ status: 'passed' })
    const served = await checkWorld({ fault: ({ method: verb }) => (verb === 'PATCH' ? answer(200, {}) : undefined) })
    expect((await served.run(method.steps({ ...served.options, selected: only('getBooking') })))[0]!.violations[0]).toMatchObject({
      expected: 'status 405 for PATCH /booking/{id} (declared: GET)',
      actual: 'status 200: an undeclared method was served',
    })
    const noAllow = await checkWorld({
      fault: ({ method: verb }) => (verb === 'PATCH' ? answer(405, { code: 'method_not_allowed', message: 'No.' }) : undefined),
    })
    expect((await noAllow.run(method.steps({ ...noAllow.options, selected: only('getBooking') })))[0]!.violations[0]).toMatchObject({
      actual: 'no Allow header',
    })
  })
})
