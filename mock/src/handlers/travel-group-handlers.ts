// Travel groups: the offer (packs, rooms, extras, plans), seat holds, coupons, the checkout,
// invitations and booking groups (friends travelling together).
import { isOnSale } from '../../../core/pricing.ts'
import { HttpResponse } from 'msw'
import { z } from 'zod'
import {
  CheckoutBody,
  CheckVoucherBody,
  GetTravelGroupTermsQueryParams,
  JoinGroupBody,
  ListPaymentMethodsQueryParams,
  ListTravelGroupsQueryParams,
  LockSeatsBody,
  SendInvitationBody,
  contractEmail,
} from '../../../contract/generated/zod.ts'
import type {
  BookingGroup,
  CheckoutResult,
  ErrorCode,
  FieldError,
  InvitationInfo,
  InvitationSent,
  SeatLock,
  TravelItem,
} from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime.ts'
import { bookingTotal } from '../world/pricing.ts'
import { planTermRecords } from '../world/booking-terms.ts'
import {
  blankBooking,
  bookingPenaltyOn,
  findVoucher,
  isActiveLock,
  isBookable,
  LOCK_TTL_MS,
  locatorFor,
  roomsByType,
  roomsPeople,
  sameRooms,
  voucherDiscount,
} from '../world/checkout-rules.ts'
import { buyerIsMinor, isDocumentNumber } from '../../../core/document-number.ts'
import { fullName } from '../../../core/person-name.ts'
import { foldForSearch } from '../world/geo.ts'
import { roomingConfirmed, roomingListView } from '../world/rooming.ts'
import { actionFor, createPayment, paymentContext } from '../world/payments.ts'
import type { BookingRecord, CustomerRecord, LockRecord, MemberRecord, TravelGroupRecord } from '../world/types.ts'
import { bookingView, groupSeatsLeft, packSeatsLeft, packSeatsView, roomsLeft, travelGroupSummaryView, travelGroupView } from '../world/views.ts'
import { mailSignInLink, portalOrigin, sendMail } from './auth-handlers.ts'
import { assertAgencyReturnUrl, type Ctx, fail, json, readJson, readQuery, route, type ApiRoute } from './context.ts'
import { paginate, readPagedQuery } from './pagination.ts'

type CheckoutInput = z.infer<typeof CheckoutBody>

const groupOr404 = (ctx: Ctx, id: string | undefined): TravelGroupRecord =>
  ctx.world.travelGroups.find((g) => g.id === id && g.agencyId === ctx.agency.id) ?? fail(404, 'not_found', 'No such travel group.')

/** Bookings of a group the customer can see: as buyer, passenger or guardian. */
const customerBookingsIn = (ctx: Ctx, customer: CustomerRecord, group: TravelGroupRecord) =>
  ctx.world.bookings.filter((b) => b.agencyId === ctx.agency.id && b.travelGroupId === group.id && b.access.some((a) => a.customerId === customer.id))

const holdsSeats = (b: BookingRecord) => b.status === 'pending' || b.status === 'confirmed'

const invalid = (field: string, code: string, message: string): never => fail(422, 'validation_error', message, [{ field, code, message }])

// the contract's `format: email`, as the generated schemas check it
const emailSchema = z.email({ pattern: contractEmail })

/** How a customer is named to the friends they invite: their full name, or their address when they gave none. */
const nameOf = (c: CustomerRecord) => fullName(c) || c.email

// ── lock ──

/**
 * Seats are free for this customer when nobody else holds them. The customer's own earlier hold on the
 * group is not counted (going back a step and locking again must not compete with oneself); it is only
 * released for good when the new hold succeeds.
 */
const withoutOwnLocks = <T>(ctx: Ctx, customer: CustomerRecord, group: TravelGroupRecord, run: (release: () => void) => T): T => {
  const own = ctx.world.locks.filter((l) => l.customerId === customer.id && l.travelGroupId === group.id && isActiveLock(l, ctx.now))
  const saved = own.map((l) => l.expiresAt)
  for (const l of own) l.expiresAt = ctx.now.toISOString()
  let released = false
  try {
    return run(() => {
      released = true
      for (const l of own) ctx.save('locks', l)
    })
  } finally {
    if (!released) own.forEach((l, i) => (l.expiresAt = saved[i]!))
  }
}

