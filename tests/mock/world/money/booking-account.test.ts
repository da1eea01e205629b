import { describe, expect, it } from 'vitest'
import { groupOf } from '../../../../mock/src/world/kernel/booking-access.ts'
import { bookingCart, bookingTerms, lateTermPenalty, termStatus } from '../../../../mock/src/world/money/booking-account.ts'
import { bookingTotal } from '../../../../mock/src/world/offer/booking-price.ts'
import { freshWorld, viewContext } from '../world-fixture.ts'

// A booking's account: each term's status, the late penalty on its last term, what is paid and pending.

const world = freshWorld()
const booking = world.bookings.find((b) => b.id === 'bkg-sol-1002')!
const group = groupOf(world, booking)

describe('a booking’s account', () => {
  it('a paid term is paid; an unpaid one pending until its limit date, then expired (always, under term-expired)', () => {
    const [paid, unpaid] = [booking.terms.find((t) => t.paid_at)!, booking.terms.find((t) => !t.paid_at)!]
    expect(termStatus(viewContext(world), booking, paid)).toBe('paid')
    expect(termStatus(viewContext(world), booking, { ...unpaid, limit_date: '2026-12-31' })).toBe('pending')
    expect(termStatus(viewContext(world), booking, { ...unpaid, limit_date: '2026-11-20' })).toBe('expired')
    expect(termStatus(viewContext(world, ['term-expired']), booking, { ...unpaid, limit_date: '2030-01-01' })).toBe('expired')
    expect(termStatus(viewContext(world, ['term-expired']), booking, paid)).toBe('paid')
  })

  it('the terms as due: the late penalty sits on the last unpaid plan term only', () => {
    const ctx = viewContext(world)
    const penalty = lateTermPenalty(ctx, group, booking)
    const terms = bookingTerms(ctx, group, booking)
    expect(terms.map((t) => t.id)).toEqual(booking.terms.map((t) => t.id))
    const lastPlan = terms.filter((t) => t.kind === 'plan').at(-1)!
    for (const term of terms) if (term !== lastPlan && !term.paid_at) expect(term.penalty_amount).toBe(0)
    expect(lastPlan.penalty_amount).toBe(lastPlan.paid_at ? booking.terms.find((t) => t.id === lastPlan.id)!.penalty_amount : penalty)
  })

  it('the cart: total is the price plus the penalty; paid is what the paid terms cost; pending the rest', () => {
    const ctx = viewContext(world)
    const cart = bookingCart(ctx, group, booking)
    const paid = booking.terms.filter((t) => t.paid_at).reduce((sum, t) => sum + t.amount + t.penalty_amount, 0)
    expect(cart.total).toBe(bookingTotal(group, booking) + lateTermPenalty(ctx, group, booking))
    expect(cart.paid).toBe(paid)
    expect(cart.pending).toBe(cart.total - paid)
    expect(cart.total_payments).toBe(world.payments.filter((p) => p.bookingId === booking.id && p.status === 'paid').length)
  })

  it('a booking paid more than it costs owes nothing (never a negative pending)', () => {
    const ctx = viewContext(world)
    const overpaid = { ...booking, terms: booking.terms.map((t) => ({ ...t, paid_at: t.paid_at ?? '2026-11-01T00:00:00Z', amount: t.amount * 2 })) }
    expect(bookingCart(ctx, group, overpaid).pending).toBe(0)
  })
})
