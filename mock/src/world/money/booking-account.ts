// A booking's account: each payment term's status (paid, expired past its limit date or under the
// term-expired scenario, pending), the late-term penalty it owes at its last term, its terms as due and
// its cart (what it costs, what was paid, what is left).
import type { Cart, Term } from '../../../../contract/generated/model/index.ts'
import { linesTotal, termDue } from '../../../../core/pricing.ts'
import { priceLines } from '../offer/booking-price.ts'
import { lateTermPenalty as lateTermPenaltyOf } from '../../../../core/payment-schedule.ts'
import { bookingSubject } from '../kernel/active-scenarios.ts'
import type { ViewContext } from '../kernel/world-context.ts'
import type { BookingRecord, TermRecord, TravelGroupRecord } from '../kernel/types.ts'

export const termStatus = (ctx: ViewContext, booking: BookingRecord, t: TermRecord): Term['status'] => {
  if (t.paid_at) return 'paid'
  if (ctx.scenarios.has('term-expired', bookingSubject(booking))) return 'expired'
  if (t.limit_date && t.limit_date < ctx.today) return 'expired'
  return 'pending'
}

/** The booking's late-term penalty (core/payment-schedule.ts), charged at its last term. */
export const lateTermPenalty = (ctx: ViewContext, group: TravelGroupRecord, booking: BookingRecord): number =>
  lateTermPenaltyOf(
    group.paymentPlans.find((p) => p.id === booking.paymentPlanId),
    booking.terms,
    ctx.today,
  )

/** The booking's terms as due. Term.amount is the base; what is due is amount + penalty_amount (the penalty only ever sits on the last plan term). */
export const bookingTerms = (ctx: ViewContext, group: TravelGroupRecord, booking: BookingRecord): Term[] => {
  const penalty = lateTermPenalty(ctx, group, booking)
  const planTerms = booking.terms.filter((t) => t.kind === 'plan')
  const lastPlan = planTerms[planTerms.length - 1]
  return booking.terms.map((t) => {
    const extraPenalty = t === lastPlan && !t.paid_at ? penalty : t.penalty_amount
    return {
      id: t.id,
      number: t.number,
      kind: t.kind,
      concept: t.concept,
      translations: t.translations,
      amount: t.amount,
      limit_date: t.limit_date,
      penalty_limit_date: t.penalty_limit_date,
      penalty_amount: extraPenalty,
      paid_at: t.paid_at,
      status: termStatus(ctx, booking, t),
    }
  })
}

/** What the booking costs, what was paid and what is left, with its lines (offer/booking-price.ts). */
export const bookingCart = (ctx: ViewContext, group: TravelGroupRecord, booking: BookingRecord): Cart => {
  const termPenalty = lateTermPenalty(ctx, group, booking)
  const lines = priceLines(group, booking, termPenalty)
  const total = linesTotal(lines)
  const paid = booking.terms.filter((t) => t.paid_at).reduce((sum, t) => sum + termDue(t), 0)
  const payments = ctx.world.payments.filter((p) => p.bookingId === booking.id && p.status === 'paid')
  return {
    lines,
    management_fee: group.management_fee,
    discount: booking.discount,
    penalties: termPenalty + booking.bookingPenalty * booking.members.length,
    total,
    paid,
    pending: Math.max(0, total - paid),
    total_payments: payments.length,
    refunds: booking.refunds.reduce((sum, r) => sum + r.amount, 0),
  }
}
