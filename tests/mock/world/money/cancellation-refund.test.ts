import { describe, expect, it } from 'vitest'
import { addDays } from '../../../../core/calendar.ts'
import { type CancellationInput, computeCancelBreakdown } from '../../../../mock/src/world/money/cancellation-refund.ts'

const TODAY = '2026-11-21'

// the seed's policy: 5 % penalty, fee by days before departure, 0.5 % terminal fee
const base: CancellationInput = {
  today: TODAY,
  start_at: addDays(TODAY, 90),
  members: 2,
  booking_total: 200_000,
  paid_terms: [{ amount: 100_000, penalty_amount: 0 }],
  card_paid: 100_000,
  policy: {
    penalty: { type: 'percentage', value: 5 },
    fee_schedule: [
      { min_days: 60, percentage: 0 },
      { min_days: 30, percentage: 15 },
      { min_days: 15, percentage: 35 },
      { min_days: 3, percentage: 60 },
      { min_days: 0, percentage: 100 },
    ],
    terminal_fee_percentage: 0.5,
  },
  deposit: 10_000,
  management_fee: 1_500,
}

describe('cancellation fee by days before departure', () => {
  // paid 1.000 €: deposit 200 €, penalty 5 % = 50 €, terminal 0,5 % = 5 €, management 15 €, then the fee on the 2.000 € total
  it.each([
    { days: 90, percentage: 0, fee: 0, refund: 73_000 },
    { days: 45, percentage: 15, fee: 30_000, refund: 43_000 },
    { days: 20, percentage: 35, fee: 70_000, refund: 3_000 },
    { days: 5, percentage: 60, fee: 120_000, refund: 0 },
    { days: 0, percentage: 100, fee: 200_000, refund: 0 },
  ])('$days days before: $percentage %', ({ days, percentage, fee, refund }) => {
    const b = computeCancelBreakdown({ ...base, start_at: addDays(TODAY, days) })
    expect(b.cancellation_fee).toEqual({ days_before_departure: days, percentage, amount: fee })
    expect(b.total_refund).toBe(refund)
    expect(b.total_refund).toBeGreaterThanOrEqual(0)
  })

  it('the row boundaries are inclusive (60 days is still free)', () => {
    expect(computeCancelBreakdown({ ...base, start_at: addDays(TODAY, 60) }).cancellation_fee.percentage).toBe(0)
    expect(computeCancelBreakdown({ ...base, start_at: addDays(TODAY, 59) }).cancellation_fee.percentage).toBe(15)
  })

  it('an unsorted schedule gives the same rows', () => {
    const shuffled = { ...base.policy, fee_schedule: [...base.policy.fee_schedule].reverse() }
    expect(computeCancelBreakdown({ ...base, policy: shuffled, start_at: addDays(TODAY, 20) }).cancellation_fee.percentage).toBe(35)
  })
})

describe('the other lines', () => {
  it('every line of the 90-day case', () => {
    expect(computeCancelBreakdown(base)).toEqual({
      total_paid: 100_000,
      deposit: 20_000,
      penalty: { type: 'percentage', value: 5, amount: 5_000 },
      late_payment_surcharge: 0,
      terminal_fees: 500,
      management_fee: 1_500,
      cancellation_fee: { days_before_departure: 90, percentage: 0, amount: 0 },
      total_refund: 73_000,
    })
  })

  it('a fixed penalty is its value in cents', () => {
    const b = computeCancelBreakdown({ ...base, policy: { ...base.policy, penalty: { type: 'fixed', value: 7_500 } } })
    expect(b.penalty).toEqual({ type: 'fixed', value: 7_500, amount: 7_500 })
    expect(b.total_refund).toBe(100_000 - 20_000 - 7_500 - 500 - 1_500)
  })

  it('a late-payment surcharge counts as paid and is not refunded', () => {
    const b = computeCancelBreakdown({
      ...base,
      paid_terms: [
        { amount: 60_000, penalty_amount: 0 },
        { amount: 40_000, penalty_amount: 2_500 },
      ],
      card_paid: 102_500,
    })
    expect(b.total_paid).toBe(102_500)
    expect(b.late_payment_surcharge).toBe(2_500)
    expect(b.penalty.amount).toBe(5_125)
    expect(b.terminal_fees).toBe(513)
    expect(b.total_refund).toBe(102_500 - 20_000 - 5_125 - 2_500 - 513 - 1_500)
  })

  it('terminal fees only on what went through the card terminal', () => {
    expect(computeCancelBreakdown({ ...base, card_paid: 0 }).terminal_fees).toBe(0)
    expect(computeCancelBreakdown({ ...base, card_paid: 40_000 }).terminal_fees).toBe(200)
  })

  it('the deposit is capped at what was paid', () => {
    const b = computeCancelBreakdown({ ...base, paid_terms: [{ amount: 15_000, penalty_amount: 0 }], card_paid: 15_000 })
    expect(b.deposit).toBe(15_000)
    expect(b.total_refund).toBe(0)
  })

  it('what is already being refunded for another reason is not refunded twice', () => {
    expect(computeCancelBreakdown({ ...base, already_refunded: 10_000 }).total_refund).toBe(63_000)
  })

  it('nothing paid refunds 0, never a negative amount', () => {
    const b = computeCancelBreakdown({ ...base, paid_terms: [], card_paid: 0, start_at: addDays(TODAY, 5) })
    expect(b.total_paid).toBe(0)
    expect(b.deposit).toBe(0)
    expect(b.total_refund).toBe(0)
  })
})
