import { describe, expect, it } from 'vitest'
import { owner } from '../../../../cli/src/checks/per-operation/owner.ts'
import { answer, checkWorld } from '../check-harness.ts'

// owner: another customer gets 404 for this customer's resource, and nothing of it changes.

describe('the owner check', () => {
  it('has a step for each operation on a resource of a signed-in customer', async () => {
    const world = await checkWorld()
    expect(owner.steps(world.options, world.operation('getBooking')).map((step) => step.id)).toEqual(['owner:getBooking'])
    expect(owner.steps(world.options, world.operation('listBookings'))).toEqual([])
    expect(owner.steps(world.options, world.operation('getTravelGroup'))).toEqual([])
  })

  it('is skipped without a second customer, and passes on the mock with one', async () => {
    const alone = await checkWorld()
    expect((await alone.run(owner.steps(alone.options, alone.operation('getBooking'))))[0]).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('--other-email'),
    })
    const world = await checkWorld({ other: true })
    expect((await world.run(owner.steps(world.options, world.operation('getBooking'))))[0]).toMatchObject({ status: 'passed' })
  })

  it('fails on a backend that shows a customer’s booking to another (BOLA, OWASP API1)', async () => {
    let anaToken: string | undefined
    const world = await checkWorld({
      other: true,
      fault: async ({ operationId, headers }, mocked) => {
        if (operationId !== 'getBooking') return undefined
        anaToken ??= headers.get('authorization') ?? undefined
        return mocked.status === 404 ? answer(200, { id: 'bkg-sol-1002' }) : undefined
      },
    })
    const [result] = await world.run(owner.steps(world.options, world.operation('getBooking')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: 'status 404 for nuevo@example.com',
      actual: expect.stringContaining("another customer's data was served or changed"),
    })
  })
})
