// Records → API shapes. The derived values they show come from the rules named for them: seats-left.ts,
// document-validity.ts, term-status.ts (and pricing.ts for the cart); this module only maps.
import type {
  Agency,
  Booking,
  BookingSummary,
  Buyer,
  Cart,
  FaqEntry,
  Member,
  Pack,
  PackSeats,
  Payment,
  Service,
  Term,
  TravelGroup,
  TravelGroupSummary,
  Translations,
  User,
} from '../../../contract/generated/model/index.ts'
import { linesTotal, termDue } from '../../../core/pricing.ts'
import { english } from '../../../core/translations.ts'
import { priceLines } from './pricing.ts'
import { groupOf, roleOf } from './booking-lookups.ts'
import { buyerValid, documentProblem, memberDataValid } from './document-validity.ts'
import type { ViewContext } from './read-context.ts'
import { groupSeatsLeft, packSeatsLeft, roomsLeft } from './seats-left.ts'
import { lateTermPenalty, termStatus } from './term-status.ts'
import type { AgencyRecord, BookingRecord, CustomerRecord, MemberRecord, PaymentRecord, TravelGroupRecord, World } from './types.ts'

/** The translations of the fields an object of the API has (a summary has fewer fields than its record). */
const pickTranslations = (translations: Translations, fields: readonly string[]): Translations =>
  Object.fromEntries(Object.entries(translations).filter(([field]) => fields.includes(field)))

export const agencyView = (a: AgencyRecord): Agency => ({
  id: a.id,
  name: a.name,
  logo: a.logo ? { images: { original: a.logo } } : null,
  color1: a.color1,
  color3: a.color3,
  color4: a.color4,
  css_extra: a.css_extra,
  email: a.email,
  phone: a.phone,
  legal_notice_html: a.legal_notice_html,
  translations: a.translations,
})

/** The FAQ in Spanish, each entry carrying the English entry of the same id as its translation. */
export const faqView = (a: AgencyRecord): FaqEntry[] =>
  a.faq.es.map((entry) => {
    const en = a.faq.en.find((e) => e.id === entry.id)
    return { ...entry, translations: english({ question: en?.question, answer_html: en?.answer_html }) }
  })

export const userView = (c: CustomerRecord): User => ({
  id: c.id,
  name: c.name,
  surname1: c.surname1,
  surname2: c.surname2,
  email: c.email,
  phone: c.phone,
  lang: c.lang,
  validated: c.validated,
})

export const serviceOf = (world: World, group: TravelGroupRecord): Service => {
  const s = world.services.find((x) => x.id === group.serviceId)
  if (!s) return { id: group.serviceId, name: 'Servicio', dni_required: false, documentation_days: 30, emergency_contact_required: 1 }
  const { agencyId: _agency, ...service } = s
  return service
}

export const packView = (ctx: ViewContext, group: TravelGroupRecord, packId: string): Pack => {
  const p = group.packs.find((x) => x.id === packId) ?? group.packs[0]!
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    seats_total: p.seats_total,
    seats_left: packSeatsLeft(ctx, group, p.id),
    includes: p.includes,
    translations: p.translations,
  }
}

export const packSeatsView = (ctx: ViewContext, group: TravelGroupRecord): PackSeats[] =>
  group.packs.map((p) => ({ pack_id: p.id, seats_total: p.seats_total, seats_left: packSeatsLeft(ctx, group, p.id) }))

export const travelGroupSummaryView = (ctx: ViewContext, g: TravelGroupRecord): TravelGroupSummary => {
  const left = groupSeatsLeft(ctx, g)
  return {
    id: g.id,
    code: g.code,
    name: g.name,
    destination: g.destination,
    image: g.image,
    start_at: g.start_at,
    end_at: g.end_at,
    price_from: Math.min(...g.packs.map((p) => p.price)),
    seats_available: left,
    // a group that has already left is closed for booking whatever its stored status
    status: g.status === 'closed' || g.start_at <= ctx.today ? 'closed' : left === 0 ? 'sold_out' : 'open',
    translations: pickTranslations(g.translations, ['name', 'destination']),
  }
}

export const travelGroupView = (ctx: ViewContext, g: TravelGroupRecord): TravelGroup => ({
  ...travelGroupSummaryView(ctx, g),
  description_html: g.description_html,
  translations: g.translations,
  service: serviceOf(ctx.world, g),
  packs: g.packs.map((p) => packView(ctx, g, p.id)),
  hosting_rooms: g.hosting_rooms.map((h) => ({
    id: h.id,
    name: h.name,
    description: h.description,
    capacity: h.capacity,
    price: h.price,
    sold_out: roomsLeft(ctx, g, h.id) === 0,
    translations: h.translations,
  })),
  rooming_enabled: g.rooming_enabled,
  invitation_enabled: g.invitation_enabled,
  max_members: g.max_members,
  management_fee: g.management_fee,
  deposit: g.deposit,
  booking_penalty: g.booking_penalty,
})

export const memberView = (ctx: ViewContext, group: TravelGroupRecord, m: MemberRecord): Member => {
  const { customerId: _customer, ...rest } = m
  return {
    ...rest,
    valid: memberDataValid(m),
    documents: m.documents.map((d) => ({ ...d, valid: documentProblem(ctx, group, d) === null })),
  }
}

/** Term.amount is the base; what is due is amount + penalty_amount (the penalty only ever sits on the last plan term). */
export const termsView = (ctx: ViewContext, group: TravelGroupRecord, booking: BookingRecord): Term[] => {
  const penalty = lateTermPenalty(ctx, group, booking)
  const planTerms = booking.terms.filter((t) => t.kind === 'plan')
  const lastPlan = planTerms[planTerms.length - 1]
  return booking.terms.map((t) => {
    const extraPenalty = t === lastPlan && !t.paid_at ? penalty : t.penalty_amount
    return {
      id: t.id,
      number: t.number,
      kind: t.kind,
      concept: t.concept,
      translations: t.translations,
      amount: t.amount,
      limit_date: t.limit_date,
      penalty_limit_date: t.penalty_limit_date,
      penalty_amount: extraPenalty,
      paid_at: t.paid_at,
      status: termStatus(ctx, t),
    }
  })
}

export const cartView = (ctx: ViewContext, group: TravelGroupRecord, booking: BookingRecord): Cart => {
  const termPenalty = lateTermPenalty(ctx, group, booking)
  const lines = priceLines(group, booking, termPenalty)
  const total = linesTotal(lines)
  const paid = booking.terms.filter((t) => t.paid_at).reduce((sum, t) => sum + termDue(t), 0)
  const payments = ctx.world.payments.filter((p) => p.bookingId === booking.id && p.status === 'paid')
  return {
    lines,
    management_fee: group.management_fee,
    discount: booking.discount,
    penalties: termPenalty + booking.bookingPenalty * booking.members.length,
    total,
    paid,
    pending: Math.max(0, total - paid),
    total_payments: payments.length,
    refunds: booking.refunds.reduce((sum, r) => sum + r.amount, 0),
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
    members: booking.members.map((m) => memberView(ctx, group, m)),
    buyer,
    bank_account: booking.bank_account,
    payment_plan: group.paymentPlans.find((p) => p.id === booking.paymentPlanId) ?? null,
    payment_method_id: booking.paymentMethodId,
    terms: termsView(ctx, group, booking),
    cart: cartView(ctx, group, booking),
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
    pending_amount: booking.status === 'canceled' || booking.status === 'invited' ? 0 : cartView(ctx, group, booking).pending,
    translations: pack?.translations['name'] ? { pack_name: pack.translations['name'] } : {},
  }
}
