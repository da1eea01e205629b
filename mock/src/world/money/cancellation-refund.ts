// The cancellation refund, line by line (SPEC §3, §9). Pure: booking/cancellation.ts gathers the inputs.
import type { CancelBreakdown } from '../../../../contract/generated/model/index.ts'
import { daysBetween } from '../../../../core/calendar.ts'
import type { CancellationPolicy } from '../kernel/types.ts'

export type CancellationInput = {
  today: string
  start_at: string
  members: number
  /** what the booking costs in all (the cart total): the base of the cancellation fee */
  booking_total: number
  /** the paid terms: base amount and the late-payment penalty paid with it */
  paid_terms: { amount: number; penalty_amount: number }[]
  /** the part of what was paid that went through the card terminal */
  card_paid: number
  policy: CancellationPolicy
  /** per member */
  deposit: number
  management_fee: number
  /** refunds already owed for other reasons (an overpayment after a pack change): not paid back twice */
  already_refunded?: number
}

const pct = (base: number, percentage: number) => Math.round((base * percentage) / 100)

/** The fee row for a number of days before departure: the one with the largest min_days not above it. */
export const feeRowFor = (schedule: CancellationPolicy['fee_schedule'], days: number) => {
  const sorted = [...schedule].sort((a, b) => b.min_days - a.min_days)
  // fewer days than any row (or departure passed): the strictest row applies
  return sorted.find((row) => row.min_days <= days) ?? sorted[sorted.length - 1] ?? { min_days: 0, percentage: 0 }
}

export const computeCancelBreakdown = (input: CancellationInput): CancelBreakdown => {
  const total_paid = input.paid_terms.reduce((sum, t) => sum + t.amount + t.penalty_amount, 0)
  // the deposit is kept, but never more than was actually paid
  const deposit = Math.min(input.deposit * input.members, total_paid)
  const { type, value } = input.policy.penalty
  const penalty = { type, value, amount: type === 'fixed' ? value : pct(total_paid, value) }
  const late_payment_surcharge = input.paid_terms.reduce((sum, t) => sum + t.penalty_amount, 0)
  const terminal_fees = pct(input.card_paid, input.policy.terminal_fee_percentage)
  const management_fee = input.management_fee
  const days = daysBetween(input.today, input.start_at)
  const row = feeRowFor(input.policy.fee_schedule, days)
  const cancellation_fee = { days_before_departure: days, percentage: row.percentage, amount: pct(input.booking_total, row.percentage) }
  const kept = deposit + penalty.amount + late_payment_surcharge + terminal_fees + management_fee + cancellation_fee.amount
  return {
    total_paid,
    deposit,
    penalty,
    late_payment_surcharge,
    terminal_fees,
    management_fee,
    cancellation_fee,
    // the customer never owes money back through a cancellation
    total_refund: Math.max(0, total_paid - kept - (input.already_refunded ?? 0)),
  }
}
