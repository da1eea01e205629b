// The checkout (POST /travelgroup/{id}/checkout): a body checked whole, the customer's own live hold,
// the booking written (an invitation becomes it), its terms and its first payment, and the e-mail.
// Read top-down: validate, take the hold, write the booking, pay.
import type { z } from 'zod'
import type { CheckoutBody } from '../../../../contract/generated/zod.ts'
import type { CheckoutResult, ErrorCode, FieldError } from '../../../../contract/generated/model/index.ts'
import { buyerIsMinor, isDocumentNumber, normalizeDocumentNumber } from '../../../../core/document-number.ts'
import { isOnSale } from '../../../../core/pricing.ts'
import { planTermRecords } from '../money/payment-plan.ts'
import { bookingPenaltyOn, findVoucher, isBookable, sameRooms, voucherDiscount } from '../offer/travel-group-offer.ts'
import { blankBooking, locatorFor, newMember } from './new-booking.ts'
import { customerBookingsIn } from '../kernel/booking-access.ts'
import { groupSeatsLeft, isActiveLock, packSeatsLeft } from '../offer/seats-left.ts'
import { sendMail } from '../kernel/outbox.ts'
import { actionFor, assertAgencyReturnUrl, createPayment } from '../money/provider-payments.ts'
import { bookingTotal } from '../offer/booking-price.ts'
import { roomingConfirmed, roomMemberName } from './rooming.ts'
import { fail, invalid } from '../kernel/rule-failure.ts'
import { checkPartyAndRooms } from '../offer/seat-locks.ts'
import type { BookingRecord, CustomerRecord, LockRecord, MemberRecord, TravelGroupRecord } from '../kernel/types.ts'
import type { WorldContext } from '../kernel/world-context.ts'

type CheckoutInput = z.infer<typeof CheckoutBody>

/** Everything about the body that can be wrong whatever the seats: 422s, all found at once where they are per field. */
const validateCheckout = (ctx: WorldContext, group: TravelGroupRecord, body: CheckoutInput) => {
  checkPartyAndRooms(group, body.pack_id, body.members.length, body.rooms)
  if (!group.paymentPlans.some((p) => p.id === body.payment_plan_id))
    invalid('payment_plan_id', 'not_found', 'Choose one of the payment plans of this travel group.')
  if (!group.paymentMethods.some((m) => m.id === body.payment_method_id))
    invalid('payment_method_id', 'not_found', 'Choose one of the payment methods of this travel group.')
  assertAgencyReturnUrl(ctx, body.return_url)
  if (body.buyer.type === 'company' && !body.buyer.company_name?.trim()) invalid('buyer.company_name', 'required', 'The company name is required.')

  // Server-side format rule: numbers and letters only, reported with the product's own codes.
  const formatErrors: (FieldError & { code: ErrorCode })[] = []
  body.members.forEach((m, i) => {
    if (!isDocumentNumber(m.document_number.trim())) {
      const code = m.document_type === 'dni' ? 'dni_wrong_format' : 'passport_wrong_format'
      formatErrors.push({ field: `members.${i}.document_number`, code, message: 'Only numbers and letters, without spaces or dashes.' })
    }
  })
  if (!isDocumentNumber(body.buyer.tax_id.trim())) {
    const code = body.buyer.type === 'company' ? 'cif_wrong_format' : 'nif_wrong_format'
    formatErrors.push({ field: 'buyer.tax_id', code, message: 'Only numbers and letters, without spaces or dashes.' })
  }
  // the first wrong one names the error; every wrong field is listed
  if (formatErrors.length) fail(422, formatErrors[0]!.code, 'A document number has the wrong format.', formatErrors)

  // A minor cannot make the purchase: the buyer is a person whose id is that of a passenger under 18.
  if (ctx.scenarios.has('minor-buyer', { travelGroup: group.id }) || buyerIsMinor({ buyer: body.buyer, travellers: body.members }, ctx.today))
    invalid('buyer.declares_capacity', 'minor_buyer', 'The purchase cannot be made by a minor.')

  const itemErrors: FieldError[] = []
  const offSale = (item: { limit_date: string | null }) =>
    ctx.scenarios.has('term-expired', { travelGroup: group.id }) || !isOnSale(item, ctx.today, group.end_at)
  body.extras.forEach((sel, i) => {
    const extra = group.extras.find((e) => e.id === sel.item_id)
    if (!extra) itemErrors.push({ field: `extras.${i}.item_id`, code: 'not_found', message: 'No such extra in this travel group.' })
    else if (offSale(extra))
      itemErrors.push({ field: `extras.${i}.item_id`, code: 'extra_limit_date_excedeed', message: 'This extra can no longer be bought.' })
    if (sel.member_index >= body.members.length) itemErrors.push({ field: `extras.${i}.member_index`, code: 'not_found', message: 'No such traveller.' })
  })
  const insured = new Set<number>()
  body.insurances.forEach((sel, i) => {
    const insurance = group.insurances.find((e) => e.id === sel.item_id)
    if (!insurance) itemErrors.push({ field: `insurances.${i}.item_id`, code: 'not_found', message: 'No such insurance in this travel group.' })
    else if (offSale(insurance))
      itemErrors.push({ field: `insurances.${i}.item_id`, code: 'insurance_limit_date_excedeed', message: 'This insurance can no longer be bought.' })
    if (sel.member_index >= body.members.length) itemErrors.push({ field: `insurances.${i}.member_index`, code: 'not_found', message: 'No such traveller.' })
    else if (insured.has(sel.member_index))
      itemErrors.push({ field: `insurances.${i}.member_index`, code: 'duplicate', message: 'One insurance per traveller.' })
    insured.add(sel.member_index)
  })
  if (itemErrors.length) fail(422, 'validation_error', 'Some extras or insurances cannot be booked.', itemErrors)

  if (body.rooming?.length) {
    if (!group.rooming_enabled) invalid('rooming', 'not_allowed', 'This travel group does not take rooming preferences.')
    const largestRoom = Math.max(0, ...body.rooms.map((r) => group.hosting_rooms.find((h) => h.id === r.hosting_id)?.capacity ?? 0))
    const seen = new Set<number>()
    const roomingErrors: FieldError[] = []
    body.rooming.forEach((indexes, i) => {
      if (indexes.length === 0 || indexes.length > largestRoom)
        roomingErrors.push({ field: `rooming.${i}`, code: 'rooms_mismatch', message: `A room takes at most ${largestRoom} of your travellers.` })
      for (const index of indexes) {
        if (index >= body.members.length || seen.has(index))
          roomingErrors.push({ field: `rooming.${i}`, code: 'format', message: 'Each traveller can be in one room only.' })
        seen.add(index)
      }
    })
    if (roomingErrors.length) fail(422, 'validation_error', 'The rooming preferences are not valid.', roomingErrors)
  }

  if (body.voucher_code?.trim()) {
    const voucher = findVoucher(group, body.voucher_code, ctx.today)
    if (!voucher)
      fail(422, 'voucher_invalid', 'The coupon is not valid.', [{ field: 'voucher_code', code: 'voucher_invalid', message: 'The coupon is not valid.' }])
  }
}

