// @vitest-environment happy-dom
// Taking the payer to the provider: the form is the action's fields as they are, posted once per
// payment however often the button is pressed; where to come back to is remembered per tab.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PaymentAction } from '@contract/generated/model/paymentAction'
import { buildProviderForm, needsRedirect, paymentReturn, rememberPaymentReturn, resetSubmittedPayment, submitPaymentAction } from '@/lib/domain/payment-action'

const action = (over: Partial<PaymentAction> = {}): PaymentAction => ({
  payment_id: 'pay-1',
  type: 'redirect',
  method: 'POST',
  url: 'http://localhost:3333/__provider/pay',
  fields: { payment: 'pay-1', amount: '192500', signature: 'abc', return_url: 'http://localhost:5173/payment/pay-1' },
  amount: 192500,
  ...over,
})

beforeEach(() => {
  resetSubmittedPayment()
  sessionStorage.clear()
})
afterEach(() => document.body.replaceChildren())

describe('the provider form', () => {
  it('posts every field of the action, unchanged, as hidden inputs', () => {
    const form = buildProviderForm(action())
    expect(form.method).toBe('post')
    expect(form.action).toBe('http://localhost:3333/__provider/pay')
    const inputs = [...form.querySelectorAll('input')]
    expect(inputs.every((i) => i.type === 'hidden')).toBe(true)
    expect(Object.fromEntries(inputs.map((i) => [i.name, i.value]))).toEqual(action().fields)
  })

  it('no provider address: nothing to build', () => {
    expect(() => buildProviderForm(action({ url: null }))).toThrow()
  })

  it('needs a redirect only for a card payment with an address', () => {
    expect(needsRedirect(action())).toBe(true)
    expect(needsRedirect(action({ type: 'none', url: null }))).toBe(false)
    expect(needsRedirect(action({ url: null }))).toBe(false)
  })

  it('submits once per payment, however many clicks', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
    expect(submitPaymentAction(action())).toBe(true)
    expect(submitPaymentAction(action())).toBe(true)
    expect(submit).toHaveBeenCalledTimes(1)
    expect(document.querySelectorAll('form[data-payment-id="pay-1"]')).toHaveLength(1)
    // a retry is a new payment: it goes
    submitPaymentAction(action({ payment_id: 'pay-2' }))
    expect(submit).toHaveBeenCalledTimes(2)
  })

  it('a transfer (nothing to do at a provider) submits nothing', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined)
    expect(submitPaymentAction(action({ type: 'none', url: null, fields: {} }))).toBe(false)
    expect(submit).not.toHaveBeenCalled()
  })
})

describe('where to come back to', () => {
  it('remembers a checkout or a booking per payment, in this tab only', () => {
    rememberPaymentReturn('pay-1', { kind: 'checkout', travelGroupId: 'tg-sol-lon', bookingId: 'bkg-1' })
    rememberPaymentReturn('pay-2', { kind: 'booking', bookingId: 'bkg-2' })
    expect(paymentReturn('pay-1')).toEqual({ kind: 'checkout', travelGroupId: 'tg-sol-lon', bookingId: 'bkg-1' })
    expect(paymentReturn('pay-2')).toEqual({ kind: 'booking', bookingId: 'bkg-2' })
    expect(paymentReturn('pay-3')).toBeNull()
    expect(localStorage.length).toBe(0)
  })

  it.each(['not json', '{"kind":"checkout"}', '{"kind":"other","bookingId":"b"}', '42'])('ignores a stored %s', (raw) => {
    sessionStorage.setItem('portal.payment.pay-9', raw)
    expect(paymentReturn('pay-9')).toBeNull()
  })
})
