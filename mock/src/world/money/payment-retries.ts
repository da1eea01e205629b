// A payment after it was made (at checkout or later): going back to the provider, and a retry after a
// failure, with what keeps a payer from paying the same terms twice.
import type { PaymentAction } from '../../../../contract/generated/model/index.ts'
import { actionFor, createPayment } from './provider-payments.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingRecord, PaymentRecord } from '../kernel/types.ts'
import { termStatus } from './booking-account.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** A payment of a booking the signed-in customer can see (buyer, passenger or guardian); anything else is 404. */
export const paymentOf = (ctx: WorldContext, id: string | undefined): { payment: PaymentRecord; booking: BookingRecord } => {
  const me = ctx.me()
  const payment = ctx.world.payments.find((p) => p.id === id && p.agencyId === ctx.agency.id)
  const booking = payment ? ctx.world.bookings.find((b) => b.id === payment.bookingId && b.agencyId === ctx.agency.id) : undefined
  if (!payment || !booking || !booking.access.some((a) => a.customerId === me.id)) return fail(404, 'not_found', 'No such payment.')
  return { payment, booking }
}

/** Nothing can be paid on a canceled booking; the payment is gone as far as the payer is concerned. */
const payable = (booking: BookingRecord) => {
  if (booking.status === 'canceled') fail(404, 'not_found', 'This booking is canceled: its payments can no longer be made.')
}

/** The payment's terms already settled (by this payment or by any other, e.g. a retry in another tab). */
const alreadyPaid = (payment: PaymentRecord, booking: BookingRecord) =>
  payment.status === 'paid' || (payment.termIds.length > 0 && booking.terms.filter((t) => payment.termIds.includes(t.id)).every((t) => t.paid_at !== null))

/** Follows retries to the payment that currently stands for these terms. */
const latestOf = (ctx: WorldContext, payment: PaymentRecord) => {
  let latest = payment
  const seen = new Set<string>([latest.id])
  while (latest.retriedBy) {
    const next = ctx.world.payments.find((p) => p.id === latest.retriedBy)
    if (!next || seen.has(next.id)) break
    seen.add(next.id)
    latest = next
  }
  return latest
}

/** Where the payer goes to pay: the payment that now stands for its terms (a retry's, if it was retried). */
export const resumePayment = (ctx: WorldContext, id: string | undefined): PaymentAction => {
  const { payment, booking } = paymentOf(ctx, id)
  payable(booking)
  // a payment replaced by a retry sends the payer to its replacement
  const latest = latestOf(ctx, payment)
  if (alreadyPaid(latest, booking)) fail(409, 'payment_already_completed', 'This payment is already completed.')
  return actionFor(latest, ctx.provider)
}

/** A new payment for the same terms after a failed or abandoned one; the old one can no longer charge them. */
export const retryPayment = (ctx: WorldContext, id: string | undefined): PaymentAction => {
  const { payment, booking } = paymentOf(ctx, id)
  payable(booking)
  const latest = latestOf(ctx, payment)
  if (alreadyPaid(latest, booking)) fail(409, 'payment_already_completed', 'This payment is already completed.')
  const expired = booking.terms.some((t) => latest.termIds.includes(t.id) && !t.paid_at && termStatus(ctx, booking, t) === 'expired')
  if (expired) fail(409, 'payment_term_limit_date_excedeed', 'The payment term has expired: contact the agency to pay it.')
  // An abandoned payment is closed before its replacement opens, so a provider page left open in
  // another tab can no longer charge the same terms twice.
  if (latest.status === 'pending') {
    latest.status = 'failed'
    latest.error_code = 'abandoned'
  }
  const { payment: next, action } = createPayment(ctx, booking, {
    termIds: latest.termIds,
    amount: latest.amount,
    method: latest.method,
    returnUrl: latest.returnUrl,
  })
  latest.retriedBy = next.id
  ctx.save('payments', latest)
  return action
}
