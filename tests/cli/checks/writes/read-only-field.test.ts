import { describe, expect, it } from 'vitest'
import { reach } from '../../../../cli/src/checks/per-operation/reach.ts'
import { readOnlyField } from '../../../../cli/src/checks/writes/read-only-field.ts'
import { answer, checkWorld } from '../check-harness.ts'

// read-only-field: a field the resource shows but the request does not take is never applied.

describe('the read-only-field check', () => {
  it('has a step for each PUT or PATCH it can read back, and for each create whose answer links to what it made', async () => {
    const world = await checkWorld()
    expect(readOnlyField.steps(world.options, world.operation('updateProfile')).map((step) => step.id)).toEqual(['read-only-field:updateProfile'])
    expect(readOnlyField.steps(world.options, world.operation('checkout')).map((step) => step.name)).toEqual([
      'checkout: fields the customer must not set are not applied to what it makes',
    ])
    expect(readOnlyField.steps(world.options, world.operation('login'))).toEqual([])
    expect(readOnlyField.steps(world.options, world.operation('getBooking'))).toEqual([])
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

  it("passes on the mock's checkout: a new booking made with a status, a locator and members' validity is made as ever, and the clean-up cancels it", async () => {
    const world = await checkWorld()
    await world.journey('checkout.checkout')
    const [result] = await world.run(readOnlyField.steps(world.options, world.operation('checkout')))
    expect(result).toMatchObject({ status: 'passed', notes: [expect.stringMatching(/^\d+ read-only fields sent \(id, locator, status, .*\): 201$/)] })
    // a new seat hold first, then a checkout with a key of its own: not a replay of the run's
    expect(result!.calls.map((call) => `${call.operationId} ${call.status}`).slice(0, 2)).toEqual(['lockSeats 201', 'checkout 201'])
    const made = world.state.made ?? []
    expect(made).toEqual([{ read: 'getBooking', path: { id: expect.stringMatching(/^bkg-/) } }])
    expect(made[0]!.path['id']).not.toBe(world.state.newBookingId)
    const cleanUp = await world.cleanUp()
    expect(cleanUp.find((step) => step.id === 'booking.cancel-made')).toMatchObject({ status: 'passed', notes: ['1 canceled'] })
    expect(((await world.read('getBooking', { path: [made[0]!.path['id'] as string] })).json as { status: string }).status).toBe('canceled')
  })

  it('fails on a backend whose checkout takes the status of the booking it makes from the request (confirmed unpaid)', async () => {
    const said = new Map<string, unknown>()
    const world = await checkWorld({
      fault: async ({ operationId, json, apiPath }, mocked) => {
        if (operationId === 'checkout' && mocked.status === 201) {
          const status = (json as Record<string, unknown>)['status']
          if (status !== undefined) said.set(((await mocked.clone().json()) as { booking_id: string }).booking_id, status)
          return undefined
        }
        const id = apiPath.split('/')[2] as string
        if (operationId !== 'getBooking' || !mocked.ok || !said.has(id)) return undefined
        return answer(200, { ...((await mocked.clone().json()) as object), status: said.get(id) })
      },
    })
    await world.journey('checkout.checkout')
    const [result] = await world.run(readOnlyField.steps(world.options, world.operation('checkout')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'read-only-field')).toMatchObject({
      expected: 'fields getBooking shows but checkout does not take are refused or ignored on what it makes',
      actual: 'status "confirmed" taken (the run\'s own checkout made it "pending")',
    })
  })
})
