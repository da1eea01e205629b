// The booking rules of the mock world, through the API as the portal calls it: seat holds, coupons,
// the checkout (terms, idempotency, invitations), payments and their retries, tenancy.
import { beforeEach, describe, expect, it } from 'vitest'
import type { Booking, Discount, Payment, PaymentAction, SeatsAvailability, TravelGroupPage } from '../../contract/generated/model/index.ts'
import { completeProviderPayment } from '../../mock/src/provider/provider.ts'
import { createProbeApi, type ProbeApi } from '../contract/probe.ts'
import { bookParty, checkoutBody, family, lockAndCheckout, lockParty, roomsFor } from '../contract/probes/checkout-fixtures.ts'

const LON = 'tg-sol-lon'
const ROM = 'tg-sol-rom'
const ISL = 'tg-norte-isl'

let api: ProbeApi
beforeEach(() => {
  api = createProbeApi()
})

const seatsLeft = async (group = LON) => (await api.ok<SeatsAvailability>('GET', `/travelgroup/${group}/seats-availability`)).available
const booking = (id: string, as: 'nuevo' | 'ana' = 'nuevo') => api.ok<Booking>('GET', `/booking/${id}`, { as })
const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: string; fields?: { field: string; code: string }[] }) })

/** Someone else holding seats of the group (another customer half-way through their checkout). */
const othersHold = (seats: number, packId = `${LON}-pck-1`) =>
  api.world.locks.push({
    id: `lck-other-${api.world.locks.length}`,
    agencyId: 'ag-sol',
    travelGroupId: LON,
    customerId: 'cus-sol-marta',
    packId,
    seats,
    rooms: [],
    expiresAt: new Date(api.rt.now().getTime() + 10 * 60_000).toISOString(),
    usedBy: null,
  })

