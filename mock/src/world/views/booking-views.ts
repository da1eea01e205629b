// A booking, its members and its payments as the API shows them. The derived values they show come from
// the rules named for them: document-validity.ts (people), booking-account.ts (money: terms and cart);
// this module only maps.
import type { Booking, BookingSummary, Buyer, Member, Payment } from '../../../../contract/generated/model/index.ts'
import { groupOf, roleOf } from '../kernel/booking-access.ts'
import type { BookingRecord, MemberRecord, PaymentRecord, TravelGroupRecord } from '../kernel/types.ts'
import { memberSubject } from '../kernel/active-scenarios.ts'
import type { ViewContext } from '../kernel/world-context.ts'
import { bookingCart, bookingTerms } from '../money/booking-account.ts'
import { buyerValid, documentProblem, memberDataValid } from '../people/document-validity.ts'
import { packView, pickTranslations, serviceOf, travelGroupSummaryView } from './offer-views.ts'

export const memberView = (ctx: ViewContext, group: TravelGroupRecord, booking: BookingRecord, m: MemberRecord): Member => {
  const { customerId: _customer, ...rest } = m
  return {
    ...rest,
    valid: memberDataValid(m),
    documents: m.documents.map((d) => ({ ...d, valid: documentProblem(ctx, group, d, memberSubject(booking, m.id)) === null })),
  }
}

export const paymentView = (p: PaymentRecord): Payment => ({
  id: p.id,
  booking_id: p.bookingId,
  status: p.status,
  amount: p.amount,
  method: p.method,
  created_at: p.created_at,
  paid_at: p.paid_at,
  error_code: p.error_code,
})

export const bookingView = (ctx: ViewContext, booking: BookingRecord, customerId: string): Booking => {
  const group = groupOf(ctx.world, booking)
  const buyer: Buyer | null = booking.buyer ? { ...booking.buyer, valid: buyerValid(booking.buyer) } : null
  const bookingGroup = booking.groupId ? ctx.world.bookingGroups.find((g) => g.id === booking.groupId) : undefined
  return {
    id: booking.id,
    locator: booking.locator,
    status: booking.status,
    role: roleOf(booking, customerId) ?? 'buyer',
    created_at: booking.createdAt,
    travel_group: {
      ...travelGroupSummaryView(ctx, group),
      service: serviceOf(ctx.world, group),
      rooming_enabled: group.rooming_enabled,
      rooming_list_id: group.roomingListId,
    },
    pack: packView(ctx, group, booking.packId),
    rooms: booking.rooms.flatMap((r) => {
      const h = group.hosting_rooms.find((x) => x.id === r.hosting_id)
      return h
        ? [
            {
              hosting_id: h.id,
              name: h.name,
              capacity: h.capacity,
              quantity: r.quantity,
              price: h.price,
              translations: pickTranslations(h.translations, ['name']),
            },
          ]
        : []
    }),
    members: booking.members.map((m) => memberView(ctx, group, booking, m)),
    buyer,
    bank_account: booking.bank_account,
    payment_plan: group.paymentPlans.find((p) => p.id === booking.paymentPlanId) ?? null,
    payment_method_id: booking.paymentMethodId,
    terms: bookingTerms(ctx, group, booking),
    cart: bookingCart(ctx, group, booking),
    invoices: booking.invoices,
    unread_notices: booking.notices.filter((n) => !n.read_at).length,
    review: booking.review,
    cancel_refund: booking.cancel_refund,
    refunds: booking.refunds,
    group: bookingGroup
      ? { id: bookingGroup.id, travel_group_id: bookingGroup.travelGroupId, name: bookingGroup.name, code: bookingGroup.code, members: bookingGroup.members }
      : null,
    raffle_blocks: booking.raffle_blocks,
    qr_payload: `BOOKING:${booking.id}:${booking.locator}`,
  }
}

export const bookingSummaryView = (ctx: ViewContext, booking: BookingRecord, customerId: string): BookingSummary => {
  const group = groupOf(ctx.world, booking)
  const pack = group.packs.find((p) => p.id === booking.packId)
  return {
    id: booking.id,
    locator: booking.locator,
    status: booking.status,
    role: roleOf(booking, customerId) ?? 'buyer',
    created_at: booking.createdAt,
    travel_group: travelGroupSummaryView(ctx, group),
    pack_name: pack?.name ?? '',
    members_count: booking.members.length,
    pending_amount: booking.status === 'canceled' || booking.status === 'invited' ? 0 : bookingCart(ctx, group, booking).pending,
    translations: pack?.translations['name'] ? { pack_name: pack.translations['name'] } : {},
  }
}
