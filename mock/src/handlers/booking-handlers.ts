// A customer's bookings: reading them, money (terms, purchases, extras, pack, plan), notices, review,
// invoices and cancellation; the rules are in world/. Documentation writes live in documentation-handlers.ts.
import { API_ORDER } from '../../../contract/generated/api-operations.ts'
import { inListOrder } from '../../../core/list-order.ts'
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
import type { PaymentsOverview } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { bookingFor, changeableBookingFor, groupOf, visibleBookings } from '../world/kernel/booking-access.ts'
import { cancelBooking, cancelBreakdown } from '../world/booking/cancellation.ts'
import { changePack, changePlan, markNoticeRead, reviewTrip, setBankAccount } from '../world/booking/booking-changes.ts'
import { payExtraTerm, purchaseTerms } from '../world/money/later-payments.ts'
import { invoiceDocument } from '../world/money/invoice-document.ts'
import { pdfResponse, renderPdf } from '../world/kernel/pdf.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { bookingSummaryView, bookingView, paymentView } from '../world/views/booking-views.ts'
import { bookingCart, bookingTerms } from '../world/money/booking-account.ts'
import { travelGroupView } from '../world/views/offer-views.ts'
import { bookingWrite } from './booking-write.ts'
import { json, readJson, route, type ApiRoute } from './context.ts'

const byNewest =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(b).localeCompare(key(a))

// Owner and IBAN as typed: blank ones get the portal's "required" message from the rule, not zod's.
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
      .map((b) => bookingSummaryView(ctx, b, me.id))
      .sort(inListOrder(API_ORDER.listBookings!, ctx.lang))
    return json(list)
  }),

  route(rt, 'get', '/booking/{id}', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    const reader = ctx.me().id
    return json(bookingView(ctx, booking, reader))
  }),

  route(rt, 'get', '/booking/{id}/rooms', 'auth', (ctx, params) => json(bookingView(ctx, bookingFor(ctx, params.id!), ctx.me().id).rooms)),

  route(rt, 'get', '/booking/{id}/travel-group', 'auth', (ctx, params) => json(travelGroupView(ctx, groupOf(ctx.world, bookingFor(ctx, params.id!))))),

  route(rt, 'get', '/booking/{id}/notices', 'auth', (ctx, params) =>
    json([...bookingFor(ctx, params.id!).notices].sort(inListOrder(API_ORDER.listBookingNotices!, ctx.lang))),
  ),

  route(rt, 'get', '/booking/{id}/payments', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    const group = groupOf(ctx.world, booking)
    const overview: PaymentsOverview = {
      terms: bookingTerms(ctx, group, booking),
      cart: bookingCart(ctx, group, booking),
      payments: ctx.world.payments
        .filter((p) => p.bookingId === booking.id)
        .sort(byNewest((p) => p.created_at))
        .map(paymentView),
      refunds: booking.refunds,
      invoices: booking.invoices,
    }
    return json(overview)
  }),

  route(rt, 'get', '/booking/{id}/invoice/{invoiceId}/render', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    // only this booking's invoices: another booking's invoice id is as unknown as a made-up one
    const invoice = booking.invoices.find((i) => i.id === params.invoiceId) ?? fail(404, 'not_found', 'No such invoice in this booking.')
    const pdf = renderPdf(invoiceDocument(ctx.agency, groupOf(ctx.world, booking), booking, invoice, ctx.me()))
    return pdfResponse(pdf, `factura-${invoice.number}.pdf`)
  }),

  // a canceled booking still takes the account its refund is paid to
  bookingWrite(rt, 'put', '/booking/{id}/bank-account', BankAccountInput, setBankAccount, bookingFor),

  route(rt, 'post', '/booking/{id}/review', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, CreateReviewBody)
    return json(reviewTrip(ctx, bookingFor(ctx, params.id!), body), 201)
  }),

  bookingWrite(rt, 'put', '/booking/{id}/terms', UpdateBookingTermsBody, changePlan),

  route(rt, 'post', '/booking/{id}/notice-read', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, MarkNoticeReadBody)
    return json(markNoticeRead(ctx, bookingFor(ctx, params.id!), body.notice_id))
  }),

  bookingWrite(rt, 'put', '/booking/{id}/set-pack', SetBookingPackBody, (ctx, booking, body) => changePack(ctx, booking, body.pack_id)),

  route(rt, 'post', '/booking/{id}/purchase', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, PurchaseTermsBody)
    return json(purchaseTerms(ctx, changeableBookingFor(ctx, params.id!), body))
  }),

  route(rt, 'post', '/booking/{id}/pay-extra-term', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, PayExtraTermBody)
    return json(payExtraTerm(ctx, changeableBookingFor(ctx, params.id!), body))
  }),

  route(rt, 'post', '/booking/{id}/compute-cancel-refund', 'auth', async (ctx, params) => {
    await readJson(ctx, ComputeCancelRefundBody)
    return json(cancelBreakdown(ctx, bookingFor(ctx, params.id!)))
  }),

  // the rule itself answers an already canceled booking (409 booking_not_cancelable)
  bookingWrite(rt, 'post', '/booking/{id}/cancel', CancelInput, cancelBooking, bookingFor),
]
