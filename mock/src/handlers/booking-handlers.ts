// A customer's bookings: reading them, money (terms, purchases, extras, pack, plan), notices, review,
// invoices and cancellation. Documentation writes live in documentation-handlers.ts.
import { isOnSale } from '../../../core/pricing.ts'
import { english, translated } from '../../../core/translations.ts'
import { z } from 'zod'
import {
  CancelBookingBody,
  cancelBookingBodyIbanMax,
  cancelBookingBodyOwnerMax,
  ComputeCancelRefundBody,
  CreateReviewBody,
  MarkNoticeReadBody,
  PayExtraTermBody,
  PurchaseTermsBody,
  SetBookingPackBody,
  UpdateBankAccountBody,
  updateBankAccountBodyIbanMax,
  updateBankAccountBodyOwnerMax,
  UpdateBookingTermsBody,
} from '../../../contract/generated/zod.ts'
import type { CancelBreakdown, FieldError, PaymentsOverview, Refund } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime.ts'
import { repriceUnpaid, replacePlan } from '../world/booking-terms.ts'
import { computeCancelBreakdown } from '../world/cancellation.ts'
import { isValidIban, normalizeIban } from '../../../core/iban.ts'
import { assertAgencyReturnUrl, createPayment } from '../world/payments.ts'
import { formatAmount } from '../../../core/money.ts'
import { formatDate, pdfResponse, renderPdf } from '../world/pdf.ts'
import type { BookingRecord, TermRecord, TravelGroupRecord } from '../world/types.ts'
import { bookingSummaryView, bookingView, buyerValid, cartView, groupOf, packSeatsLeft, paymentView, termsView, travelGroupView } from '../world/views.ts'
import { sendMail } from '../world/outbox.ts'
import { bookingFor, changeableBookingFor, guardianEmailsOfMinors, memberFor, visibleBookings } from './booking-access.ts'
import { fail } from '../world/rule-failure.ts'
import { type Ctx, json, readJson, route, type ApiRoute } from './context.ts'

const view = (ctx: Ctx, booking: BookingRecord) => json(bookingView(ctx, booking, ctx.me().id))

const byNewest =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(b).localeCompare(key(a))

/** The trip has started (or QA says it has): from then on it cannot be cancelled. */
const hasTraveled = (ctx: Ctx, group: TravelGroupRecord) => group.start_at <= ctx.today || ctx.scenarios.has('already-traveled')

/** Empty or blank strings fail "required" (SPEC §5), with the portal's Spanish message. */
const requiredField = (value: string, field: string, message: string): FieldError[] => (value.trim().length === 0 ? [{ field, code: 'required', message }] : [])

const ibanField = (iban: string): FieldError[] =>
  iban.trim().length > 0 && !isValidIban(iban) ? [{ field: 'iban', code: 'iban', message: 'The IBAN is not valid (its check digits do not match).' }] : []

const failFields = (fields: FieldError[]) => {
  if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)
}

/** Cancellation rules shared by compute and cancel; the order is the one the portal explains them in. */
const assertCancelable = (ctx: Ctx, booking: BookingRecord, group: TravelGroupRecord) => {
  if (booking.status === 'canceled') fail(409, 'booking_not_cancelable', 'The booking is already canceled.')
  if (hasTraveled(ctx, group)) fail(409, 'booking_already_traveled', 'The trip has taken place: the booking cannot be cancelled.')
  if (!buyerValid(booking.buyer)) fail(409, 'billing_data_incomplete', 'Complete the billing data before cancelling.')
}

const cardPaidOf = (ctx: Ctx, booking: BookingRecord) =>
  ctx.world.payments.filter((p) => p.bookingId === booking.id && p.status === 'paid' && p.method === 'tpv').reduce((sum, p) => sum + p.amount, 0)

export const cancelBreakdownFor = (ctx: Ctx, booking: BookingRecord, group: TravelGroupRecord): CancelBreakdown =>
  computeCancelBreakdown({
    today: ctx.today,
    start_at: group.start_at,
    members: booking.members.length,
    booking_total: cartView(ctx, group, booking).total,
    paid_terms: booking.terms.filter((t) => t.paid_at).map((t) => ({ amount: t.amount, penalty_amount: t.penalty_amount })),
    card_paid: cardPaidOf(ctx, booking),
    policy: group.cancellation,
    deposit: group.deposit,
    management_fee: group.management_fee,
    already_refunded: booking.refunds.filter((r) => r.reason !== 'cancelation').reduce((sum, r) => sum + r.amount, 0),
  })