describe('checkout', () => {
  it('creates a pending booking whose terms add up to the cart total', async () => {
    const before = await seatsLeft()
    const { booking_id, action } = await bookParty(api, { members: 3 }, (b) => ({
      ...b,
      payment_plan_id: `${LON}-plan-3`,
      voucher_code: 'VERANO10',
      extras: [{ item_id: `${LON}-ext-1`, member_index: 2 }],
      insurances: [{ item_id: `${LON}-ins-2`, member_index: 0 }],
    }))
    const b = await booking(booking_id)
    expect(b.status).toBe('pending')
    expect(b.members.map((m) => m.name)).toEqual(['Marta', 'Jorge', 'Lucía'])
    expect(b.members[2]!.extras).toEqual([`${LON}-ext-1`])
    expect(b.members[0]!.insurance_id).toBe(`${LON}-ins-2`)
    expect(b.terms).toHaveLength(3)
    expect(b.terms.reduce((sum, t) => sum + t.amount, 0)).toBe(b.cart.total)
    // 3 × 950 € + triple 3 × 30 € + excursion 45 € + insurance 59 € + fee 15 € − 10 % of the packs
    expect(b.cart.total).toBe(285_000 + 9_000 + 4_500 + 5_900 + 1_500 - 28_500)
    expect(b.cart.discount).toEqual({ code: 'VERANO10', type: 'percentage', value: 10, amount: 28_500 })
    expect(action.amount).toBe(b.terms[0]!.amount)
    expect(b.role).toBe('buyer')
    // the hold became the booking: the seats are counted once
    expect(await seatsLeft()).toBe(before - 3)
    expect(api.world.locks.find((l) => l.customerId === 'cus-sol-nuevo')?.usedBy).toBe(booking_id)
  })

  it('full journey: lock → checkout → provider approves → the booking is confirmed', async () => {
    const lock = await api.ok<{ id: string; seats: number }>('POST', `/travelgroup/${LON}/lock`, {
      as: 'nuevo',
      body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 2) },
    })
    expect(lock.seats).toBe(2)
    const result = await api.ok<{ booking_id: string; action: PaymentAction }>('POST', `/travelgroup/${LON}/checkout`, {
      as: 'nuevo',
      body: checkoutBody(lock.id),
    })
    expect(result.action.type).toBe('redirect')
    expect(result.action.fields['return_url']).toBe(`http://localhost:5173/payment/${result.action.payment_id}`)
    expect((await booking(result.booking_id)).status).toBe('pending')

    expect(completeProviderPayment(api.rt, result.action.payment_id, 'approve')).toEqual({
      returnUrl: `http://localhost:5173/payment/${result.action.payment_id}`,
    })

    const check = await api.ok<Payment>('POST', `/payment/${result.action.payment_id}/check`, { as: 'nuevo' })
    expect(check.status).toBe('paid')
    const b = await booking(result.booking_id)
    expect(b.status).toBe('confirmed')
    expect(b.cart.pending).toBe(0)
    expect(b.invoices).toHaveLength(1)
    expect(await errorOf(await api.call('POST', `/payment/${result.action.payment_id}/redirect`, { as: 'nuevo' }))).toMatchObject({
      status: 409,
      code: 'payment_already_completed',
    })
  })

  it('the same idempotency key twice gives one booking and the same action', async () => {
    const lock = await api.ok<{ id: string }>('POST', `/travelgroup/${LON}/lock`, {
      as: 'nuevo',
      body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 2) },
    })
    const body = checkoutBody(lock.id, {}, { idempotency_key: 'double-click-0001' })
    const before = api.world.bookings.length
    const first = await api.call('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body })
    const second = await api.call('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body })
    expect([first.status, second.status]).toEqual([201, 201])
    const [a, b] = [await first.json(), await second.json()]
    expect(b).toEqual(a)
    expect(api.world.bookings.length).toBe(before + 1)
    expect(api.world.payments.filter((p) => p.bookingId === a.booking_id)).toHaveLength(1)
  })

  it('the same idempotency key after a change of plan still gives the booking and its first action', async () => {
    const lock = await api.ok<{ id: string }>('POST', `/travelgroup/${LON}/lock`, {
      as: 'nuevo',
      body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 2) },
    })
    const body = checkoutBody(lock.id, {}, { idempotency_key: 'replan-then-retry-0001' })
    const first = await api.ok<{ booking_id: string; action: { payment_id: string } }>('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body })
    const plans = api.world.travelGroups.find((group) => group.id === LON)!.paymentPlans.map((plan) => plan.id)
    const current = api.world.bookings.find((booking) => booking.id === first.booking_id)!.paymentPlanId
    await api.ok('PUT', `/booking/${first.booking_id}/terms`, { as: 'nuevo', body: { payment_plan_id: plans.find((plan) => plan !== current) } })
    const again = await api.call('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body })
    expect(again.status).toBe(201)
    expect(await again.json()).toMatchObject({ booking_id: first.booking_id, action: { payment_id: first.action.payment_id } })
  })

  it('a rooming preference lands in a room of the size bought: a double is a two-bed room', async () => {
    const list = api.world.roomingLists.find((l) => l.id === `${LON}-rml`)!
    // the list's first empty room is a three-bed one, a two-bed one comes after it
    list.rooms = [
      { id: 'r-triple', name: 'Habitación 1', capacity: 3, members: [], translations: {} },
      { id: 'r-double', name: 'Habitación 2', capacity: 2, members: [], translations: {} },
    ]
    const { booking_id } = await bookParty(api, { members: 2 }, (b) => ({ ...b, rooming: [[0, 1]] }))
    const rooms = list.rooms
    const placed = rooms.find((r) => r.members.some((m) => m.booking_id === booking_id))!
    expect(placed.members).toHaveLength(2)
    expect(placed.capacity).toBe(2)
  })

  it('an invitation becomes the booking instead of a second one', async () => {
    const invited = api.world.bookings.filter((b) => b.travelGroupId === ROM && b.access.some((x) => x.customerId === 'cus-sol-ana'))
    expect(invited.map((b) => b.status)).toEqual(['invited'])
    const { booking_id } = await bookParty(api, { as: 'ana', group: ROM })
    expect(booking_id).toBe('bkg-sol-1003')
    expect(api.world.bookings.filter((b) => b.travelGroupId === ROM && b.access.some((x) => x.customerId === 'cus-sol-ana'))).toHaveLength(1)
    expect((await booking(booking_id, 'ana')).status).toBe('pending')
  })

  it('charges the late-booking penalty per person after its limit date', async () => {
    api.travel(70) // London leaves in 110 days; the penalty applies from 45 days before
    const { booking_id } = await bookParty(api)
    const b = await booking(booking_id)
    expect(b.cart.lines.find((l) => l.type === 'booking_penalty')).toMatchObject({ quantity: 2, unit_price: 3_000, amount: 6_000 })
    expect(b.terms.reduce((sum, t) => sum + t.amount, 0)).toBe(b.cart.total)
  })

  it('rejects a minor as the buyer, and rooms that do not fit the travellers', async () => {
    const minor = await lockAndCheckout(api, { members: 3 }, (b) => ({ ...b, buyer: { ...b.buyer, name: 'Lucía', tax_id: family(3)[2]!.document_number } }))
    expect(await errorOf(minor)).toMatchObject({ status: 422, code: 'validation_error', fields: [{ field: 'buyer.declares_capacity', code: 'minor_buyer' }] })

    const rooms = await lockAndCheckout(api, { as: 'marta' }, (b) => ({ ...b, rooms: roomsFor(LON, 4) }))
    expect(await errorOf(rooms)).toMatchObject({ status: 422, fields: [{ field: 'rooms', code: 'rooms_mismatch' }] })

    api.scenarios(['minor-buyer'], 'ag-sol')
    const forced = await lockAndCheckout(api, { as: 'enlace' })
    expect(await errorOf(forced)).toMatchObject({ status: 422, fields: [{ field: 'buyer.declares_capacity', code: 'minor_buyer' }] })
  })

  it('a lapsed hold: 409 when the seats went meanwhile, 422 when they are still there', async () => {
    const lock = await api.ok<{ id: string }>('POST', `/travelgroup/${LON}/lock`, {
      as: 'nuevo',
      body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 2) },
    })
    api.travel(20 / 1440)
    const stillFree = await api.call('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body: checkoutBody(lock.id) })
    expect(await errorOf(stillFree)).toMatchObject({ status: 422, fields: [{ field: 'lock_id', code: 'expired' }] })

    othersHold((await seatsLeft()) - 1)
    const gone = await api.call('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body: checkoutBody(lock.id) })
    expect(await errorOf(gone)).toMatchObject({ status: 409, code: 'cant_lock_enough_seats' })
  })
})