/** The 422s shared by lock and checkout: pack, party size, room types, and rooms that fit the party exactly. */
const checkPartyAndRooms = (group: TravelGroupRecord, packId: string, members: number, rooms: CheckoutInput['rooms']) => {
  if (!group.packs.some((p) => p.id === packId)) invalid('pack_id', 'not_found', 'Choose one of the packs of this travel group.')
  if (members > group.max_members) {
    invalid('members', 'max_items', `At most ${group.max_members} people can travel in one booking.`)
  }
  const unknown: FieldError[] = rooms.flatMap((r, i) =>
    group.hosting_rooms.some((h) => h.id === r.hosting_id)
      ? []
      : [{ field: `rooms.${i}.hosting_id`, code: 'not_found', message: 'No such room in this travel group.' }],
  )
  if (unknown.length) fail(422, 'validation_error', 'Some rooms are not offered in this travel group.', unknown)
  if (group.hosting_rooms.length === 0 && rooms.length === 0) return
  const people = roomsPeople(group, rooms)
  if (people !== members) {
    // the portal shows this as "HAY UN PROBLEMA DE PLAZAS"
    invalid('rooms', 'rooms_mismatch', `The rooms chosen are for ${people} people but ${members} are travelling.`)
  }
}

const lockSeats = (ctx: Ctx, group: TravelGroupRecord, me: CustomerRecord, body: z.infer<typeof LockSeatsBody>) => {
  checkPartyAndRooms(group, body.pack_id, body.members, body.rooms)
  if (!isBookable(group, ctx.today)) fail(409, 'cant_lock_enough_seats', 'This travel group no longer takes bookings.')
  return withoutOwnLocks(ctx, me, group, (release) => {
    if (groupSeatsLeft(ctx, group) < body.members) fail(409, 'cant_lock_enough_seats', 'There are not enough seats left in this travel group.')
    if (packSeatsLeft(ctx, group, body.pack_id) < body.members) fail(409, 'travel_group_pack_full', 'There are not enough seats left in this pack.')
    const soldOut: FieldError[] = []
    for (const [hostingId, quantity] of roomsByType(body.rooms)) {
      if (roomsLeft(ctx, group, hostingId) < quantity) {
        const index = body.rooms.findIndex((r) => r.hosting_id === hostingId)
        soldOut.push({ field: `rooms.${index}.quantity`, code: 'sold_out', message: 'Not enough rooms of this kind are left.' })
      }
    }
    if (soldOut.length) fail(422, 'validation_error', 'Some rooms are sold out.', soldOut)
    release()
    const lock: LockRecord = {
      id: ctx.id('lck'),
      agencyId: ctx.agency.id,
      travelGroupId: group.id,
      customerId: me.id,
      packId: body.pack_id,
      seats: body.members,
      rooms: body.rooms.map((r) => ({ hosting_id: r.hosting_id, quantity: r.quantity })),
      expiresAt: new Date(ctx.now.getTime() + LOCK_TTL_MS).toISOString(),
      usedBy: null,
    }
    // keep the store bounded; a lapsed hold stays a day so its checkout can still say why it failed
    const horizon = ctx.now.getTime() - 86_400_000
    ctx.remove(
      'locks',
      ctx.world.locks.filter((l) => l.usedBy || Date.parse(l.expiresAt) <= horizon),
    )
    return ctx.insert('locks', lock)
  })
}

// ── checkout ──