/**
 * The checkout needs the customer's own live hold. When the hold has lapsed the answer depends on the
 * seats: gone → 409 (the portal says "Ya no quedan plazas"), still there → 422 (lock again and retry).
 */
const lockForCheckout = (ctx: WorldContext, group: TravelGroupRecord, me: CustomerRecord, body: CheckoutInput): LockRecord => {
  if (!isBookable(group, ctx.today)) fail(409, 'cant_lock_enough_seats', 'This travel group no longer takes bookings.')
  const lock = ctx.world.locks.find((l) => l.id === body.lock_id && l.agencyId === ctx.agency.id && l.customerId === me.id && l.travelGroupId === group.id)
  if (!lock || lock.usedBy) return invalid('lock_id', 'not_found', 'Hold the seats first (POST /travelgroup/{id}/lock).')
  const members = body.members.length
  if (!isActiveLock(lock, ctx.now)) {
    if (groupSeatsLeft(ctx, group) < members) fail(409, 'cant_lock_enough_seats', 'The seats hold expired and there are not enough seats left.')
    if (packSeatsLeft(ctx, group, body.pack_id) < members) fail(409, 'travel_group_pack_full', 'The seats hold expired and this pack is full.')
    invalid('lock_id', 'expired', 'The seats hold expired. Hold the seats again.')
  }
  if (lock.packId !== body.pack_id) invalid('pack_id', 'lock_mismatch', 'The pack is not the one the seats were held for.')
  if (lock.seats !== members) invalid('members', 'lock_mismatch', `The seats were held for ${lock.seats} people, not ${members}.`)
  if (!sameRooms(lock.rooms, body.rooms)) invalid('rooms', 'lock_mismatch', 'The rooms are not the ones that were held.')
  // The scenarios stand for seats lost despite the hold (an overbooking found at the last moment).
  if (ctx.scenarios.has('sold-out', { travelGroup: group.id })) fail(409, 'cant_lock_enough_seats', 'There are not enough seats left in this travel group.')
  if (ctx.scenarios.has('pack-full', { travelGroup: group.id, pack: lock.packId }))
    fail(409, 'travel_group_pack_full', 'There are not enough seats left in this pack.')
  return lock
}

// the buyer travelling themselves: their account is the passenger's
const memberRecord = (ctx: WorldContext, me: CustomerRecord, input: CheckoutInput['members'][number]): MemberRecord =>
  newMember(ctx.id('mem'), input.email && input.email.toLowerCase() === me.email.toLowerCase() ? me.id : null, input)

/**
 * Puts each preference group in an empty room of the rooming list big enough for it: one of the size
 * the booking bought if there is one (a double bought is a two-bed room, not a three-bed one), else the
 * smallest that fits. What does not fit is left for the agency.
 */