describe('seat holds', () => {
  it('more travellers than seats left → cant_lock_enough_seats', async () => {
    othersHold((await seatsLeft()) - 1)
    expect(await seatsLeft()).toBe(1)
    expect(await errorOf(await lockParty(api, { members: 2 }))).toMatchObject({ status: 409, code: 'cant_lock_enough_seats' })
  })

  it('the sold-out scenario always refuses', async () => {
    api.scenarios(['sold-out'])
    expect(await errorOf(await lockParty(api))).toMatchObject({ status: 409, code: 'cant_lock_enough_seats' })
  })

  it('more than the pack has left → travel_group_pack_full; the pack-full scenario always', async () => {
    const packs = await api.ok<{ pack_id: string; seats_left: number }[]>('GET', `/travelgroup/${LON}/pack-seats`)
    const full = packs.find((p) => p.pack_id === `${LON}-pck-2`)!
    othersHold(full.seats_left - 1, full.pack_id)
    expect(await errorOf(await lockParty(api, { pack: 2, members: 2 }))).toMatchObject({ status: 409, code: 'travel_group_pack_full' })
    // the other pack still has seats
    expect((await lockParty(api, { pack: 1, members: 2 })).status).toBe(201)

    api.scenarios(['pack-full'], 'ag-sol')
    expect(await errorOf(await lockParty(api, { as: 'ana' }))).toMatchObject({ status: 409, code: 'travel_group_pack_full' })
  })

  it('locking again replaces the customer’s own earlier hold', async () => {
    const before = await seatsLeft()
    expect((await lockParty(api, { members: 2 })).status).toBe(201)
    expect((await lockParty(api, { members: 3 })).status).toBe(201)
    expect(await seatsLeft()).toBe(before - 3)
  })

  it('holds for 15 minutes', async () => {
    const before = await seatsLeft()
    await lockParty(api, { members: 4 })
    api.travel(14 / 1440)
    expect(await seatsLeft()).toBe(before - 4)
    api.travel(16 / 1440)
    expect(await seatsLeft()).toBe(before)
  })
})

