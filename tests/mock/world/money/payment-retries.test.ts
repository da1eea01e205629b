import { describe, expect, it } from 'vitest'
import { paymentOf, resumePayment, retryPayment } from '../../../../mock/src/world/money/payment-retries.ts'
import { createPayment, decidePayment } from '../../../../mock/src/world/money/provider-payments.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// A payment after it was made: going back to the provider, and a retry that can never charge twice.

const setUp = () => {
  const world = freshWorld()
  const ana = worldContext(world)
  const booking = world.bookings.find((b) => b.id === 'bkg-sol-1006')!
  const term = booking.terms.find((t) => !t.paid_at)!
  const { payment } = createPayment(ana, booking, { termIds: [term.id], amount: term.amount, method: 'tpv', returnUrl: 'http://localhost:5173/payment' })
  return { world, ana, booking, term, payment }
}

describe('payment retries', () => {
  it('a payment is found only by a customer who sees its booking', () => {
    const { world, ana, payment } = setUp()
    expect(paymentOf(ana, payment.id).payment).toBe(payment)
    expect(refusal(() => paymentOf(worldContext(world, { email: 'marta.lopez@example.com' }), payment.id))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => paymentOf(ana, 'pay-none'))).toEqual({ status: 404, code: 'not_found' })
  })

  it('a retry closes the payment it replaces, and going back to the old one leads to the new one', () => {
    const { ana, payment } = setUp()
    const retry = retryPayment(ana, payment.id)
    expect(retry.payment_id).not.toBe(payment.id)
    expect(payment).toMatchObject({ status: 'failed', error_code: 'abandoned', retriedBy: retry.payment_id })
    expect(resumePayment(ana, payment.id).payment_id).toBe(retry.payment_id)
  })

  it('once the terms are paid, neither a retry nor going back can charge them again', () => {
    const { ana, payment } = setUp()
    const retry = retryPayment(ana, payment.id)
    decidePayment(ana.write, retry.payment_id, 'approve', ana.now)
    expect(refusal(() => retryPayment(ana, payment.id))).toEqual({ status: 409, code: 'payment_already_completed' })
    expect(refusal(() => resumePayment(ana, payment.id))).toEqual({ status: 409, code: 'payment_already_completed' })
  })

  it('a term past its limit date cannot be retried: the agency must be asked', () => {
    const { ana, term, payment } = setUp()
    term.limit_date = '2026-11-01'
    expect(refusal(() => retryPayment(ana, payment.id))).toEqual({ status: 409, code: 'payment_term_limit_date_excedeed' })
  })
})