/** Everything about the body that can be wrong whatever the seats: 422s, all found at once where they are per field. */
const validateCheckout = (ctx: Ctx, group: TravelGroupRecord, body: CheckoutInput) => {
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
    if (!isDocumentNumber(m.document_number)) {
      const code = m.document_type === 'dni' ? 'dni_wrong_format' : 'passport_wrong_format'
      formatErrors.push({ field: `members.${i}.document_number`, code, message: 'Only numbers and letters, without spaces or dashes.' })
    }
  })
  if (!isDocumentNumber(body.buyer.tax_id)) {
    const code = body.buyer.type === 'company' ? 'cif_wrong_format' : 'nif_wrong_format'
    formatErrors.push({ field: 'buyer.tax_id', code, message: 'Only numbers and letters, without spaces or dashes.' })
  }
  // the first wrong one names the error; every wrong field is listed
  if (formatErrors.length) fail(422, formatErrors[0]!.code, 'A document number has the wrong format.', formatErrors)

  // A minor cannot make the purchase: the buyer is a person whose id is that of a passenger under 18.
  if (ctx.scenarios.has('minor-buyer') || buyerIsMinor({ buyer: body.buyer, travellers: body.members }, ctx.today))
    invalid('buyer.declares_capacity', 'minor_buyer', 'The purchase cannot be made by a minor.')

  const itemErrors: FieldError[] = []
  const offSale = (item: { limit_date: string | null }) => ctx.scenarios.has('term-expired') || !isOnSale(item, ctx.today, group.end_at)
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
const lockForCheckout = (ctx: Ctx, group: TravelGroupRecord, me: CustomerRecord, body: CheckoutInput): LockRecord => {
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
  if (ctx.scenarios.has('sold-out')) fail(409, 'cant_lock_enough_seats', 'There are not enough seats left in this travel group.')
  if (ctx.scenarios.has('pack-full')) fail(409, 'travel_group_pack_full', 'There are not enough seats left in this pack.')
  return lock
}

const memberRecord = (ctx: Ctx, me: CustomerRecord, input: CheckoutInput['members'][number]): MemberRecord => ({
  ...input,
  id: ctx.id('mem'),
  // the buyer travelling themselves: their account is the passenger's
  customerId: input.email && input.email.toLowerCase() === me.email.toLowerCase() ? me.id : null,
  has_dni: input.document_type === 'dni',
  documents: [],
  guardian_type: null,
  guardians: [],
  authorizations: [],
  emergency_contacts: [],
  extras: [],
  insurance_id: null,
})

/**
 * Puts each preference group in an empty room of the rooming list big enough for it: one of the size
 * the booking bought if there is one (a double bought is a two-bed room, not a three-bed one), else the
 * smallest that fits. What does not fit is left for the agency.
 */
const placeRooming = (ctx: Ctx, group: TravelGroupRecord, booking: BookingRecord, rooming: number[][]) => {
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
      return { booking_id: booking.id, member_id: m.id, name: `${m.name} ${m.surname1}` }
    })
    ctx.save('roomingLists', list)
  }
}

const checkoutPayment = (ctx: Ctx, booking: BookingRecord) => {
  const first = booking.terms[0]
  return ctx.world.payments
    .filter((p) => p.bookingId === booking.id && first && p.termIds.includes(first.id))
    .sort((a, b) => a.created_at.localeCompare(b.created_at))[0]
}

const checkout = (ctx: Ctx, group: TravelGroupRecord, me: CustomerRecord, body: CheckoutInput): { result: CheckoutResult } => {
  // A double click or a retried request: the same key from the same customer is the same booking.
  const replay = ctx.world.bookings.find(
    (b) => b.agencyId === ctx.agency.id && b.idempotencyKey === body.idempotency_key && b.access.some((a) => a.customerId === me.id && a.role === 'buyer'),
  )
  if (replay) {
    if (replay.travelGroupId !== group.id) invalid('idempotency_key', 'duplicate', 'This key was already used for another booking.')
    const payment = checkoutPayment(ctx, replay)
    if (!payment) throw new Error(`booking ${replay.id} has no checkout payment`)
    return { result: { booking_id: replay.id, action: actionFor(payment, paymentContext(ctx)) } }
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
  booking.buyer = { ...body.buyer, company_name: body.buyer.type === 'company' ? body.buyer.company_name : null }
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
  const { action } = createPayment(paymentContext(ctx), booking, { termIds: [first.id], amount: first.amount, method: method.type, returnUrl: body.return_url })
  sendMail(
    ctx,
    me.email,
    `${ctx.agency.name}: reserva ${booking.locator} recibida`,
    `Hemos recibido tu reserva ${booking.locator} para ${group.name}. Queda pendiente hasta que se complete el primer pago.`,
    `${portalOrigin(ctx)}/booking/${booking.id}`,
  )
  return { result: { booking_id: booking.id, action } }
}

// ── invitations ──

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  return { name: first, surname1: rest.join(' ') }
}

