import type { PackSeats } from '../../../contract/generated/model/index.ts'
import type { Probe } from '../probe.ts'
import { buyerInput, checkoutBody, family, lockAndCheckout, lockParty, memberInput, roomsFor } from './checkout-fixtures.ts'

const LON = 'tg-sol-lon'
const ROM = 'tg-sol-rom'
const PAR = 'tg-sol-par' // departed 40 days ago
const ISL = 'tg-norte-isl' // the other tenant's

/** Simple reads of a group: the group itself, and another tenant's group answering 404. */
const groupReads = (operationId: string, suffix: string): Probe[] => [
  { operationId, name: 'a group of this agency', status: 200, run: (api) => api.call('GET', `/travelgroup/${LON}${suffix}`) },
  { operationId, name: 'signed in, same answer', status: 200, run: (api) => api.call('GET', `/travelgroup/${LON}${suffix}`, { as: 'ana' }) },
  {
    operationId,
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${ISL}${suffix}`, { agency: 'ag-sol' }),
  },
]

const joinBody = (emails: string[]) => ({ code: 'AMIGOS-4B', booking_id: 'bkg-sol-1001', emails })

export const travelGroupProbes: Probe[] = [
  // ── the offer ──
  { operationId: 'listTravelGroups', name: 'groups open for booking', status: 200, run: (api) => api.call('GET', '/travelgroup') },
  {
    operationId: 'listTravelGroups',
    name: 'searched by destination',
    status: 200,
    run: (api) => api.call('GET', '/travelgroup', { query: { search: 'roma' } }),
  },
  {
    operationId: 'listTravelGroups',
    name: 'found by the organiser code',
    status: 200,
    run: (api) => api.call('GET', '/travelgroup', { query: { code: 'lon27' } }),
  },
  {
    operationId: 'listTravelGroups',
    name: 'second page of one',
    status: 200,
    run: (api) => api.call('GET', '/travelgroup', { as: 'ana', query: { page: '2', per_page: '1' } }),
  },
  {
    operationId: 'listTravelGroups',
    name: 'per_page 0 is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('GET', '/travelgroup', { query: { per_page: '0' } }),
  },
  ...groupReads('getTravelGroup', ''),
  { operationId: 'getTravelGroup', name: 'a past trip still shows (bookings link to it)', status: 200, run: (api) => api.call('GET', `/travelgroup/${PAR}`) },
  ...groupReads('listPaymentTerms', '/payment-terms'),
  ...groupReads('listBookingItems', '/booking-items'),
  ...groupReads('listExtras', '/extras'),
  ...groupReads('getSeatsAvailability', '/seats-availability'),
  ...groupReads('getPackSeats', '/pack-seats'),
  {
    operationId: 'getTravelGroupTerms',
    name: 'terms in Spanish',
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/terms`, { query: { lang: 'es' } }),
  },
  {
    operationId: 'getTravelGroupTerms',
    name: 'terms in English',
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/terms`, { query: { lang: 'en' } }),
  },
  {
    operationId: 'getTravelGroupTerms',
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${ISL}/terms`, { agency: 'ag-sol' }),
  },
  { operationId: 'listPaymentMethods', name: 'methods to book', status: 200, run: (api) => api.call('GET', `/travelgroup/${LON}/payment-methods`) },
  {
    operationId: 'listPaymentMethods',
    name: "methods for one's booking",
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/payment-methods`, { as: 'ana', query: { bookingId: 'bkg-sol-1001' } }),
  },
  {
    operationId: 'listPaymentMethods',
    name: "someone else's booking is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${LON}/payment-methods`, { as: 'nuevo', query: { bookingId: 'bkg-sol-1001' } }),
  },
  {
    operationId: 'listPaymentMethods',
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${ISL}/payment-methods`),
  },

  // ── the customer in the group ──
  {
    operationId: 'getTravelGroupBooking',
    name: 'the confirmed booking',
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/booking`, { as: 'ana' }),
  },
  { operationId: 'getTravelGroupBooking', name: 'the invitation', status: 200, run: (api) => api.call('GET', `/travelgroup/${ROM}/booking`, { as: 'ana' }) },
  {
    operationId: 'getTravelGroupBooking',
    name: 'the guardian sees the minor’s booking',
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/booking`, { as: 'marta' }),
  },
  {
    operationId: 'getTravelGroupBooking',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('GET', `/travelgroup/${LON}/booking`),
  },
  {
    operationId: 'getTravelGroupBooking',
    name: 'no booking there is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${LON}/booking`, { as: 'nuevo' }),
  },
  {
    operationId: 'getRoomingList',
    name: 'a traveller sees the rooming list',
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/rooming`, { as: 'ana' }),
  },
  { operationId: 'getRoomingList', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('GET', `/travelgroup/${LON}/rooming`) },
  {
    operationId: 'getRoomingList',
    name: 'someone not travelling is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${LON}/rooming`, { as: 'nuevo' }),
  },

  // ── invitations ──
  { operationId: 'getInvitationInfo', name: 'the invitation texts', status: 200, run: (api) => api.call('GET', `/travelgroup/${LON}/invitation`) },
  {
    operationId: 'getInvitationInfo',
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${ISL}/invitation`, { agency: 'ag-sol' }),
  },
  {
    operationId: 'sendInvitation',
    name: 'a newcomer asks to join',
    status: 201,
    run: (api) =>
      api.call('POST', `/travelgroup/${LON}/invite`, {
        body: { name: 'Luis Pérez Gómez', email: 'luis.perez@example.com', phone: '+34600333444', commercial_consent: false, third_party_consent: true },
      }),
  },
  {
    operationId: 'sendInvitation',
    name: 'an existing customer without a booking there',
    status: 201,
    run: (api) =>
      api.call('POST', `/travelgroup/${ROM}/invite`, {
        body: { name: 'Elena Vidal', email: 'enlace@example.com', phone: '+34600444555', commercial_consent: true, third_party_consent: true },
      }),
  },
  {
    operationId: 'sendInvitation',
    name: 'already booked in the group is 409',
    status: 409,
    code: 'conflict',
    run: (api) =>
      api.call('POST', `/travelgroup/${LON}/invite`, {
        body: { name: 'Ana García', email: 'ana.garcia@example.com', phone: '+34600111222', commercial_consent: false, third_party_consent: true },
      }),
  },
  {
    operationId: 'sendInvitation',
    name: 'commercial consent not answered is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('POST', `/travelgroup/${LON}/invite`, {
        body: { name: 'Luis Pérez', email: 'luis.perez@example.com', phone: '+34600333444', third_party_consent: true },
      }),
  },
  {
    operationId: 'sendInvitation',
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) =>
      api.call('POST', `/travelgroup/${ISL}/invite`, {
        agency: 'ag-sol',
        body: { name: 'Luis Pérez', email: 'luis.perez@example.com', phone: '+34600333444', commercial_consent: false, third_party_consent: false },
      }),
  },

  // ── booking groups ──
  {
    operationId: 'getGroup',
    name: 'found by its code',
    status: 200,
    run: (api) => api.call('GET', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'nuevo', query: { code: 'amigos-4b' } }),
  },
  {
    operationId: 'getGroup',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('GET', `/travelgroup/${LON}/group/grp-sol-1`, { query: { code: 'AMIGOS-4B' } }),
  },
  {
    operationId: 'getGroup',
    name: 'a wrong code is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'nuevo', query: { code: 'AMIGOS-4C' } }),
  },
  {
    operationId: 'joinGroup',
    name: 'joins and invites two friends',
    status: 200,
    run: (api) => api.call('POST', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'ana', body: joinBody(['luis@example.com', 'marta.lopez@example.com']) }),
  },
  {
    operationId: 'joinGroup',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `/travelgroup/${LON}/group/grp-sol-1`, { body: joinBody([]) }),
  },
  {
    operationId: 'joinGroup',
    name: 'a wrong code is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'ana', body: { ...joinBody([]), code: 'OTROS' } }),
  },
  {
    operationId: 'joinGroup',
    name: "someone else's booking is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'nuevo', body: joinBody([]) }),
  },
  {
    operationId: 'joinGroup',
    name: 'a mistyped e-mail is 422',
    status: 422,
    code: 'booking_group_mail_invalid',
    run: (api) => api.call('POST', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'ana', body: joinBody(['luis@example.com', 'pedro@gmail']) }),
  },
  {
    operationId: 'joinGroup',
    name: 'no e-mail list is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `/travelgroup/${LON}/group/grp-sol-1`, { as: 'ana', body: { code: 'AMIGOS-4B', booking_id: 'bkg-sol-1001' } }),
  },

  // ── seat holds ──
  { operationId: 'lockSeats', name: 'holds two seats in a double', status: 201, run: (api) => lockParty(api, { members: 2 }) },
  {
    operationId: 'lockSeats',
    name: 'holds five in a double and a triple, full pack',
    status: 201,
    run: (api) => lockParty(api, { members: 5, pack: 2, as: 'ana' }),
  },
  {
    operationId: 'lockSeats',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `/travelgroup/${LON}/lock`, { body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 2) } }),
  },
  { operationId: 'lockSeats', name: "another tenant's group is 404", status: 404, code: 'not_found', run: (api) => lockParty(api, { group: ISL }) },
  {
    operationId: 'lockSeats',
    name: 'a trip that already left is 409',
    status: 409,
    code: 'cant_lock_enough_seats',
    run: (api) => lockParty(api, { group: PAR }),
  },
  {
    operationId: 'lockSeats',
    name: 'sold out is 409',
    status: 409,
    code: 'cant_lock_enough_seats',
    run: (api) => {
      api.scenarios(['sold-out'], 'ag-sol')
      return lockParty(api)
    },
  },
  {
    operationId: 'lockSeats',
    name: 'one more than the pack has left is 409',
    status: 409,
    code: 'travel_group_pack_full',
    run: async (api) => {
      const seats = await api.ok<PackSeats[]>('GET', `/travelgroup/${ISL}/pack-seats`, { agency: 'ag-norte' })
      const left = seats.find((s) => s.pack_id === `${ISL}-pck-2`)!.seats_left
      return lockParty(api, { as: 'laura', group: ISL, pack: 2, members: left + 1 })
    },
  },
  {
    operationId: 'lockSeats',
    name: 'pack full is 409',
    status: 409,
    code: 'travel_group_pack_full',
    run: (api) => {
      api.scenarios(['pack-full'])
      return lockParty(api)
    },
  },
  {
    operationId: 'lockSeats',
    name: 'rooms for three, two travelling is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `/travelgroup/${LON}/lock`, { as: 'nuevo', body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 3) } }),
  },
  {
    operationId: 'lockSeats',
    name: 'a sold-out room type (the family suite) is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('POST', `/travelgroup/${LON}/lock`, {
        as: 'nuevo',
        body: { pack_id: `${LON}-pck-1`, members: 5, rooms: [{ hosting_id: `${LON}-hst-5`, quantity: 1 }] },
      }),
  },
  { operationId: 'lockSeats', name: 'more than max_members is 422', status: 422, code: 'validation_error', run: (api) => lockParty(api, { members: 7 }) },

  // ── coupons ──
  {
    operationId: 'checkVoucher',
    name: 'a 10% coupon',
    status: 200,
    run: (api) => api.call('POST', `/travelgroup/${LON}/check-voucher`, { as: 'nuevo', body: { code: 'verano10', pack_id: `${LON}-pck-1`, members: 2 } }),
  },
  {
    operationId: 'checkVoucher',
    name: 'a 50 € coupon',
    status: 200,
    run: (api) => api.call('POST', `/travelgroup/${LON}/check-voucher`, { as: 'nuevo', body: { code: 'AMIGO50', pack_id: `${LON}-pck-2`, members: 3 } }),
  },
  {
    operationId: 'checkVoucher',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `/travelgroup/${LON}/check-voucher`, { body: { code: 'VERANO10', pack_id: `${LON}-pck-1`, members: 2 } }),
  },
  {
    operationId: 'checkVoucher',
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/travelgroup/${ISL}/check-voucher`, { as: 'nuevo', body: { code: 'VERANO10', pack_id: `${ISL}-pck-1`, members: 2 } }),
  },
  {
    operationId: 'checkVoucher',
    name: 'an expired coupon is 422',
    status: 422,
    code: 'voucher_invalid',
    run: (api) => api.call('POST', `/travelgroup/${LON}/check-voucher`, { as: 'nuevo', body: { code: 'CADUCADO', pack_id: `${LON}-pck-1`, members: 2 } }),
  },
  {
    operationId: 'checkVoucher',
    name: 'an unknown coupon is 422',
    status: 422,
    code: 'voucher_invalid',
    run: (api) => api.call('POST', `/travelgroup/${LON}/check-voucher`, { as: 'nuevo', body: { code: 'INVIERNO99', pack_id: `${LON}-pck-1`, members: 2 } }),
  },
  {
    operationId: 'checkVoucher',
    name: 'an empty code is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `/travelgroup/${LON}/check-voucher`, { as: 'nuevo', body: { code: '', pack_id: `${LON}-pck-1`, members: 2 } }),
  },

  // ── checkout ──
  { operationId: 'checkout', name: 'two travellers, single payment by card', status: 201, run: (api) => lockAndCheckout(api) },
  {
    operationId: 'checkout',
    name: 'three instalments, coupon, extras, insurance and rooming',
    status: 201,
    run: (api) =>
      lockAndCheckout(api, { members: 3 }, (b) => ({
        ...b,
        payment_plan_id: `${LON}-plan-3`,
        voucher_code: 'VERANO10',
        extras: [{ item_id: `${LON}-ext-1`, member_index: 2 }],
        insurances: [
          { item_id: `${LON}-ins-1`, member_index: 0 },
          { item_id: `${LON}-ins-1`, member_index: 1 },
        ],
        rooming: [[0, 1, 2]],
        commercial_sectors: ['travel', 'languages'],
      })),
  },
  {
    operationId: 'checkout',
    name: 'by bank transfer',
    status: 201,
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, payment_method_id: `${LON}-pm-transfer` })),
  },
  { operationId: 'checkout', name: 'an invitation becomes the booking', status: 201, run: (api) => lockAndCheckout(api, { as: 'ana', group: ROM }) },
  {
    operationId: 'checkout',
    name: 'a double click books once (same answer)',
    status: 201,
    run: async (api) => {
      const lock = await api.ok<{ id: string }>('POST', `/travelgroup/${LON}/lock`, {
        as: 'nuevo',
        body: { pack_id: `${LON}-pck-1`, members: 2, rooms: roomsFor(LON, 2) },
      })
      const body = checkoutBody(lock.id)
      await api.ok('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body })
      return api.call('POST', `/travelgroup/${LON}/checkout`, { as: 'nuevo', body })
    },
  },
  {
    operationId: 'checkout',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `/travelgroup/${LON}/checkout`, { body: checkoutBody('lck-1') }),
  },
  {
    operationId: 'checkout',
    name: "another tenant's group is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/travelgroup/${ISL}/checkout`, { as: 'nuevo', body: checkoutBody('lck-1', { group: ISL }) }),
  },
  {
    operationId: 'checkout',
    name: 'seats gone while paying is 409',
    status: 409,
    code: 'cant_lock_enough_seats',
    run: (api) =>
      lockAndCheckout(api, {}, (b) => {
        api.scenarios(['sold-out'], 'ag-sol')
        return b
      }),
  },
  {
    operationId: 'checkout',
    name: 'pack gone while paying is 409',
    status: 409,
    code: 'travel_group_pack_full',
    run: (api) =>
      lockAndCheckout(api, {}, (b) => {
        api.scenarios(['pack-full'], 'ag-sol')
        return b
      }),
  },
  {
    operationId: 'checkout',
    name: 'an expired coupon is 422',
    status: 422,
    code: 'voucher_invalid',
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, voucher_code: 'CADUCADO' })),
  },
  {
    operationId: 'checkout',
    name: 'a DNI with a dash is 422',
    status: 422,
    code: 'dni_wrong_format',
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, members: [memberInput({ document_number: '12345678-Z' }), ...family(2).slice(1)] })),
  },
  {
    operationId: 'checkout',
    name: 'a passport number with a space is 422',
    status: 422,
    code: 'passport_wrong_format',
    run: (api) =>
      lockAndCheckout(api, {}, (b) => ({ ...b, members: [memberInput({ document_type: 'passport', document_number: 'PAA 123456' }), ...family(2).slice(1)] })),
  },
  {
    operationId: 'checkout',
    name: 'a NIF with dots is 422',
    status: 422,
    code: 'nif_wrong_format',
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, buyer: buyerInput({ tax_id: '87.654.321-X' }) })),
  },
  {
    operationId: 'checkout',
    name: 'a CIF with a dash is 422',
    status: 422,
    code: 'cif_wrong_format',
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, buyer: buyerInput({ type: 'company', company_name: 'AMPA Colegio Sol', tax_id: 'G-12345678' }) })),
  },
  {
    operationId: 'checkout',
    name: 'a minor passenger as the buyer is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => lockAndCheckout(api, { members: 3 }, (b) => ({ ...b, buyer: buyerInput({ name: 'Lucía', surname1: 'Martín', tax_id: '23456789D' }) })),
  },
  {
    operationId: 'checkout',
    name: 'rooms that do not fit the travellers is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, rooms: roomsFor(LON, 3) })),
  },
  {
    operationId: 'checkout',
    name: 'terms not accepted is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => lockAndCheckout(api, {}, (b) => ({ ...b, accept_terms: false as true })),
  },
  {
    operationId: 'checkout',
    name: 'the hold lapsed (seats still free) is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      lockAndCheckout(api, {}, (b) => {
        api.travel(16 / 1440)
        return b
      }),
  },
]
