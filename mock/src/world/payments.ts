// Payments through the simulated card provider: create (with the form to post), complete, retry.
// Paying a booking's terms confirms the booking once nothing is left pending.
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js'

import type { PaymentAction } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime.ts'
import type { WorldWriter } from '../store/world-writes.ts'
import { activeScenarios } from '../scenarios.ts'
import { utcDay } from '../../../core/calendar.ts'
import { statusAfterPayment } from '../../../core/booking-status.ts'
import type { BookingRecord, PaymentRecord, World } from './types.ts'
import { groupOf, lateTermPenalty, type ViewContext } from './views.ts'

/** providerSecret: the key the API and the card provider share (rt.options.providerSecret). */
type PaymentContext = { world: World; now: Date; insert: WorldWriter['insert']; providerBase: string; providerSecret: string }

/** What making a payment's form takes from the request it answers: the provider's address (the mock's own origin) and key. */
export const paymentContext = (ctx: { world: World; now: Date; request: Request; rt: Runtime; insert: WorldWriter['insert'] }): PaymentContext => ({
  world: ctx.world,
  now: ctx.now,
  insert: ctx.insert,
  providerBase: new URL(ctx.request.url).origin,
  providerSecret: ctx.rt.options.providerSecret,
})

/** A new key for the API and the card provider to sign payment forms with. */
export const newProviderSecret = (): string => bytesToHex(randomBytes(32))

/** Where the provider sends the payer back to once the payment is decided. */
export const paymentReturnUrl = (payment: PaymentRecord): string => `${payment.returnUrl.replace(/\/$/, '')}/${payment.id}`

/**
 * The merchant signature of a payment form, as real card providers ask for (HMAC-SHA256 over what the
 * payer must not change: the payment, its amount and where the payer goes back to). Without the key,
 * nobody can make a form the provider accepts, or complete someone else's payment.
 */
export const paymentSignature = (secret: string, payment: PaymentRecord): string =>
  bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${payment.id}\n${payment.amount}\n${paymentReturnUrl(payment)}`)))

/** Compares a signature the payer sent with the right one, in time that does not depend on where they differ. */
export const isPaymentSignature = (secret: string, payment: PaymentRecord, given: string): boolean => {
  const expected = paymentSignature(secret, payment)
  if (given.length !== expected.length) return false
  let diff = 0
  for (let i = 0; i < expected.length; i += 1) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i)
  return diff === 0
}

export const actionFor = (payment: PaymentRecord, { providerBase, providerSecret }: Pick<PaymentContext, 'providerBase' | 'providerSecret'>): PaymentAction =>
  payment.method === 'transfer' || payment.amount === 0
    ? { payment_id: payment.id, type: 'none', method: 'GET', url: null, fields: {}, amount: payment.amount }
    : {
        payment_id: payment.id,
        type: 'redirect',
        method: 'POST',
        url: `${providerBase}/__provider/pay`,
        fields: {
          payment: payment.id,
          amount: String(payment.amount),
          signature: paymentSignature(providerSecret, payment),
          return_url: paymentReturnUrl(payment),
        },
        amount: payment.amount,
      }

export const createPayment = (
  ctx: PaymentContext,
  booking: BookingRecord,
  opts: { termIds: string[]; amount: number; method: 'tpv' | 'transfer'; returnUrl: string },
): { payment: PaymentRecord; action: PaymentAction } => {
  const payment: PaymentRecord = {
    // Not a counter: a payment's id must not let anyone guess the next one.
    id: `pay-${bytesToHex(randomBytes(12))}`,
    agencyId: booking.agencyId,
    bookingId: booking.id,
    termIds: opts.termIds,
    amount: opts.amount,
    method: opts.method,
    status: 'pending',
    created_at: ctx.now.toISOString(),
    paid_at: null,
    error_code: null,
    returnUrl: opts.returnUrl,
    retriedBy: null,
  }
  ctx.insert('payments', payment)
  return { payment, action: actionFor(payment, ctx) }
}

/** Marks a payment paid: its terms paid (the last carrying any late penalty), an invoice, and the booking confirmed when nothing is pending. */
const settlePayment = (writer: WorldWriter, payment: PaymentRecord, now: Date) => {
  const world = writer.world
  const booking = world.bookings.find((b) => b.id === payment.bookingId)
  payment.status = 'paid'
  payment.paid_at = now.toISOString()
  payment.error_code = null
  writer.save('payments', payment)
  if (!booking) return
  const group = groupOf(world, booking)
  const vctx: ViewContext = { world, now, today: utcDay(now), scenarios: activeScenarios(world, booking.agencyId) }
  const penalty = lateTermPenalty(vctx, group, booking)
  const planTerms = booking.terms.filter((t) => t.kind === 'plan')
  const lastPlan = planTerms[planTerms.length - 1]
  for (const term of booking.terms) {
    if (!payment.termIds.includes(term.id) || term.paid_at) continue
    if (term === lastPlan) term.penalty_amount = penalty
    term.paid_at = payment.paid_at
    if (term.extra) {
      const member = booking.members.find((m) => m.id === term.extra!.member_id)
      const isInsurance = group.insurances.some((i) => i.id === term.extra!.item_id)
      if (member && isInsurance) member.insurance_id = term.extra.item_id
      else if (member && !member.extras.includes(term.extra.item_id)) member.extras.push(term.extra.item_id)
    }
  }
  booking.invoices.push({
    id: writer.id('inv'),
    number: `F${payment.paid_at.slice(0, 4)}-${writer.id('n').split('-')[1]}`,
    issued_at: payment.paid_at.slice(0, 10),
    amount: payment.amount,
  })
  booking.status = statusAfterPayment(booking.status)
  writer.save('bookings', booking)
}

/** Called by the provider page when the payer approves or declines. Returns where to send the payer back. */
export const completeProviderPayment = (rt: Runtime, paymentId: string, outcome: 'approve' | 'decline'): { returnUrl: string } | null =>
  rt.write((writer) => decidePayment(writer, paymentId, outcome, rt.now()))

const decidePayment = (writer: WorldWriter, paymentId: string, outcome: 'approve' | 'decline', now: Date): { returnUrl: string } | null => {
  const world = writer.world
  const payment = world.payments.find((p) => p.id === paymentId)
  if (!payment) return null
  const returnUrl = paymentReturnUrl(payment)
  if (payment.status !== 'pending') return { returnUrl }
  const declined = outcome === 'decline' || activeScenarios(world, payment.agencyId).has('payment-fails')
  if (declined) {
    payment.status = 'failed'
    payment.error_code = 'card_declined'
    writer.save('payments', payment)
  } else {
    settlePayment(writer, payment, now)
  }
  return { returnUrl }
}
