import { describe, expect, it } from 'vitest'
import { bookingFor } from '../../../../mock/src/world/kernel/booking-access.ts'
import { changePack, changePlan, markNoticeRead, reviewTrip, setBankAccount } from '../../../../mock/src/world/booking/booking-changes.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// What a customer changes on a booking after it is made.

const setUp = (options: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ana = worldContext(world, options)
  return { world, ana, booking: bookingFor(ana, 'bkg-sol-1002') }
}

describe('booking changes', () => {
  it('the refund account, checked as the refunds tab asks for it', () => {
    const { ana, booking } = setUp()
    setBankAccount(ana, booking, { owner: 'Ana García', iban: 'ES91 2100 0418 4502 0005 1332' })
    expect(booking.bank_account).toEqual({ owner: 'Ana García', iban: 'ES9121000418450200051332' })
    expect(refusal(() => setBankAccount(ana, booking, { owner: '', iban: 'ES9121000418450200051332' }))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('another plan: the unpaid terms replaced, the same plan again changes nothing', () => {
    const { ana, booking } = setUp()
    const other = bookingFor(ana, booking.id)
    const group = ana.world.travelGroups.find((g) => g.id === booking.travelGroupId)!
    const plan = group.paymentPlans.find((p) => p.id !== booking.paymentPlanId)!
    changePlan(ana, booking, { payment_plan_id: plan.id })
    expect(booking.paymentPlanId).toBe(plan.id)
    const terms = JSON.stringify(other.terms)
    changePlan(ana, booking, { payment_plan_id: plan.id })
    expect(JSON.stringify(booking.terms)).toBe(terms)
    expect(refusal(() => changePlan(ana, booking, { payment_plan_id: 'plan-none' }))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('nothing left to pay: the plan cannot change', () => {
    const { ana } = setUp()
    const paid = bookingFor(ana, 'bkg-sol-1001')
    const group = ana.world.travelGroups.find((g) => g.id === paid.travelGroupId)!
    expect(refusal(() => changePlan(ana, paid, { payment_plan_id: group.paymentPlans.find((p) => p.id !== paid.paymentPlanId)!.id }))).toEqual({
      status: 409,
      code: 'conflict',
    })
  })

  it('a notice read once keeps the first time', () => {
    const { ana } = setUp()
    const booking = ana.world.bookings.find((b) => b.notices.some((n) => n.read_at === null) && b.access.some((a) => a.customerId === ana.me().id))!
    const notice = booking.notices.find((n) => n.read_at === null)!
    expect(markNoticeRead(ana, booking, notice.id).read_at).toBe(ana.now.toISOString())
    expect(markNoticeRead({ ...ana, now: new Date('2027-01-01T00:00:00Z') }, booking, notice.id).read_at).toBe(ana.now.toISOString())
    expect(refusal(() => markNoticeRead(ana, booking, 'ntc-none'))).toEqual({ status: 404, code: 'not_found' })
  })

  it('a review once the trip has ended, once per booking', () => {
    const { ana, booking } = setUp()
    expect(refusal(() => reviewTrip(ana, booking, { rating: 5 }))).toEqual({ status: 409, code: 'conflict' })
    const after = { ...ana, today: '2027-06-01', now: new Date('2027-06-01T10:00:00Z') }
    expect(reviewTrip(after, booking, { rating: 4, text: '  ¡Genial!  ' })).toEqual({ rating: 4, text: '¡Genial!', created_at: '2027-06-01T10:00:00.000Z' })
    expect(refusal(() => reviewTrip(after, booking, { rating: 5 }))).toEqual({ status: 409, code: 'conflict' })
  })

  it('another pack: the unpaid terms priced again; a cheaper pack than what was paid owes a refund', () => {
    const { ana, booking } = setUp()
    const group = ana.world.travelGroups.find((g) => g.id === booking.travelGroupId)!
    const other = group.packs.find((p) => p.id !== booking.packId)!
    const unpaidBefore = booking.terms.filter((t) => !t.paid_at).reduce((sum, t) => sum + t.amount, 0)
    const priceBefore = group.packs.find((p) => p.id === booking.packId)!.price
    changePack(ana, booking, other.id)
    expect(booking.packId).toBe(other.id)
    const unpaidAfter = booking.terms.filter((t) => !t.paid_at).reduce((sum, t) => sum + t.amount, 0)
    expect(unpaidAfter - unpaidBefore).toBe((other.price - priceBefore) * booking.members.length)
    expect(refusal(() => changePack(ana, booking, 'pck-none'))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => changePack({ ...ana, today: group.start_at }, booking, booking.packId))).toEqual({ status: 409, code: 'booking_already_traveled' })
  })

  it('a pack without seats for everyone: 409 travel_group_pack_full', () => {
    const { ana, booking } = setUp({ scenarios: ['pack-full'] })
    const group = ana.world.travelGroups.find((g) => g.id === booking.travelGroupId)!
    expect(refusal(() => changePack(ana, booking, group.packs.find((p) => p.id !== booking.packId)!.id))).toEqual({
      status: 409,
      code: 'travel_group_pack_full',
    })
  })
})
