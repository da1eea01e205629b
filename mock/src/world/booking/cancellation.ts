// Cancelling a booking (SPEC §3): when it may be cancelled, what is refunded (money/cancellation-refund.ts works the
// lines out), and what the cancellation frees and tells the buyer and the minors' guardians.
import type { z } from 'zod'
import type { CancelBookingBody } from '../../../../contract/generated/zod.ts'
import type { CancelBreakdown, Refund } from '../../../../contract/generated/model/index.ts'
import { formatAmount } from '../../../../core/money.ts'
import { checkedBankAccount } from '../money/bank-account.ts'
import { groupOf, guardianEmailsOfMinors } from '../kernel/booking-access.ts'
import { computeCancelBreakdown } from '../money/cancellation-refund.ts'
import { sendMail } from '../kernel/outbox.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingRecord, TravelGroupRecord } from '../kernel/types.ts'
import { bookingCart } from '../money/booking-account.ts'
import { buyerValid } from '../people/document-validity.ts'
import { bookingSubject } from '../kernel/active-scenarios.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** The trip has started (or QA says it has): from then on it cannot be cancelled. */
const hasTraveled = (ctx: WorldContext, group: TravelGroupRecord, booking: BookingRecord) =>
  group.start_at <= ctx.today || ctx.scenarios.has('already-traveled', bookingSubject(booking))

/** The cancellation rules, in the order the portal explains them. */
const assertCancelable = (ctx: WorldContext, booking: BookingRecord, group: TravelGroupRecord) => {
  if (booking.status === 'canceled') fail(409, 'booking_not_cancelable', 'The booking is already canceled.')
  if (hasTraveled(ctx, group, booking)) fail(409, 'booking_already_traveled', 'The trip has taken place: the booking cannot be cancelled.')
  if (!buyerValid(booking.buyer)) fail(409, 'billing_data_incomplete', 'Complete the billing data before cancelling.')
}

const cardPaidOf = (ctx: WorldContext, booking: BookingRecord) =>
  ctx.world.payments.filter((p) => p.bookingId === booking.id && p.status === 'paid' && p.method === 'tpv').reduce((sum, p) => sum + p.amount, 0)

const breakdownOf = (ctx: WorldContext, booking: BookingRecord, group: TravelGroupRecord): CancelBreakdown =>
  computeCancelBreakdown({
    today: ctx.today,
    start_at: group.start_at,
    members: booking.members.length,
    booking_total: bookingCart(ctx, group, booking).total,
    paid_terms: booking.terms.filter((t) => t.paid_at).map((t) => ({ amount: t.amount, penalty_amount: t.penalty_amount })),
    card_paid: cardPaidOf(ctx, booking),
    policy: group.cancellation,
    deposit: group.deposit,
    management_fee: group.management_fee,
    already_refunded: booking.refunds.filter((r) => r.reason !== 'cancelation').reduce((sum, r) => sum + r.amount, 0),
  })

/** What cancelling today would refund, line by line; 409 when the booking cannot be cancelled. */
export const cancelBreakdown = (ctx: WorldContext, booking: BookingRecord): CancelBreakdown => {
  const group = groupOf(ctx.world, booking)
  assertCancelable(ctx, booking, group)
  return breakdownOf(ctx, booking, group)
}

/** Frees what a canceled booking held: seats and rooms follow from the status; rooming places do not. */
const releaseBooking = (ctx: WorldContext, booking: BookingRecord) => {
  for (const list of ctx.world.roomingLists) {
    if (list.travelGroupId !== booking.travelGroupId) continue
    if (!list.rooms.some((room) => room.members.some((m) => m.booking_id === booking.id))) continue
    for (const room of list.rooms) room.members = room.members.filter((m) => m.booking_id !== booking.id)
    ctx.save('roomingLists', list)
  }
  // a payment still open at the provider must not pay terms of a canceled booking
  for (const p of ctx.world.payments) {
    if (p.bookingId === booking.id && p.status === 'pending') {
      p.status = 'failed'
      p.error_code = 'booking_canceled'
      ctx.save('payments', p)
    }
  }
}

/**
 * Cancels the booking: the refund (if any) to the account given, the rooming places and open payments
 * freed, and an e-mail to the buyer and to the guardians of its minors.
 */
export const cancelBooking = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof CancelBookingBody>): void => {
  const group = groupOf(ctx.world, booking)
  const account = checkedBankAccount(body, { ownerRequired: 'Debes indicar el titular de la cuenta', ibanRequired: 'Debes indicar el IBAN' })
  assertCancelable(ctx, booking, group)
  const breakdown = breakdownOf(ctx, booking, group)
  const requestedAt = ctx.now.toISOString()
  booking.status = 'canceled'
  booking.bank_account = account
  booking.cancel_refund = {
    reason: body.reason,
    comment: body.comment?.trim() ? body.comment.trim() : null,
    ...account,
    requested_at: requestedAt,
    breakdown,
  }
  if (breakdown.total_refund > 0) {
    const refund: Refund = {
      id: ctx.id('rfd'),
      reason: 'cancelation',
      amount: breakdown.total_refund,
      type: 'transfer',
      status: 'pending',
      created_at: requestedAt,
      paid_at: null,
    }
    booking.refunds.push(refund)
  }
  ctx.save('bookings', booking)
  releaseBooking(ctx, booking)
  const recipients = new Set<string>([...(booking.buyer ? [booking.buyer.email.toLowerCase()] : []), ...guardianEmailsOfMinors(ctx, booking)])
  for (const to of recipients) {
    sendMail(
      ctx,
      to,
      `${ctx.agency.name}: cancelación de la reserva ${booking.locator}`,
      `Hemos recibido la cancelación de la reserva ${booking.locator} (${group.name}). Importe a reembolsar: ${formatAmount(breakdown.total_refund)}, por transferencia a la cuenta ${account.iban.slice(0, 4)} **** ${account.iban.slice(-4)}.`,
      null,
    )
  }
}
