// Re-scheduling what is still pending on a booking's payment plan: after a plan change (PUT /terms)
// or a re-price (PUT /set-pack). Paid terms are history and never change.
import type { PaymentPlan } from '../../../../contract/generated/model/index.ts'
import { scheduleTerms } from '../../../../core/payment-schedule.ts'
import { english } from '../../../../core/translations.ts'
import { bookingTotal } from '../offer/booking-price.ts'
import type { BookingRecord, TermRecord, TravelGroupRecord } from '../kernel/types.ts'

const isPlan = (t: TermRecord) => t.kind === 'plan'

/** A plan term's concept, with its translation: "Plazo 2", "Instalment 2". */
export const instalmentText = (number: number): Pick<TermRecord, 'concept' | 'translations'> => ({
  concept: `Plazo ${number}`,
  translations: english({ concept: `Instalment ${number}` }),
})

/** A new booking's plan terms: the plan's schedule of the total (core/payment-schedule.ts), none paid. */
export const planTermRecords = (plan: PaymentPlan, total: number, ids: { next: (prefix: string) => string }): TermRecord[] =>
  scheduleTerms(plan, total).map((term) => ({
    id: ids.next('trm'),
    number: term.number,
    kind: 'plan',
    ...instalmentText(term.number),
    amount: term.amount,
    limit_date: term.limit_date,
    penalty_limit_date: term.penalty_limit_date,
    penalty_amount: 0,
    paid_at: null,
    extra: null,
  }))

/**
 * What the plan terms have to cover: the booking's price less the extras bought later, which were
 * paid by their own extra terms (once paid they sit in member.extras and so in bookingTotal).
 */
export const planTotalOf = (group: TravelGroupRecord, booking: BookingRecord): number =>
  bookingTotal(group, booking) - booking.terms.filter((t) => t.kind === 'extra' && t.paid_at).reduce((sum, t) => sum + t.amount, 0)

/** Base amounts already paid on plan terms (late penalties are not part of the price). */
export const planPaidOf = (booking: BookingRecord): number => booking.terms.filter((t) => isPlan(t) && t.paid_at).reduce((sum, t) => sum + t.amount, 0)

export const planPendingOf = (group: TravelGroupRecord, booking: BookingRecord): number => planTotalOf(group, booking) - planPaidOf(booking)

/** Splits an amount by weights; the last share absorbs rounding so the parts add up exactly. */
const split = (amount: number, weights: number[]): number[] => {
  const sum = weights.reduce((a, b) => a + b, 0)
  let assigned = 0
  return weights.map((w, i) => {
    const part = i === weights.length - 1 ? amount - assigned : Math.round((amount * (sum > 0 ? w : 1)) / (sum > 0 ? sum : weights.length))
    assigned += part
    return part
  })
}

/** Keeps plan terms before extra ones, each group in number order, as checkout creates them. */
const ordered = (terms: TermRecord[]) => [...terms.filter(isPlan).sort((a, b) => a.number - b.number), ...terms.filter((t) => !isPlan(t))]

/**
 * PUT /terms: the unpaid plan terms are replaced by the new plan's remaining terms (those after the
 * ones already paid) sharing the pending amount by their percentages. When the new plan has no terms
 * left (say a single payment after one instalment was paid) the pending amount becomes one term due now.
 */
export const replacePlan = (group: TravelGroupRecord, booking: BookingRecord, plan: PaymentPlan, nextId: (prefix: string) => string): void => {
  const pending = planPendingOf(group, booking)
  const paid = booking.terms.filter((t) => isPlan(t) && t.paid_at)
  const kept = booking.terms.filter((t) => !isPlan(t) || t.paid_at)
  const remaining = plan.terms.slice(paid.length)
  const slots = remaining.length > 0 ? remaining : [{ number: paid.length + 1, percentage: 100, limit_date: null, penalty_limit_date: null }]
  const amounts = split(
    pending,
    slots.map((s) => s.percentage),
  )
  const fresh: TermRecord[] = slots.map((slot, i) => ({
    id: nextId('trm'),
    number: paid.length + i + 1,
    kind: 'plan',
    ...instalmentText(paid.length + i + 1),
    amount: amounts[i]!,
    limit_date: slot.limit_date,
    penalty_limit_date: slot.penalty_limit_date,
    penalty_amount: 0,
    paid_at: null,
    extra: null,
  }))
  booking.paymentPlanId = plan.id
  booking.terms = ordered([...kept, ...fresh])
}

/**
 * PUT /set-pack: the same plan, its unpaid terms re-priced to the new pending amount (ids and dates kept,
 * so a payment page that is open stays meaningful). Returns what was overpaid, if the new price is below
 * what has been paid already: the caller turns it into a refund.
 */
export const repriceUnpaid = (group: TravelGroupRecord, booking: BookingRecord, nextId: (prefix: string) => string): { overpaid: number } => {
  const pending = planPendingOf(group, booking)
  const unpaid = booking.terms.filter((t) => isPlan(t) && !t.paid_at)
  if (pending <= 0) {
    booking.terms = booking.terms.filter((t) => !(isPlan(t) && !t.paid_at))
    return { overpaid: -pending }
  }
  if (unpaid.length === 0) {
    const number = Math.max(0, ...booking.terms.filter(isPlan).map((t) => t.number)) + 1
    booking.terms = ordered([
      ...booking.terms,
      {
        id: nextId('trm'),
        number,
        kind: 'plan',
        ...instalmentText(number),
        amount: pending,
        limit_date: null,
        penalty_limit_date: null,
        penalty_amount: 0,
        paid_at: null,
        extra: null,
      },
    ])
    return { overpaid: 0 }
  }
  const plan = group.paymentPlans.find((p) => p.id === booking.paymentPlanId)
  const weights = unpaid.map((t) => plan?.terms.find((pt) => pt.number === t.number)?.percentage ?? 1)
  const amounts = split(pending, weights)
  unpaid.forEach((t, i) => {
    t.amount = amounts[i]!
  })
  return { overpaid: 0 }
}