const placeRooming = (ctx: WorldContext, group: TravelGroupRecord, booking: BookingRecord, rooming: number[][]) => {
  const list = ctx.world.roomingLists.find((r) => r.id === group.roomingListId)
  if (!list || roomingConfirmed(ctx, list)) return
  const bought = new Set(booking.rooms.flatMap((r) => group.hosting_rooms.filter((h) => h.id === r.hosting_id).map((h) => h.capacity)))
  for (const indexes of rooming) {
    const room = list.rooms
      .filter((r) => r.members.length === 0 && r.capacity >= indexes.length)
      .sort((a, b) => Number(!bought.has(a.capacity)) - Number(!bought.has(b.capacity)) || a.capacity - b.capacity)[0]
    if (!room) continue
    room.members = indexes.map((i) => {
      const m = booking.members[i]!
      return { booking_id: booking.id, member_id: m.id, name: roomMemberName(m) }
    })
    ctx.save('roomingLists', list)
  }
}

/** The payment checkout started: the booking's first, whatever plan its terms were moved to since. */
const checkoutPayment = (ctx: WorldContext, booking: BookingRecord) =>
  ctx.world.payments.filter((p) => p.bookingId === booking.id).sort((a, b) => a.created_at.localeCompare(b.created_at))[0]

export const checkout = (ctx: WorldContext, group: TravelGroupRecord, me: CustomerRecord, body: CheckoutInput): { result: CheckoutResult } => {
  // A double click or a retried request: the same key from the same customer is the same booking.
  const replay = ctx.world.bookings.find(
    (b) => b.agencyId === ctx.agency.id && b.idempotencyKey === body.idempotency_key && b.access.some((a) => a.customerId === me.id && a.role === 'buyer'),
  )
  if (replay) {
    if (replay.travelGroupId !== group.id) invalid('idempotency_key', 'duplicate', 'This key was already used for another booking.')
    const payment = checkoutPayment(ctx, replay)
    if (!payment) throw new Error(`booking ${replay.id} has no checkout payment`)
    return { result: { booking_id: replay.id, action: actionFor(payment, ctx.provider) } }
  }

  validateCheckout(ctx, group, body)
  const lock = lockForCheckout(ctx, group, me, body)

  const pack = group.packs.find((p) => p.id === body.pack_id)!
  const plan = group.paymentPlans.find((p) => p.id === body.payment_plan_id)!
  const method = group.paymentMethods.find((m) => m.id === body.payment_method_id)!
  const voucher = body.voucher_code?.trim() ? findVoucher(group, body.voucher_code, ctx.today) : null

  // An invitation becomes the booking: the customer never ends up with an invited and a pending one.
  const invited = customerBookingsIn(ctx, me, group).find((b) => b.status === 'invited')
  const booking = invited ?? blankBooking(group, ctx.id('bkg'), '', ctx.now.toISOString())
  if (!invited) booking.locator = locatorFor(group, ctx.world.counter)

  booking.status = 'pending'
  booking.access = [{ customerId: me.id, role: 'buyer' }, ...booking.access.filter((a) => a.customerId !== me.id)]
  booking.packId = pack.id
  booking.rooms = body.rooms.map((r) => ({ hosting_id: r.hosting_id, quantity: r.quantity }))
  booking.members = body.members.map((m) => memberRecord(ctx, me, m))
  for (const sel of body.extras) {
    const extras = booking.members[sel.member_index]!.extras
    if (!extras.includes(sel.item_id)) extras.push(sel.item_id)
  }
  for (const sel of body.insurances) booking.members[sel.member_index]!.insurance_id = sel.item_id
  booking.buyer = {
    ...body.buyer,
    tax_id: normalizeDocumentNumber(body.buyer.tax_id),
    company_name: body.buyer.type === 'company' ? body.buyer.company_name : null,
  }
  booking.paymentPlanId = plan.id
  booking.paymentMethodId = method.id
  booking.discount = voucher ? voucherDiscount(voucher, pack.price, body.members.length) : null
  booking.bookingPenalty = bookingPenaltyOn(group, ctx.today)
  booking.commercial_sectors = body.commercial_sectors ?? []
  booking.idempotencyKey = body.idempotency_key
  booking.terms = planTermRecords(plan, bookingTotal(group, booking), { next: ctx.id })
  if (invited) ctx.save('bookings', booking)
  else ctx.insert('bookings', booking)
  lock.usedBy = booking.id
  ctx.save('locks', lock)
  if (body.rooming?.length && group.rooming_enabled) placeRooming(ctx, group, booking, body.rooming)

  const first = booking.terms[0]!
  const { action } = createPayment(ctx, booking, { termIds: [first.id], amount: first.amount, method: method.type, returnUrl: body.return_url })
  sendMail(
    ctx,
    me.email,
    `${ctx.agency.name}: reserva ${booking.locator} recibida`,
    `Hemos recibido tu reserva ${booking.locator} para ${group.name}. Queda pendiente hasta que se complete el primer pago.`,
    `${ctx.portalOrigin()}/booking/${booking.id}`,
  )
  return { result: { booking_id: booking.id, action } }
}
