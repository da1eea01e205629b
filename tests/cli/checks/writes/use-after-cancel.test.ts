import { describe, expect, it } from 'vitest'
import { reach } from '../../../../cli/src/checks/per-operation/reach.ts'
import { useAfterCancel } from '../../../../cli/src/checks/writes/use-after-cancel.ts'
import { answer, checkWorld, type Fault } from '../check-harness.ts'

// use-after-cancel: once the run has canceled its booking, every write refused on a canceled booking is refused.

/** A backend that checks nothing on a canceled booking's buyer: the change is taken. */
const buyerOfCanceled = (): Fault => {
  let booking: unknown
  return async ({ operationId }, mocked) => {
    if (operationId === 'getBooking' && mocked.ok) booking = await mocked.clone().json()
    if (operationId !== 'updateBuyer' || mocked.status !== 409) return undefined
    return answer(200, booking)
  }
}

describe('the use-after-cancel check', () => {
  it('has a step for each write that may answer 409 booking_canceled, run after the clean-up', async () => {
    const world = await checkWorld()
    expect(useAfterCancel.steps(world.options, world.operation('updateBuyer')).map((step) => step.id)).toEqual(['use-after-cancel:updateBuyer'])
    expect(useAfterCancel.steps(world.options, world.operation('updateProfile'))).toEqual([])
    expect(useAfterCancel.steps(world.options, world.operation('getBooking'))).toEqual([])
    expect(useAfterCancel.after).toBe('clean-up')
  })

  it('passes on the mock: the request the backend took before the cancellation is refused with 409 booking_canceled after it', async () => {
    const world = await checkWorld()
    await world.journey('booking.created')
    expect((await world.run(reach.steps(world.options, world.operation('updateBuyer'))))[0]).toMatchObject({ status: 'passed' })
    await world.cleanUp()
    const [result] = await world.run(useAfterCancel.steps(world.options, world.operation('updateBuyer')))
    expect(result).toMatchObject({ status: 'passed' })
    expect(result!.calls.at(-1)).toMatchObject({ operationId: 'updateBuyer', status: 409, code: 'booking_canceled' })
  })

  it('fails on a backend that changes the buyer of a canceled booking', async () => {
    const world = await checkWorld({ fault: buyerOfCanceled() })
    await world.journey('booking.created')
    await world.run(reach.steps(world.options, world.operation('updateBuyer')))
    await world.cleanUp()
    const [result] = await world.run(useAfterCancel.steps(world.options, world.operation('updateBuyer')))
    expect(result!.status).toBe('failed')
    expect(result!.violations.find((violation) => violation.kind === 'probe')).toMatchObject({
      expected: '409 booking_canceled on the canceled booking',
      actual: 'status 200: the write was taken',
    })
  })

  it('is skipped before the clean-up has canceled the booking, and without a booking the run made', async () => {
    const none = await checkWorld()
    expect((await none.run(useAfterCancel.steps(none.options, none.operation('updateBuyer'))))[0]).toMatchObject({
      status: 'skipped',
      reason: 'untested: the run made no booking to cancel (--write books one)',
    })
    const live = await checkWorld()
    await live.journey('booking.created')
    expect((await live.run(useAfterCancel.steps(live.options, live.operation('updateBuyer'))))[0]).toMatchObject({
      status: 'skipped',
      reason: "untested: the run's booking is not canceled (pending): the clean-up did not cancel it",
    })
  })
})