describe('coupons', () => {
  const check = (code: string, packId: string, members: number) =>
    api.call('POST', `/travelgroup/${LON}/check-voucher`, { as: 'nuevo', body: { code, pack_id: packId, members } })

  it('a percentage of the pack price times the travellers', async () => {
    const res = await check('verano10', `${LON}-pck-1`, 2)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual<Discount>({ code: 'VERANO10', type: 'percentage', value: 10, amount: 19_000 })
  })

  it('a fixed amount, never more than the packs cost', async () => {
    expect(await (await check('AMIGO50', `${LON}-pck-2`, 3)).json()).toEqual<Discount>({ code: 'AMIGO50', type: 'fixed', value: 5_000, amount: 5_000 })
    api.world.travelGroups.find((g) => g.id === LON)!.vouchers.push({ code: 'REGALO', type: 'fixed', value: 500_000, valid_until: null })
    expect(((await (await check('REGALO', `${LON}-pck-1`, 2)).json()) as Discount).amount).toBe(190_000)
  })

  it('unknown or expired codes are voucher_invalid', async () => {
    expect(await errorOf(await check('CADUCADO', `${LON}-pck-1`, 2))).toMatchObject({ status: 422, code: 'voucher_invalid' })
    expect(await errorOf(await check('NOEXISTE', `${LON}-pck-1`, 2))).toMatchObject({ status: 422, code: 'voucher_invalid' })
  })

  it('checkout applies the same discount check-voucher announced', async () => {
    const announced = (await (await check('AMIGO50', `${LON}-pck-1`, 2)).json()) as Discount
    const { booking_id } = await bookParty(api, {}, (b) => ({ ...b, voucher_code: 'amigo50' }))
    expect((await booking(booking_id)).cart.discount).toEqual(announced)
  })
})

describe('tenancy', () => {
  it("another tenant's travel group is 404 everywhere", async () => {
    for (const path of ['', '/payment-terms', '/extras', '/pack-seats', '/terms']) {
      expect((await api.call('GET', `/travelgroup/${ISL}${path}`, { agency: 'ag-sol' })).status).toBe(404)
    }
    expect((await lockParty(api, { group: ISL })).status).toBe(404)
    const list = await api.ok<TravelGroupPage>('GET', '/travelgroup', { query: { per_page: '100' } })
    expect(list.data.map((g) => g.id).sort()).toEqual(['tg-sol-lon', 'tg-sol-pir', 'tg-sol-rom'])
    expect((await api.ok<TravelGroupPage>('GET', '/travelgroup', { agency: 'ag-norte' })).data.every((g) => g.id.startsWith('tg-norte-'))).toBe(true)
  })

  it("another tenant's customer cannot see or pay a payment", async () => {
    const { action } = await bookParty(api)
    // at her own agency the payment does not exist; her token is no good at this one
    expect((await api.call('POST', `/payment/${action.payment_id}/check`, { as: 'laura' })).status).toBe(404)
    expect((await api.call('POST', `/payment/${action.payment_id}/check`, { token: await api.token('laura'), agency: 'ag-sol' })).status).toBe(401)
    // and a customer of the same agency who is not on the booking
    expect((await api.call('POST', `/payment/${action.payment_id}/check`, { as: 'ana' })).status).toBe(404)
  })
})