/** Frees what a canceled booking held: seats and rooms follow from the status; rooming places do not. */
const releaseBooking = (ctx: Ctx, booking: BookingRecord) => {
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

const buyerName = (booking: BookingRecord) => {
  const b = booking.buyer
  if (!b) return null
  return b.type === 'company' && b.company_name ? b.company_name : [b.name, b.surname1].filter(Boolean).join(' ')
}

const BankAccountInput = UpdateBankAccountBody.extend({
  owner: z.string().max(updateBankAccountBodyOwnerMax),
  iban: z.string().max(updateBankAccountBodyIbanMax),
})
const CancelInput = CancelBookingBody.extend({ owner: z.string().max(cancelBookingBodyOwnerMax), iban: z.string().max(cancelBookingBodyIbanMax) })

export const bookingRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'get', '/booking', 'auth', (ctx) => {
    if (ctx.scenarios.has('no-bookings')) return json([])
    const me = ctx.me()
    const list = visibleBookings(ctx)
      .sort(byNewest((b) => b.createdAt))
      .map((b) => bookingSummaryView(ctx, b, me.id))
    return json(list)
  }),

  route(rt, 'get', '/booking/:id', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    const reader = ctx.me().id
    return json(bookingView(ctx, booking, reader))
  }),

  route(rt, 'get', '/booking/:id/rooms', 'auth', (ctx, params) => json(bookingView(ctx, bookingFor(ctx, params.id!), ctx.me().id).rooms)),

  route(rt, 'get', '/booking/:id/travel-group', 'auth', (ctx, params) => json(travelGroupView(ctx, groupOf(ctx.world, bookingFor(ctx, params.id!))))),

  route(rt, 'get', '/booking/:id/notices', 'auth', (ctx, params) => json([...bookingFor(ctx, params.id!).notices].sort(byNewest((n) => n.created_at)))),

  route(rt, 'get', '/booking/:id/payments', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    const overview: PaymentsOverview = {
      terms: termsView(ctx, group, booking),
      cart: cartView(ctx, group, booking),
      payments: ctx.world.payments
        .filter((p) => p.bookingId === booking.id)
        .sort(byNewest((p) => p.created_at))
        .map(paymentView),
      refunds: booking.refunds,
      invoices: booking.invoices,
    }
    return json(overview)
  }),

  route(rt, 'get', '/booking/:id/invoice/:invoiceId/render', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    // only this booking's invoices: another booking's invoice id is as unknown as a made-up one
    const invoice = booking.invoices.find((i) => i.id === params.invoiceId) ?? fail(404, 'not_found', 'No such invoice in this booking.')
    const group = groupOf(ctx.world, booking)
    const buyer = booking.buyer
    const me = ctx.me()
    const pdf = renderPdf({
      title: `Factura ${invoice.number}`,
      lines: [
        { text: ctx.agency.name, size: 20, bold: true },
        { text: `${ctx.agency.email} · ${ctx.agency.phone}`, size: 9 },
        { text: `Factura ${invoice.number}`, size: 15, bold: true, gap: 24 },
        { text: `Fecha: ${formatDate(invoice.issued_at)}` },
        { text: `Reserva: ${booking.locator} · ${group.name}` },
        { text: `Cliente: ${buyerName(booking) ?? ([me.name, me.surname1].filter(Boolean).join(' ') || me.email)}`, gap: 12 },
        ...(buyer
          ? [
              { text: `${buyer.type === 'company' ? 'CIF' : 'NIF'}: ${buyer.tax_id}` },
              { text: `${buyer.address}, ${buyer.zip} ${buyer.city} (${buyer.country})` },
            ]
          : []),
        { text: `Concepto: pago de la reserva ${booking.locator}`, gap: 12 },
        { text: `Importe: ${formatAmount(invoice.amount)}`, size: 13, bold: true, gap: 6 },
        { text: 'IVA incluido. Régimen especial de las agencias de viajes.', size: 8, gap: 24 },
      ],
    })
    return pdfResponse(pdf, `factura-${invoice.number}.pdf`)
  }),

  route(rt, 'put', '/booking/:id/bank-account', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, BankAccountInput)
    const booking = bookingFor(ctx, params.id!)
    failFields([
      ...requiredField(body.owner, 'owner', 'Debes indicar el beneficiario'),
      ...requiredField(body.iban, 'iban', 'Debes indicar el número de cuenta'),
      ...ibanField(body.iban),
    ])
    booking.bank_account = { owner: body.owner.trim(), iban: normalizeIban(body.iban) }
    ctx.save('bookings', booking)
    return view(ctx, booking)
  }),

  route(rt, 'post', '/booking/:id/review', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, CreateReviewBody)
    const booking = bookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    if (booking.status === 'canceled' || booking.status === 'invited') fail(409, 'conflict', 'Only a trip that was taken can be reviewed.')
    if (ctx.today <= group.end_at) fail(409, 'conflict', 'The trip can be reviewed once it has ended.')
    if (booking.review) fail(409, 'conflict', 'This trip has already been reviewed.')
    const text = body.text?.trim() ? body.text.trim() : null
    booking.review = { rating: body.rating, text, created_at: ctx.now.toISOString() }
    ctx.save('bookings', booking)
    return json(booking.review, 201)
  }),

  route(rt, 'put', '/booking/:id/terms', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateBookingTermsBody)
    const booking = changeableBookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    const plan =
      group.paymentPlans.find((p) => p.id === body.payment_plan_id) ??
      fail(422, 'validation_error', 'Unknown payment plan.', [
        { field: 'payment_plan_id', code: 'enum', message: 'This travel group has no such payment plan.' },
      ])
    const unpaid = booking.terms.filter((t) => t.kind === 'plan' && !t.paid_at)
    if (unpaid.length === 0) fail(409, 'conflict', 'Nothing is pending on this booking: the plan cannot change.')
    replacePlan(group, booking, plan, ctx.id)
    ctx.save('bookings', booking)
    return view(ctx, booking)
  }),

  route(rt, 'post', '/booking/:id/notice-read', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, MarkNoticeReadBody)
    const booking = bookingFor(ctx, params.id!)
    const notice = booking.notices.find((n) => n.id === body.notice_id) ?? fail(404, 'not_found', 'No such notice in this booking.')
    if (notice.read_at === null) {
      notice.read_at = ctx.now.toISOString()
      ctx.save('bookings', booking)
    }
    return json(notice)
  }),

  route(rt, 'put', '/booking/:id/set-pack', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, SetBookingPackBody)
    const booking = changeableBookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    if (group.start_at <= ctx.today) fail(409, 'booking_already_traveled', 'The trip has started: the pack cannot change.')
    const pack =
      group.packs.find((p) => p.id === body.pack_id) ??
      fail(422, 'validation_error', 'Unknown pack.', [{ field: 'pack_id', code: 'enum', message: 'This travel group has no such pack.' }])
    if (pack.id === booking.packId) return view(ctx, booking)
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
    return view(ctx, booking)
  }),

  route(rt, 'post', '/booking/:id/purchase', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, PurchaseTermsBody)
    const booking = changeableBookingFor(ctx, params.id!)
    assertAgencyReturnUrl(ctx, body.return_url)
    const group = groupOf(ctx.world, booking)
    const method =
      group.paymentMethods.find((m) => m.id === body.payment_method_id) ??
      fail(422, 'validation_error', 'Unknown payment method.', [
        { field: 'payment_method_id', code: 'enum', message: 'This travel group has no such payment method.' },
      ])
    const terms = termsView(ctx, group, booking)
    const unknown = body.term_ids.filter((id) => !terms.some((t) => t.id === id && t.kind === 'plan'))
    if (unknown.length) {
      fail(
        422,
        'validation_error',
        'Some terms are not payment terms of this booking.',
        unknown.map((id) => ({
          field: `term_ids.${body.term_ids.indexOf(id)}`,
          code: 'unknown_term',
          message: `${id} is not a payment term of this booking.`,
        })),
      )
    }
    const wanted = terms.filter((t) => body.term_ids.includes(t.id) && t.status !== 'paid')
    if (wanted.length === 0) fail(409, 'payment_already_completed', 'These terms are already paid.')
    if (wanted.some((t) => t.status === 'expired')) fail(409, 'payment_term_limit_date_excedeed', 'A payment term is past its limit date.')
    // the view carries the late-term penalty due on the last term
    const amount = wanted.reduce((sum, t) => sum + t.amount + t.penalty_amount, 0)
    const { action } = createPayment(ctx, booking, {
      termIds: wanted.map((t) => t.id),
      amount,
      method: method.type,
      returnUrl: body.return_url,
    })
    booking.paymentMethodId = method.id
    ctx.save('bookings', booking)
    return json(action)
  }),

  route(rt, 'post', '/booking/:id/pay-extra-term', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, PayExtraTermBody)
    const booking = changeableBookingFor(ctx, params.id!)
    assertAgencyReturnUrl(ctx, body.return_url)
    const group = groupOf(ctx.world, booking)
    const member = memberFor(booking, body.member_id)
    const insurance = group.insurances.find((i) => i.id === body.item_id)
    const item =
      group.extras.find((e) => e.id === body.item_id) ??
      insurance ??
      fail(422, 'validation_error', 'Unknown item.', [{ field: 'item_id', code: 'enum', message: 'This travel group offers no such extra or insurance.' }])
    const method =
      group.paymentMethods.find((m) => m.id === body.payment_method_id) ??
      fail(422, 'validation_error', 'Unknown payment method.', [
        { field: 'payment_method_id', code: 'enum', message: 'This travel group has no such payment method.' },
      ])
    if (insurance ? member.insurance_id !== null : member.extras.includes(item.id)) {
      fail(409, 'conflict', insurance ? `${member.name} already has an insurance.` : `${member.name} already has this extra.`)
    }
    if (ctx.scenarios.has('term-expired') || !isOnSale(item, ctx.today, group.end_at)) {
      fail(409, insurance ? 'insurance_limit_date_excedeed' : 'extra_limit_date_excedeed', `${item.name} could be bought until ${item.limit_date}.`)
    }
    // a retry after a failed payment pays the same term again instead of adding another
    let term = booking.terms.find((t) => t.kind === 'extra' && !t.paid_at && t.extra?.member_id === member.id && t.extra.item_id === item.id)
    if (!term) {
      const fresh: TermRecord = {
        id: ctx.id('trm'),
        number: booking.terms.length + 1,
        kind: 'extra',
        concept: `${item.name} · ${member.name}`,
        translations: english({ concept: `${translated(item, 'name', 'en')} · ${member.name}` }),
        amount: item.price,
        limit_date: item.limit_date,
        penalty_limit_date: null,
        penalty_amount: 0,
        paid_at: null,
        extra: { member_id: member.id, item_id: item.id },
      }
      booking.terms.push(fresh)
      ctx.save('bookings', booking)
      term = fresh
    }
    const { action } = createPayment(ctx, booking, {
      termIds: [term.id],
      amount: term.amount,
      method: method.type,
      returnUrl: body.return_url,
    })
    return json(action)
  }),

  route(rt, 'post', '/booking/:id/compute-cancel-refund', 'auth', async (ctx, params) => {
    await readJson(ctx, ComputeCancelRefundBody)
    const booking = bookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    assertCancelable(ctx, booking, group)
    return json(cancelBreakdownFor(ctx, booking, group))
  }),

  route(rt, 'post', '/booking/:id/cancel', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, CancelInput)
    const booking = bookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    failFields([
      ...requiredField(body.owner, 'owner', 'Debes indicar el titular de la cuenta'),
      ...requiredField(body.iban, 'iban', 'Debes indicar el IBAN'),
      ...ibanField(body.iban),
    ])
    assertCancelable(ctx, booking, group)
    const breakdown = cancelBreakdownFor(ctx, booking, group)
    const requestedAt = ctx.now.toISOString()
    const account = { owner: body.owner.trim(), iban: normalizeIban(body.iban) }
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
    return view(ctx, booking)
  }),
]
