// Taking the payer to the card provider. Checkout, a booking's payments and the payment result
// page all get a PaymentAction from the API (checkout, purchase, pay-extra-term, redirect, retry);
// this is the one place that turns it into the provider's form and submits it.
import type { PaymentAction } from '@contract/generated/model/paymentAction'

/** True when the action sends the payer to the provider (a card payment with something to pay). */
export const needsRedirect = (action: PaymentAction): boolean => action.type === 'redirect' && Boolean(action.url)

/**
 * Builds `<form method=POST action=url>` with one hidden input per field of the action, exactly as
 * the provider expects them (a real gateway signs these fields, so they are never changed here).
 */
export function buildProviderForm(action: PaymentAction, doc: Document = document): HTMLFormElement {
  if (!action.url) throw new Error('This payment action has no provider address')
  const form = doc.createElement('form')
  form.method = action.method === 'GET' ? 'get' : 'post'
  form.action = action.url
  form.acceptCharset = 'UTF-8'
  form.hidden = true
  form.dataset.paymentId = action.payment_id
  for (const [name, value] of Object.entries(action.fields)) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = String(value)
    form.appendChild(input)
  }
  return form
}

let submitted: string | null = null

// Back from the provider with the browser's back button, the page may come out of the back-forward
// cache as it was: the payer may then go to the provider again.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) submitted = null
  })
}

/**
 * Submits the provider's form: the page navigates away. A second call for the same payment while
 * this page is still unloading is ignored, so a double click never opens two payments.
 */
export function submitPaymentAction(action: PaymentAction, doc: Document = document): boolean {
  if (!needsRedirect(action)) return false
  if (submitted === action.payment_id) return true
  submitted = action.payment_id
  const form = buildProviderForm(action, doc)
  doc.body.appendChild(form)
  form.submit()
  return true
}

/** Tests only: forget the last submitted payment. */
export const resetSubmittedPayment = () => {
  submitted = null
}

/** Where the payer should land after the provider: the checkout of a travel group, or a booking's payments. */
export type PaymentReturn = { kind: 'checkout'; travelGroupId: string; bookingId: string } | { kind: 'booking'; bookingId: string }

const returnKey = (paymentId: string) => `portal.payment.${paymentId}`

const session = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

/** Remembered per tab before leaving for the provider (sessionStorage: gone with the tab). */
export function rememberPaymentReturn(paymentId: string, target: PaymentReturn): void {
  try {
    session()?.setItem(returnKey(paymentId), JSON.stringify(target))
  } catch {
    // Without storage the result page still works; it only cannot tell where the payment came from.
  }
}

export function paymentReturn(paymentId: string): PaymentReturn | null {
  try {
    const value = JSON.parse(session()?.getItem(returnKey(paymentId)) ?? 'null') as unknown
    if (!value || typeof value !== 'object') return null
    const v = value as Record<string, unknown>
    if (v.kind === 'checkout' && typeof v.travelGroupId === 'string' && typeof v.bookingId === 'string') {
      return { kind: 'checkout', travelGroupId: v.travelGroupId, bookingId: v.bookingId }
    }
    if (v.kind === 'booking' && typeof v.bookingId === 'string') return { kind: 'booking', bookingId: v.bookingId }
    return null
  } catch {
    return null
  }
}

/**
 * Pages that send the payer to the provider keep their pay button busy until the page leaves. If
 * the browser brings the page back from its back-forward cache (the payer pressed "back" on the
 * provider's page), it would come back busy: reload it instead, so it shows the current state.
 * Returns the clean-up for an effect.
 */
export function reloadWhenRestoredFromCache(): () => void {
  if (typeof window === 'undefined') return () => undefined
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) window.location.reload()
  }
  window.addEventListener('pageshow', onShow)
  return () => window.removeEventListener('pageshow', onShow)
}