const invite = (ctx: Ctx, group: TravelGroupRecord, body: z.infer<typeof SendInvitationBody>): InvitationSent => {
  if (!group.invitation_enabled || !group.invitation.enabled) fail(404, 'not_found', 'This travel group does not take invitations.')
  if (!isBookable(group, ctx.today)) fail(409, 'conflict', 'This travel group no longer takes bookings.')
  const email = body.email.trim()
  let customer = ctx.world.customers.find((c) => c.agencyId === ctx.agency.id && c.email.toLowerCase() === email.toLowerCase())
  // booked as buyer or passenger; being the guardian of a passenger does not book oneself
  const booked = (c: CustomerRecord) =>
    customerBookingsIn(ctx, c, group).some((b) => holdsSeats(b) && b.access.some((a) => a.customerId === c.id && a.role !== 'guardian'))
  if (customer && booked(customer)) {
    fail(409, 'conflict', 'You already have a booking in this travel group: sign in to see it.')
  }
  if (!customer) {
    customer = {
      id: ctx.id('cus'),
      agencyId: ctx.agency.id,
      ...splitName(body.name),
      surname2: null,
      email,
      phone: body.phone,
      lang: ctx.lang,
      // following the mailed link validates the address
      validated: false,
      passwordHash: null,
      validationToken: null,
    }
    ctx.insert('customers', customer)
  }
  if (!customerBookingsIn(ctx, customer, group).some((b) => b.status === 'invited')) {
    const booking = blankBooking(group, ctx.id('bkg'), '', ctx.now.toISOString())
    booking.locator = locatorFor(group, ctx.world.counter)
    booking.access = [{ customerId: customer.id, role: 'buyer' }]
    ctx.insert('bookings', booking)
  }
  const invitation = {
    id: ctx.id('inv'),
    agencyId: ctx.agency.id,
    travelGroupId: group.id,
    name: body.name,
    email,
    phone: body.phone,
    commercial_consent: body.commercial_consent,
    third_party_consent: body.third_party_consent,
    createdAt: ctx.now.toISOString(),
  }
  ctx.insert('invitations', invitation)
  mailSignInLink(ctx, customer, 'login_link', `/travelgroup/${group.id}/checkout`)
  return { id: invitation.id, email }
}

// ── booking groups ──

const bookingGroupOr404 = (ctx: Ctx, group: TravelGroupRecord, groupId: string | undefined, code: string | null | undefined) => {
  const found = ctx.world.bookingGroups.find((g) => g.id === groupId && g.agencyId === ctx.agency.id && g.travelGroupId === group.id)
  // A wrong code answers like a missing group: the code is what proves you were invited.
  if (!found || !code || found.code.toUpperCase() !== code.trim().toUpperCase()) return fail(404, 'not_found', 'No booking group with that code.')
  return found
}

const bookingGroupView = (g: { id: string; travelGroupId: string; name: string; code: string; members: { name: string; email: string }[] }): BookingGroup => ({
  id: g.id,
  travel_group_id: g.travelGroupId,
  name: g.name,
  code: g.code,
  members: g.members,
})