describe('payments', () => {
  it('a declined card, then retry → a new payment, paid, and the booking confirmed', async () => {
    const { booking_id, action } = await bookParty(api)
    completeProviderPayment(api.rt, action.payment_id, 'decline')
    const failed = await api.ok<Payment>('POST', `/payment/${action.payment_id}/check`, { as: 'nuevo' })
    expect(failed).toMatchObject({ status: 'failed', error_code: 'card_declined' })
    expect((await booking(booking_id)).status).toBe('pending')

    const retry = await api.ok<PaymentAction>('POST', `/payment/${action.payment_id}/retry`, { as: 'nuevo' })
    expect(retry.payment_id).not.toBe(action.payment_id)
    expect(retry.amount).toBe(action.amount)
    const old = api.world.payments.find((p) => p.id === action.payment_id)!
    const next = api.world.payments.find((p) => p.id === retry.payment_id)!
    expect(old.retriedBy).toBe(next.id)
    expect(next.termIds).toEqual(old.termIds)

    completeProviderPayment(api.rt, retry.payment_id, 'approve')
    expect((await api.ok<Payment>('POST', `/payment/${retry.payment_id}/check`, { as: 'nuevo' })).status).toBe('paid')
    expect((await booking(booking_id)).status).toBe('confirmed')
    // retrying the old one now: its terms are paid
    expect(await errorOf(await api.call('POST', `/payment/${action.payment_id}/retry`, { as: 'nuevo' }))).toMatchObject({
      status: 409,
      code: 'payment_already_completed',
    })
  })

  it('retrying an abandoned payment closes it, so it can never charge twice', async () => {
    const { booking_id, action } = await bookParty(api)
    const retry = await api.ok<PaymentAction>('POST', `/payment/${action.payment_id}/retry`, { as: 'nuevo' })
    // the payer finishes on the old provider page left open in another tab: nothing happens
    completeProviderPayment(api.rt, action.payment_id, 'approve')
    expect(api.world.payments.find((p) => p.id === action.payment_id)!.status).toBe('failed')
    expect((await booking(booking_id)).status).toBe('pending')
    // the redirect of the old one sends the payer to its replacement
    expect((await api.ok<PaymentAction>('POST', `/payment/${action.payment_id}/redirect`, { as: 'nuevo' })).payment_id).toBe(retry.payment_id)
  })

  it('the payment-fails scenario declines, and term-expired refuses the retry', async () => {
    api.scenarios(['payment-fails'], 'ag-sol')
    const { action } = await bookParty(api)
    completeProviderPayment(api.rt, action.payment_id, 'approve')
    expect(api.world.payments.find((p) => p.id === action.payment_id)!.status).toBe('failed')
    api.scenarios(['term-expired'], 'ag-sol')
    expect(await errorOf(await api.call('POST', `/payment/${action.payment_id}/retry`, { as: 'nuevo' }))).toMatchObject({
      status: 409,
      code: 'payment_term_limit_date_excedeed',
    })
  })
})

describe('invitations', () => {
  it('a newcomer gets an account, an invited booking and a sign-in link back to the checkout', async () => {
    const res = await api.call('POST', `/travelgroup/${LON}/invite`, {
      body: { name: 'Luis Pérez Gómez', email: 'Luis.Perez@example.com', phone: '+34600333444', commercial_consent: true, third_party_consent: false },
    })
    expect(res.status).toBe(201)
    const customer = api.world.customers.find((c) => c.agencyId === 'ag-sol' && c.email === 'Luis.Perez@example.com')!
    expect(customer).toMatchObject({ name: 'Luis', surname1: 'Pérez Gómez', validated: false })
    expect(api.world.bookings.filter((b) => b.travelGroupId === LON && b.access.some((a) => a.customerId === customer.id)).map((b) => b.status)).toEqual([
      'invited',
    ])
    const link = api.world.links.find((l) => l.customerId === customer.id)!
    expect(link.redirect).toBe(`/travelgroup/${LON}/checkout`)
    expect(api.world.outbox[0]!.to).toBe('Luis.Perez@example.com')

    // asking twice does not create a second account or booking
    await api.ok('POST', `/travelgroup/${LON}/invite`, {
      body: { name: 'Luis Pérez', email: 'luis.perez@example.com', phone: '+34600333444', commercial_consent: false, third_party_consent: false },
    })
    expect(api.world.customers.filter((c) => c.email.toLowerCase() === 'luis.perez@example.com')).toHaveLength(1)
    expect(api.world.bookings.filter((b) => b.access.some((a) => a.customerId === customer.id))).toHaveLength(1)
    expect(api.world.invitations).toHaveLength(2)
  })
})
