// Travel groups: the offer (packs, rooms, extras, plans), seat holds, coupons, the checkout,
// invitations and booking groups (friends travelling together). The rules are in world/: these
// handlers read the request, call one and shape the answer.
import { HttpResponse } from 'msw'
import {
  CheckoutBody,
  CheckVoucherBody,
  GetTravelGroupTermsQueryParams,
  JoinGroupBody,
  ListPaymentMethodsQueryParams,
  ListTravelGroupsQueryParams,
  LockSeatsBody,
  SendInvitationBody,
} from '../../../contract/generated/zod.ts'
import type { InvitationInfo, SeatLock, TravelItem } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { bookingGroupOr404, bookingGroupView, joinBookingGroup } from '../world/booking/booking-groups.ts'
import { checkout } from '../world/booking/checkout.ts'
import { findVoucher, isBookable, travelGroupOr404, voucherDiscount } from '../world/offer/travel-group-offer.ts'
import { customerBookingsIn } from '../world/kernel/booking-access.ts'
import { groupSeatsLeft, holdsSeats } from '../world/offer/seats-left.ts'
import { foldForSearch } from '../world/people/geo.ts'
import { invite } from '../world/booking/invitations.ts'
import { roomingListView } from '../world/booking/rooming.ts'
import { fail, invalid } from '../world/kernel/rule-failure.ts'
import { lockSeats } from '../world/offer/seat-locks.ts'
import type { BookingRecord } from '../world/kernel/types.ts'
import { bookingView } from '../world/views/booking-views.ts'
import { packSeatsView, travelGroupSummaryView, travelGroupView } from '../world/views/offer-views.ts'
import { json, readJson, readQuery, route, type ApiRoute } from './context.ts'
import { paginate, readPagedQuery } from './pagination.ts'

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

  route(rt, 'get', '/travelgroup/{id}', 'optional-auth', (ctx, params) => {
    const group = travelGroupOr404(ctx, params['id'])
    return json(travelGroupView(ctx, group))
  }),

  route(rt, 'get', '/travelgroup/{id}/payment-terms', 'optional-auth', (ctx, params) => json(travelGroupOr404(ctx, params['id']).paymentPlans)),

  route(rt, 'get', '/travelgroup/{id}/booking-items', 'optional-auth', (ctx, params) => {
    const group = travelGroupOr404(ctx, params['id'])
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

  route(rt, 'get', '/travelgroup/{id}/extras', 'optional-auth', (ctx, params) => {
    const group = travelGroupOr404(ctx, params['id'])
    return json({ extras: group.extras, insurances: group.insurances })
  }),

  route(rt, 'get', '/travelgroup/{id}/booking', 'auth', (ctx, params) => {
    const group = travelGroupOr404(ctx, params['id'])
    // A live booking first (pending or confirmed), then an invitation; canceled ones do not count.
    const rank = (b: BookingRecord) => (holdsSeats(b) ? 0 : b.status === 'invited' ? 1 : 2)
    const booking = customerBookingsIn(ctx, ctx.me(), group)
      .filter((b) => b.status !== 'canceled')
      .sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt))[0]
    if (!booking) fail(404, 'not_found', 'You have no booking in this travel group.')
    return json(bookingView(ctx, booking!, ctx.me().id))
  }),

  route(rt, 'get', '/travelgroup/{id}/rooming', 'auth', (ctx, params) => {
    const group = travelGroupOr404(ctx, params['id'])
    const list = group.rooming_enabled ? ctx.world.roomingLists.find((r) => r.id === group.roomingListId && r.agencyId === ctx.agency.id) : undefined
    // The list shows fellow travellers' names: only people travelling in the group see it.
    const travelling = customerBookingsIn(ctx, ctx.me(), group).some((b) => b.status !== 'canceled')
    if (!list || !travelling) fail(404, 'not_found', 'This travel group has no rooming list for you.')
    return json(roomingListView(ctx, list!))
  }),

  route(rt, 'get', '/travelgroup/{id}/invitation', 'public', (ctx, params) => {
    const group = travelGroupOr404(ctx, params['id'])
    const info: InvitationInfo = { ...group.invitation, enabled: group.invitation_enabled && group.invitation.enabled }
    return json(info)
  }),

  route(rt, 'post', '/travelgroup/{id}/invite', 'public', async (ctx, params) => {
    const body = await readJson(ctx, SendInvitationBody)
    return json(invite(ctx, travelGroupOr404(ctx, params['id']), body), 201)
  }),

  route(rt, 'get', '/travelgroup/{id}/group/{groupId}', 'auth', (ctx, params) => {
    ctx.me()
    const group = travelGroupOr404(ctx, params['id'])
    return json(bookingGroupView(bookingGroupOr404(ctx, group, params['groupId'], ctx.url.searchParams.get('code'))))
  }),

  route(rt, 'post', '/travelgroup/{id}/group/{groupId}', 'auth', async (ctx, params) => {
    const me = ctx.me()
    const body = await readJson(ctx, JoinGroupBody)
    const group = travelGroupOr404(ctx, params['id'])
    return json(bookingGroupView(joinBookingGroup(ctx, me, group, params['groupId'], body)))
  }),

  route(rt, 'get', '/travelgroup/{id}/terms', 'optional-auth', (ctx, params) => {
    const query = readQuery(ctx, GetTravelGroupTermsQueryParams, 400)
    const group = travelGroupOr404(ctx, params['id'])
    return new HttpResponse(group.terms_html[query.lang ?? ctx.lang], { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }),

  route(rt, 'post', '/travelgroup/{id}/lock', 'auth', async (ctx, params) => {
    const me = ctx.me()
    const body = await readJson(ctx, LockSeatsBody)
    const lock = lockSeats(ctx, travelGroupOr404(ctx, params['id']), me, body)
    const answer: SeatLock = { id: lock.id, seats: lock.seats, expires_at: lock.expiresAt }
    return json(answer, 201)
  }),

  route(rt, 'get', '/travelgroup/{id}/payment-methods', 'optional-auth', (ctx, params) => {
    const query = readQuery(ctx, ListPaymentMethodsQueryParams)
    const group = travelGroupOr404(ctx, params['id'])
    if (query.bookingId) {
      // methods for a booking's pending terms: only for someone who can see that booking
      const mine = ctx.customer ? customerBookingsIn(ctx, ctx.customer, group).some((b) => b.id === query.bookingId) : false
      if (!mine) fail(404, 'not_found', 'No such booking of yours in this travel group.')
    }
    return json(group.paymentMethods)
  }),

  route(rt, 'post', '/travelgroup/{id}/check-voucher', 'auth', async (ctx, params) => {
    ctx.me()
    const body = await readJson(ctx, CheckVoucherBody)
    const group = travelGroupOr404(ctx, params['id'])
    const pack = group.packs.find((p) => p.id === body.pack_id) ?? invalid('pack_id', 'not_found', 'Choose one of the packs of this travel group.')
    const voucher = findVoucher(group, body.code, ctx.today)
    if (!voucher) fail(422, 'voucher_invalid', 'The coupon is not valid.', [{ field: 'code', code: 'voucher_invalid', message: 'The coupon is not valid.' }])
    return json(voucherDiscount(voucher!, pack.price, body.members))
  }),

  route(rt, 'post', '/travelgroup/{id}/checkout', 'auth', async (ctx, params) => {
    const me = ctx.me()
    const body = await readJson(ctx, CheckoutBody)
    const { result } = checkout(ctx, travelGroupOr404(ctx, params['id']), me, body)
    return json(result, 201)
  }),

  route(rt, 'get', '/travelgroup/{id}/seats-availability', 'optional-auth', (ctx, params) =>
    json({ available: groupSeatsLeft(ctx, travelGroupOr404(ctx, params['id'])) }),
  ),

  route(rt, 'get', '/travelgroup/{id}/pack-seats', 'optional-auth', (ctx, params) => json(packSeatsView(ctx, travelGroupOr404(ctx, params['id'])))),
]