export const travelGroupRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'get', '/travelgroup', 'optional-auth', (ctx) => {
    const query = readPagedQuery(ctx, ListTravelGroupsQueryParams)
    const search = foldForSearch(query.search ?? '')
    const code = query.code?.trim().toUpperCase()
    // Only what can be booked: closed groups and trips that already left are not offered.
    const groups = ctx.world.travelGroups
      .filter((g) => g.agencyId === ctx.agency.id && isBookable(g, ctx.today))
      .filter((g) => !code || g.code.toUpperCase() === code)
      .filter((g) => !search || [g.name, g.destination, g.code].some((text) => foldForSearch(text).includes(search)))
      .sort((a, b) => a.start_at.localeCompare(b.start_at) || a.name.localeCompare(b.name))
    const page = paginate(groups, query.page, query.per_page)
    return json({ data: page.data.map((g) => travelGroupSummaryView(ctx, g)), meta: page.meta })
  }),

  route(rt, 'get', '/travelgroup/:id', 'optional-auth', (ctx, params) => {
    const group = groupOr404(ctx, params['id'])
    return json(travelGroupView(ctx, group))
  }),

  route(rt, 'get', '/travelgroup/:id/payment-terms', 'optional-auth', (ctx, params) => json(groupOr404(ctx, params['id']).paymentPlans)),

  route(rt, 'get', '/travelgroup/:id/booking-items', 'optional-auth', (ctx, params) => {
    const group = groupOr404(ctx, params['id'])
    const items: TravelItem[] = [
      ...group.packs.map((p): TravelItem => ({
        id: p.id,
        type: 'pack',
        name: p.name,
        description: p.description,
        price: p.price,
        limit_date: null,
        optional: false,
        translations: p.translations,
      })),
      ...group.hosting_rooms.map((h): TravelItem => ({
        id: h.id,
        type: 'hosting',
        name: h.name,
        description: h.description,
        price: h.price,
        limit_date: null,
        optional: false,
        translations: h.translations,
      })),
      ...group.extras,
      ...group.insurances,
    ]
    return json(items)
  }),

  route(rt, 'get', '/travelgroup/:id/extras', 'optional-auth', (ctx, params) => {
    const group = groupOr404(ctx, params['id'])
    return json({ extras: group.extras, insurances: group.insurances })
  }),

  route(rt, 'get', '/travelgroup/:id/booking', 'auth', (ctx, params) => {
    const group = groupOr404(ctx, params['id'])
    // A live booking first (pending or confirmed), then an invitation; canceled ones do not count.
    const rank = (b: BookingRecord) => (holdsSeats(b) ? 0 : b.status === 'invited' ? 1 : 2)
    const booking = customerBookingsIn(ctx, ctx.me(), group)
      .filter((b) => b.status !== 'canceled')
      .sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt))[0]
    if (!booking) fail(404, 'not_found', 'You have no booking in this travel group.')
    return json(bookingView(ctx, booking!, ctx.me().id))
  }),

  route(rt, 'get', '/travelgroup/:id/rooming', 'auth', (ctx, params) => {
    const group = groupOr404(ctx, params['id'])
    const list = group.rooming_enabled ? ctx.world.roomingLists.find((r) => r.id === group.roomingListId && r.agencyId === ctx.agency.id) : undefined
    // The list shows fellow travellers' names: only people travelling in the group see it.
    const travelling = customerBookingsIn(ctx, ctx.me(), group).some((b) => b.status !== 'canceled')
    if (!list || !travelling) fail(404, 'not_found', 'This travel group has no rooming list for you.')
    return json(roomingListView(ctx, list!))
  }),

  route(rt, 'get', '/travelgroup/:id/invitation', 'public', (ctx, params) => {
    const group = groupOr404(ctx, params['id'])
    const info: InvitationInfo = { ...group.invitation, enabled: group.invitation_enabled && group.invitation.enabled }
    return json(info)
  }),

  route(rt, 'post', '/travelgroup/:id/invite', 'public', async (ctx, params) => {
    const body = await readJson(ctx, SendInvitationBody)
    return json(invite(ctx, groupOr404(ctx, params['id']), body), 201)
  }),

  route(rt, 'get', '/travelgroup/:id/group/:groupId', 'auth', (ctx, params) => {
    ctx.me()
    const group = groupOr404(ctx, params['id'])
    return json(bookingGroupView(bookingGroupOr404(ctx, group, params['groupId'], ctx.url.searchParams.get('code'))))
  }),

  route(rt, 'post', '/travelgroup/:id/group/:groupId', 'auth', async (ctx, params) => {
    const me = ctx.me()
    const body = await readJson(ctx, JoinGroupBody)
    const group = groupOr404(ctx, params['id'])
    const bookingGroup = bookingGroupOr404(ctx, group, params['groupId'], body.code)
    const booking =
      customerBookingsIn(ctx, me, group).find((b) => b.id === body.booking_id && b.status !== 'canceled') ??
      fail(404, 'not_found', 'No such booking of yours in this travel group.')
    const wrong: FieldError[] = body.emails.flatMap((email, i) =>
      emailSchema.safeParse(email.trim()).success ? [] : [{ field: `emails.${i}`, code: 'email', message: 'This is not a valid e-mail address.' }],
    )
    if (wrong.length) fail(422, 'booking_group_mail_invalid', 'One of the e-mails entered is not valid.', wrong)

    const known = new Set(bookingGroup.members.map((m) => m.email.toLowerCase()))
    const add = (name: string, email: string) => {
      if (known.has(email.toLowerCase())) return false
      known.add(email.toLowerCase())
      bookingGroup.members.push({ name, email })
      return true
    }
    add(nameOf(me), me.email)
    for (const raw of body.emails) {
      const email = raw.trim()
      const customer = ctx.world.customers.find((c) => c.agencyId === ctx.agency.id && c.email.toLowerCase() === email.toLowerCase())
      if (add(customer ? nameOf(customer) : email.split('@')[0]!, email)) {
        sendMail(
          ctx,
          email,
          `${ctx.agency.name}: ${nameOf(me)} te invita a viajar juntos`,
          `${nameOf(me)} quiere que viajéis juntos en ${group.name}. Al reservar, únete al grupo «${bookingGroup.name}» con el código ${bookingGroup.code}.`,
          // the portal's invitation page fills in the group and its code from the link
          `${portalOrigin(ctx)}/travelgroup/${encodeURIComponent(group.id)}/invitation?group=${encodeURIComponent(bookingGroup.id)}&code=${encodeURIComponent(bookingGroup.code)}`,
        )
      }
    }
    if (booking.groupId && booking.groupId !== bookingGroup.id) {
      // moving to another group of friends: leave the old one
      const previous = ctx.world.bookingGroups.find((g) => g.id === booking.groupId)
      if (previous) {
        previous.members = previous.members.filter((m) => m.email.toLowerCase() !== me.email.toLowerCase())
        ctx.save('bookingGroups', previous)
      }
    }
    booking.groupId = bookingGroup.id
    ctx.save('bookingGroups', bookingGroup)
    ctx.save('bookings', booking)
    return json(bookingGroupView(bookingGroup))
  }),

  route(rt, 'get', '/travelgroup/:id/terms', 'optional-auth', (ctx, params) => {
    const query = readQuery(ctx, GetTravelGroupTermsQueryParams, 400)
    const group = groupOr404(ctx, params['id'])
    return new HttpResponse(group.terms_html[query.lang ?? ctx.lang], { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }),

  route(rt, 'post', '/travelgroup/:id/lock', 'auth', async (ctx, params) => {
    const me = ctx.me()
    const body = await readJson(ctx, LockSeatsBody)
    const lock = lockSeats(ctx, groupOr404(ctx, params['id']), me, body)
    const answer: SeatLock = { id: lock.id, seats: lock.seats, expires_at: lock.expiresAt }
    return json(answer, 201)
  }),

  route(rt, 'get', '/travelgroup/:id/payment-methods', 'optional-auth', (ctx, params) => {
    const query = readQuery(ctx, ListPaymentMethodsQueryParams)
    const group = groupOr404(ctx, params['id'])
    if (query.bookingId) {
      // methods for a booking's pending terms: only for someone who can see that booking
      const mine = ctx.customer ? customerBookingsIn(ctx, ctx.customer, group).some((b) => b.id === query.bookingId) : false
      if (!mine) fail(404, 'not_found', 'No such booking of yours in this travel group.')
    }
    return json(group.paymentMethods)
  }),

  route(rt, 'post', '/travelgroup/:id/check-voucher', 'auth', async (ctx, params) => {
    ctx.me()
    const body = await readJson(ctx, CheckVoucherBody)
    const group = groupOr404(ctx, params['id'])
    const pack = group.packs.find((p) => p.id === body.pack_id) ?? invalid('pack_id', 'not_found', 'Choose one of the packs of this travel group.')
    const voucher = findVoucher(group, body.code, ctx.today)
    if (!voucher) fail(422, 'voucher_invalid', 'The coupon is not valid.', [{ field: 'code', code: 'voucher_invalid', message: 'The coupon is not valid.' }])
    return json(voucherDiscount(voucher!, pack.price, body.members))
  }),

  route(rt, 'post', '/travelgroup/:id/checkout', 'auth', async (ctx, params) => {
    const me = ctx.me()
    const body = await readJson(ctx, CheckoutBody)
    const { result } = checkout(ctx, groupOr404(ctx, params['id']), me, body)
    return json(result, 201)
  }),

  route(rt, 'get', '/travelgroup/:id/seats-availability', 'optional-auth', (ctx, params) =>
    json({ available: groupSeatsLeft(ctx, groupOr404(ctx, params['id'])) }),
  ),

  route(rt, 'get', '/travelgroup/:id/pack-seats', 'optional-auth', (ctx, params) => json(packSeatsView(ctx, groupOr404(ctx, params['id'])))),
]
