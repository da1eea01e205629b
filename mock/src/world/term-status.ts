// A payment term's status (paid, expired past its limit date or under the term-expired scenario, pending)
// and the late-term penalty a booking owes at its last term.
import type { Term } from '../../../contract/generated/model/index.ts'
import { lateTermPenalty as lateTermPenaltyOf } from '../../../core/payment-schedule.ts'
import type { ViewContext } from './read-context.ts'
import type { BookingRecord, TermRecord, TravelGroupRecord } from './types.ts'

export const termStatus = (ctx: ViewContext, t: TermRecord): Term['status'] => {
  if (t.paid_at) return 'paid'
  if (ctx.scenarios.has('term-expired')) return 'expired'
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
