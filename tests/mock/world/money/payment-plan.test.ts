import { describe, expect, it } from 'vitest'
import { groupOf } from '../../../../mock/src/world/kernel/booking-access.ts'
import {
  instalmentText,
  planPaidOf,
  planPendingOf,
  planTermRecords,
  planTotalOf,
  replacePlan,
  repriceUnpaid,
} from '../../../../mock/src/world/money/payment-plan.ts'
import { freshWorld } from '../world-fixture.ts'

// The payment plan's terms: a new booking's schedule, a change of plan, a re-price. Paid terms never change.

const setUp = () => {
  const world = freshWorld()
  const booking = world.bookings.find((b) => b.id === 'bkg-sol-1002')!
  let n = 0
  return { world, booking, group: groupOf(world, booking), nextId: (prefix: string) => `${prefix}-t${(n += 1)}` }
}

describe('the payment plan', () => {
  it('a new booking’s terms split its total as the plan says, in Spanish with English', () => {
    const { group, nextId } = setUp()
    const plan = group.paymentPlans.find((p) => p.terms.length > 1)!
    const terms = planTermRecords(plan, 100_001, { next: nextId })
    expect(terms).toHaveLength(plan.terms.length)
    expect(terms.reduce((sum, t) => sum + t.amount, 0)).toBe(100_001)
    expect(terms.every((t) => t.kind === 'plan' && t.paid_at === null)).toBe(true)
    expect(instalmentText(2)).toEqual({ concept: 'Plazo 2', translations: { concept: [{ lang: 'en', text: 'Instalment 2' }] } })
  })

  it('a change of plan replaces only the unpaid terms, which still cover what is pending', () => {
    const { booking, group, nextId } = setUp()
    const paid = booking.terms.filter((t) => t.paid_at)
    const pending = planPendingOf(group, booking)
    const single = group.paymentPlans.find((p) => p.terms.length === 1)!
    replacePlan(group, booking, single, nextId)
    expect(booking.paymentPlanId).toBe(single.id)
    expect(booking.terms.filter((t) => t.paid_at)).toEqual(paid)
    const fresh = booking.terms.filter((t) => !t.paid_at)
    expect(fresh).toHaveLength(1)
    expect(fresh[0]!.amount).toBe(pending)
    expect(planPaidOf(booking) + planPendingOf(group, booking)).toBe(planTotalOf(group, booking))
  })

  it('a re-price spreads the new pending amount over the unpaid terms, keeping their ids', () => {
    const { booking, group, nextId } = setUp()
    const unpaidIds = booking.terms.filter((t) => !t.paid_at).map((t) => t.id)
    const cheaper = { ...group, packs: group.packs.map((p) => ({ ...p, price: p.price - 1_000 })) }
    expect(repriceUnpaid(cheaper, booking, nextId)).toEqual({ overpaid: 0 })
    expect(booking.terms.filter((t) => !t.paid_at).map((t) => t.id)).toEqual(unpaidIds)
    expect(booking.terms.filter((t) => !t.paid_at).reduce((sum, t) => sum + t.amount, 0)).toBe(planPendingOf(cheaper, booking))
  })

  it('a price now below what was paid drops the unpaid terms and says how much was overpaid', () => {
    const { booking, group, nextId } = setUp()
    const paid = planPaidOf(booking)
    const tiny = {
      ...group,
      packs: group.packs.map((p) => ({ ...p, price: 1 })),
      management_fee: 0,
      hosting_rooms: group.hosting_rooms.map((h) => ({ ...h, price: 0 })),
    }
    const { overpaid } = repriceUnpaid(tiny, booking, nextId)
    expect(overpaid).toBe(paid - planTotalOf(tiny, booking))
    expect(booking.terms.some((t) => t.kind === 'plan' && !t.paid_at)).toBe(false)
  })
})
