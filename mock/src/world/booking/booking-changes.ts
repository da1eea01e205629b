// What a customer changes on a booking after it is made: the refund account, the payment plan, the
// pack, a notice read, the review of the trip.
import type { z } from 'zod'
import type { CreateReviewBody, UpdateBookingTermsBody } from '../../../../contract/generated/zod.ts'
import type { Notice, Review } from '../../../../contract/generated/model/index.ts'
import { checkedBankAccount } from '../money/bank-account.ts'
import { repriceUnpaid, replacePlan } from '../money/payment-plan.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingRecord } from '../kernel/types.ts'
import { groupOf } from '../kernel/booking-access.ts'
import { packSeatsLeft } from '../offer/seats-left.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** The account refunds are paid to. */
export const setBankAccount = (ctx: WorldContext, booking: BookingRecord, input: { owner: string; iban: string }): void => {
  booking.bank_account = checkedBankAccount(input, { ownerRequired: 'Debes indicar el beneficiario', ibanRequired: 'Debes indicar el número de cuenta' })
  ctx.save('bookings', booking)
}

/** A review of a trip that was taken and has ended; one per booking. */
export const reviewTrip = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof CreateReviewBody>): Review => {
  const group = groupOf(ctx.world, booking)
  if (booking.status === 'canceled' || booking.status === 'invited') fail(409, 'conflict', 'Only a trip that was taken can be reviewed.')
  if (ctx.today <= group.end_at) fail(409, 'conflict', 'The trip can be reviewed once it has ended.')
  if (booking.review) fail(409, 'conflict', 'This trip has already been reviewed.')
  const text = body.text?.trim() ? body.text.trim() : null
  booking.review = { rating: body.rating, text, created_at: ctx.now.toISOString() }
  ctx.save('bookings', booking)
  return booking.review
}

/** Another of the group's payment plans for what is still pending (paid terms stay as they were). */
export const changePlan = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateBookingTermsBody>): void => {
  const group = groupOf(ctx.world, booking)
  const plan =
    group.paymentPlans.find((p) => p.id === body.payment_plan_id) ??
    fail(422, 'validation_error', 'Unknown payment plan.', [{ field: 'payment_plan_id', code: 'enum', message: 'This travel group has no such payment plan.' }])
  const unpaid = booking.terms.filter((t) => t.kind === 'plan' && !t.paid_at)
  if (unpaid.length === 0) fail(409, 'conflict', 'Nothing is pending on this booking: the plan cannot change.')
  // The plan it already has: nothing changes (a PUT repeated leaves the same state, the same terms).
  if (booking.paymentPlanId === plan.id) return
  replacePlan(group, booking, plan, ctx.id)
  ctx.save('bookings', booking)
}

/** A notice of the booking marked read (once: reading it again keeps the first time). */
export const markNoticeRead = (ctx: WorldContext, booking: BookingRecord, noticeId: string): Notice => {
  const notice = booking.notices.find((n) => n.id === noticeId) ?? fail(404, 'not_found', 'No such notice in this booking.')
  if (notice.read_at === null) {
    notice.read_at = ctx.now.toISOString()
    ctx.save('bookings', booking)
  }
  return notice
}

/**
 * Another pack before the trip starts, when it has seats for everyone: what is still pending is priced
 * again, and what was paid beyond the new price becomes a pending refund.
 */
export const changePack = (ctx: WorldContext, booking: BookingRecord, packId: string): void => {
  const group = groupOf(ctx.world, booking)
  if (group.start_at <= ctx.today) fail(409, 'booking_already_traveled', 'The trip has started: the pack cannot change.')
  const pack =
    group.packs.find((p) => p.id === packId) ??
    fail(422, 'validation_error', 'Unknown pack.', [{ field: 'pack_id', code: 'enum', message: 'This travel group has no such pack.' }])
  if (pack.id === booking.packId) return
  if (packSeatsLeft(ctx, group, pack.id) < booking.members.length) fail(409, 'travel_group_pack_full', 'There are not enough seats left in that pack.')
  booking.packId = pack.id
  // an invitation has no plan yet: checkout prices it
  if (booking.paymentPlanId && booking.status !== 'invited') {
    const { overpaid } = repriceUnpaid(group, booking, ctx.id)
    if (overpaid > 0) {
      booking.refunds.push({
        id: ctx.id('rfd'),
        reason: 'other',
        amount: overpaid,
        type: 'transfer',
        status: 'pending',
        created_at: ctx.now.toISOString(),
        paid_at: null,
      })
    }
  }
  ctx.save('bookings', booking)
}
