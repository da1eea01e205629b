// Payments through the simulated card provider: create (with the form to post), complete, retry.
// Paying a booking's terms confirms the booking once nothing is left pending.
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js'

import type { PaymentAction } from '../../../../contract/generated/model/index.ts'
import type { WorldWriter } from '../kernel/world-writes.ts'
import { activeScenarios, bookingSubject } from '../kernel/active-scenarios.ts'
import { utcDay } from '../../../../core/calendar.ts'
import { statusAfterPayment } from '../../../../core/booking-status.ts'
import type { BookingRecord, PaymentRecord, World } from '../kernel/types.ts'
import type { ProviderKeys, ViewContext, WorldContext } from '../kernel/world-context.ts'
import { fail } from '../kernel/rule-failure.ts'
import { groupOf } from '../kernel/booking-access.ts'
import { lateTermPenalty } from './booking-account.ts'

/** What making a payment takes: the clock, the writer and the card provider's address and key. */
type PaymentContext = Pick<WorldContext, 'now' | 'insert' | 'provider'>

/**
 * Where the card provider may send the payer back to: a page of this agency's own portal (one of its
 * hosts, http or https). Anything else would make the provider an open redirect (a phishing page, or a
 * javascript: url), so it is a 422 on return_url before any payment is made.
 */
export const assertAgencyReturnUrl = (ctx: Pick<WorldContext, 'agency'>, url: string): void => {
  let ok = false
  try {
    const u = new URL(url)
    ok = (u.protocol === 'http:' || u.protocol === 'https:') && (ctx.agency.hosts.includes(u.host) || ctx.agency.hosts.includes(u.hostname))
  } catch {
    ok = false
  }
  if (!ok)
    fail(422, 'validation_error', "The return url must be a page of this agency's portal.", [
      { field: 'return_url', code: 'format', message: "The return url must be a page of this agency's portal." },
    ])
}

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

export const actionFor = (payment: PaymentRecord, provider: ProviderKeys): PaymentAction =>
  payment.method === 'transfer' || payment.amount === 0
    ? { payment_id: payment.id, type: 'none', method: 'GET', url: null, fields: {}, amount: payment.amount }
    : {
        payment_id: payment.id,
        type: 'redirect',
        method: 'POST',
        url: `${provider.base}/__provider/pay`,
        fields: {
          payment: payment.id,
          amount: String(payment.amount),
          signature: paymentSignature(provider.secret, payment),
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
  return { payment, action: actionFor(payment, ctx.provider) }
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

/** QA's payment-fails scenario, for this payment's booking, its trip, its tenant or everyone. */
const paymentFails = (world: World, payment: PaymentRecord): boolean => {
  const booking = world.bookings.find((b) => b.id === payment.bookingId)
  const subject = booking === undefined ? {} : bookingSubject(booking)
  return activeScenarios(world, payment.agencyId).has('payment-fails', subject)
}

/** The payer approved or declined on the provider's page: the payment's outcome, and where to send the payer back. */
export const decidePayment = (writer: WorldWriter, paymentId: string, outcome: 'approve' | 'decline', now: Date): { returnUrl: string } | null => {
  const world = writer.world
  const payment = world.payments.find((p) => p.id === paymentId)
  if (!payment) return null
  const returnUrl = paymentReturnUrl(payment)
  if (payment.status !== 'pending') return { returnUrl }
  const declined = outcome === 'decline' || paymentFails(world, payment)
  if (declined) {
    payment.status = 'failed'
    payment.error_code = 'card_declined'
    writer.save('payments', payment)
  } else {
    settlePayment(writer, payment, now)
  }
  return { returnUrl }
}
