import { describe, expect, it } from 'vitest'
import {
  actionFor,
  assertAgencyReturnUrl,
  createPayment,
  decidePayment,
  isPaymentSignature,
  paymentReturnUrl,
  paymentSignature,
} from '../../../../mock/src/world/money/provider-payments.ts'
import type { ScenarioTarget } from '../../../../contract/mock-control.ts'
import type { BookingRecord, PaymentRecord } from '../../../../mock/src/world/kernel/types.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Payments at the simulated card provider: a signed form, the payer's decision, and what paying settles.

const setUp = (scenarios: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ctx = worldContext(world, scenarios)
  const booking = world.bookings.find((b) => b.id === 'bkg-sol-1006')!
  const term = booking.terms.find((t) => !t.paid_at)!
  const { payment, action } = createPayment(ctx, booking, {
    termIds: [term.id],
    amount: term.amount,
    method: 'tpv',
    returnUrl: 'http://localhost:5173/payment',
  })
  return { world, ctx, booking, term, payment, action }
}

describe('provider payments', () => {
  it('a card payment is a form posted to the provider, signed over its id, amount and return address', () => {
    const { ctx, payment, action } = setUp()
    expect(action).toMatchObject({ type: 'redirect', method: 'POST', url: 'http://127.0.0.1:3333/__provider/pay', amount: payment.amount })
    expect(action.fields).toMatchObject({ payment: payment.id, amount: String(payment.amount), return_url: paymentReturnUrl(payment) })
    expect(isPaymentSignature(ctx.provider.secret, payment, action.fields['signature']!)).toBe(true)
    expect(isPaymentSignature('another-key', payment, action.fields['signature']!)).toBe(false)
    expect(isPaymentSignature(ctx.provider.secret, { ...payment, amount: 1 }, action.fields['signature']!)).toBe(false)
    expect(paymentSignature(ctx.provider.secret, payment)).toMatch(/^[0-9a-f]{64}$/)
    expect(payment.id).toMatch(/^pay-[0-9a-f]{24}$/)
  })

  it('a transfer, or nothing to pay, needs no provider', () => {
    const { ctx, payment } = setUp()
    expect(actionFor({ ...payment, method: 'transfer' }, ctx.provider)).toMatchObject({ type: 'none', url: null })
    expect(actionFor({ ...payment, amount: 0 }, ctx.provider)).toMatchObject({ type: 'none', url: null })
  })

  it('approved: the term paid, an invoice issued, the booking confirmed once nothing is pending', () => {
    const { world, ctx, booking, term, payment } = setUp()
    expect(booking.status).toBe('pending')
    expect(decidePayment(ctx.write, payment.id, 'approve', ctx.now)).toEqual({ returnUrl: paymentReturnUrl(payment) })
    expect(payment).toMatchObject({ status: 'paid', paid_at: ctx.now.toISOString() })
    expect(term.paid_at).toBe(ctx.now.toISOString())
    expect(booking.invoices.at(-1)!.amount).toBe(payment.amount)
    expect(booking.status).toBe('confirmed')
    // deciding again changes nothing
    const invoices = booking.invoices.length
    decidePayment(ctx.write, payment.id, 'approve', ctx.now)
    expect(booking.invoices).toHaveLength(invoices)
    expect(decidePayment(ctx.write, 'pay-unknown', 'approve', ctx.now)).toBeNull()
    expect(world.payments).toContain(payment)
  })

  it('payment-fails aimed at another booking or tenant leaves this payment alone; aimed at its booking, declines it', () => {
    const cases: [(booking: BookingRecord) => ScenarioTarget, PaymentRecord['status']][] = [
      [() => ({ tenant: 'ag-sol', travelGroup: 'tg-sol-lon', booking: 'bkg-sol-1001' }), 'paid'],
      [() => ({ tenant: 'ag-norte' }), 'paid'],
      [(booking) => ({ tenant: 'ag-sol', travelGroup: booking.travelGroupId, booking: booking.id }), 'failed'],
    ]
    for (const [targetOf, status] of cases) {
      const { world, ctx, booking, payment } = setUp()
      world.scenarios = [{ name: 'payment-fails', target: targetOf(booking) }]
      decidePayment(ctx.write, payment.id, 'approve', ctx.now)
      expect(payment.status, JSON.stringify(targetOf(booking))).toBe(status)
    }
  })

  it('declined, or any payment under payment-fails: failed as card_declined, nothing paid', () => {
    for (const [outcome, scenarios] of [
      ['decline', []],
      ['approve', ['payment-fails']],
    ] as const) {
      const { world, ctx, term, payment } = setUp()
      world.scenarios = scenarios.map((name) => ({ name, target: {} }))
      decidePayment(ctx.write, payment.id, outcome, ctx.now)
      expect(payment).toMatchObject({ status: 'failed', error_code: 'card_declined' })
      expect(term.paid_at).toBeNull()
    }
  })

  it('sends the payer back only to a page of the agency’s own portal', () => {
    const { ctx } = setUp()
    expect(refusal(() => assertAgencyReturnUrl(ctx, 'http://localhost:5173/payment'))).toBeUndefined()
    for (const url of ['https://evil.example/payment', 'javascript:alert(1)', 'http://norte.localhost/payment', 'not a url'])
      expect(
        refusal(() => assertAgencyReturnUrl(ctx, url)),
        url,
      ).toEqual({ status: 422, code: 'validation_error' })
  })
})
