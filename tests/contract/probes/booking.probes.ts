import type { Probe, ProbeApi } from '../probe.ts'

// Demo bookings (mock/src/world/seed/sol-demo.ts), on the probes' day 2026-11-21:
// 1001 London (starts in 110 days, paid in full; minor Lucía with guardians Marta and Ana, adult Pablo),
// 1002 Pyrenees (starts in 30 days, confirmed: 3 instalments, the 1st paid, the 2nd due in 15 days),
// 1003 Rome (invited, no billing data), 1004 London (canceled), 1005 Paris (trip ended),
// 1006 London (pending: its card payment declined, nothing paid), 2001 Laura's (other tenant).
const RETURN_URL = 'http://localhost:5173/payment'
const IBAN = 'ES9121000418450200051332'

const bookingOf = (api: ProbeApi, id: string) => api.world.bookings.find((b) => b.id === id)!
const planTerm = (api: ProbeApi, bookingId: string, n: number) => bookingOf(api, bookingId).terms.find((t) => t.kind === 'plan' && t.number === n)!.id
const cardOf = (bookingId: string, api: ProbeApi) => `${bookingOf(api, bookingId).travelGroupId}-pm-card`

/** Every read-only /booking/{id}/… GET: success, the isolation rule (404) and the token (401). */
const readProbes = (operationId: string, suffix: string): Probe[] => [
  { operationId, name: 'the buyer reads her booking', status: 200, run: (api) => api.call('GET', `/booking/bkg-sol-1001${suffix}`, { as: 'ana' }) },
  { operationId, name: "a minor's guardian reads the booking", status: 200, run: (api) => api.call('GET', `/booking/bkg-sol-1001${suffix}`, { as: 'marta' }) },
  {
    operationId,
    name: 'a customer not on the booking gets 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/booking/bkg-sol-1001${suffix}`, { as: 'nuevo' }),
  },
  {
    operationId,
    name: "another tenant's booking is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/booking/bkg-norte-2001${suffix}`, { as: 'ana' }),
  },
  { operationId, name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('GET', `/booking/bkg-sol-1001${suffix}`) },
]

export const bookingProbes: Probe[] = [
  // ── reading ──
  { operationId: 'listBookings', name: 'ana sees her bookings, newest first', status: 200, run: (api) => api.call('GET', '/booking', { as: 'ana' }) },
  { operationId: 'listBookings', name: 'marta sees the booking she is guardian in', status: 200, run: (api) => api.call('GET', '/booking', { as: 'marta' }) },
  {
    operationId: 'listBookings',
    name: 'a customer without bookings gets an empty list',
    status: 200,
    run: (api) => api.call('GET', '/booking', { as: 'nuevo' }),
  },
  {
    operationId: 'listBookings',
    name: 'scenario no-bookings answers an empty list',
    status: 200,
    run: (api) => {
      api.scenarios(['no-bookings'])
      return api.call('GET', '/booking', { as: 'ana' })
    },
  },
  { operationId: 'listBookings', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('GET', '/booking') },
  {
    operationId: 'listBookings',
    name: 'no agency is 400',
    status: 400,
    code: 'agency_unknown',
    run: async (api) => api.call('GET', '/booking', { token: await api.token('ana'), agency: null }),
  },

  ...readProbes('getBooking', ''),
  {
    operationId: 'getBooking',
    name: 'laura cannot read ana’s booking from her own tenant',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', '/booking/bkg-sol-1001', { as: 'laura' }),
  },
  { operationId: 'getBooking', name: 'a canceled booking with refunds', status: 200, run: (api) => api.call('GET', '/booking/bkg-sol-1004', { as: 'ana' }) },
  { operationId: 'getBooking', name: 'an invited booking', status: 200, run: (api) => api.call('GET', '/booking/bkg-sol-1003', { as: 'ana' }) },
  {
    operationId: 'getBooking',
    name: 'an unknown booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', '/booking/bkg-nope', { as: 'ana' }),
  },
  ...readProbes('getBookingRooms', '/rooms'),
  ...readProbes('getBookingTravelGroup', '/travel-group'),
  ...readProbes('listBookingNotices', '/notices'),
  ...readProbes('getBookingPayments', '/payments'),
  {
    operationId: 'getBookingPayments',
    name: 'a canceled booking’s refunds',
    status: 200,
    run: (api) => api.call('GET', '/booking/bkg-sol-1004/payments', { as: 'ana' }),
  },

  // ── invoice ──
  {
    operationId: 'renderInvoice',
    name: 'an invoice as PDF',
    status: 200,
    run: (api) => api.call('GET', `/booking/bkg-sol-1001/invoice/${bookingOf(api, 'bkg-sol-1001').invoices[0]!.id}/render`, { as: 'ana' }),
  },
  {
    operationId: 'renderInvoice',
    name: "another booking's invoice is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/booking/bkg-sol-1001/invoice/${bookingOf(api, 'bkg-sol-1002').invoices[0]!.id}/render`, { as: 'ana' }),
  },
  {
    operationId: 'renderInvoice',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/booking/bkg-sol-1001/invoice/${bookingOf(api, 'bkg-sol-1001').invoices[0]!.id}/render`, { as: 'nuevo' }),
  },
  {
    operationId: 'renderInvoice',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('GET', `/booking/bkg-sol-1001/invoice/${bookingOf(api, 'bkg-sol-1001').invoices[0]!.id}/render`),
  },

  // ── bank account ──
  {
    operationId: 'updateBankAccount',
    name: 'sets a valid IBAN (print format)',
    status: 200,
    run: (api) =>
      api.call('PUT', '/booking/bkg-sol-1002/bank-account', { as: 'ana', body: { owner: 'Ana García López', iban: 'ES91 2100 0418 4502 0005 1332' } }),
  },
  {
    operationId: 'updateBankAccount',
    name: 'wrong IBAN checksum is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/bank-account', { as: 'ana', body: { owner: 'Ana García López', iban: 'ES9121000418450200051333' } }),
  },
  {
    operationId: 'updateBankAccount',
    name: 'blank owner is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/bank-account', { as: 'ana', body: { owner: '   ', iban: IBAN } }),
  },
  {
    operationId: 'updateBankAccount',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/bank-account', { as: 'nuevo', body: { owner: 'X', iban: IBAN } }),
  },
  {
    operationId: 'updateBankAccount',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/bank-account', { body: { owner: 'X', iban: IBAN } }),
  },

  // ── review ──
  {
    operationId: 'createReview',
    name: 'reviews a finished trip',
    status: 201,
    run: (api) => api.call('POST', '/booking/bkg-sol-1005/review', { as: 'ana', body: { rating: 5, text: '¡Un viaje inolvidable!' } }),
  },
  {
    operationId: 'createReview',
    name: 'a trip still to come cannot be reviewed',
    status: 409,
    code: 'conflict',
    run: (api) => api.call('POST', '/booking/bkg-sol-1001/review', { as: 'ana', body: { rating: 4 } }),
  },
  {
    operationId: 'createReview',
    name: 'a second review is 409',
    status: 409,
    code: 'conflict',
    run: async (api) => {
      await api.ok('POST', '/booking/bkg-sol-1005/review', { as: 'ana', body: { rating: 5, text: null } })
      return api.call('POST', '/booking/bkg-sol-1005/review', { as: 'ana', body: { rating: 3 } })
    },
  },
  {
    operationId: 'createReview',
    name: 'rating out of 1..5 is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/booking/bkg-sol-1005/review', { as: 'ana', body: { rating: 6 } }),
  },
  {
    operationId: 'createReview',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/booking/bkg-sol-1005/review', { as: 'marta', body: { rating: 5 } }),
  },
  {
    operationId: 'createReview',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', '/booking/bkg-sol-1005/review', { body: { rating: 5 } }),
  },

  // ── payment plan ──
  {
    operationId: 'updateBookingTerms',
    name: 'the pending amount in a single payment',
    status: 200,
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-pir-plan-1' } }),
  },
  {
    operationId: 'updateBookingTerms',
    name: 'a fully paid booking cannot change plan',
    status: 409,
    code: 'conflict',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1001/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-lon-plan-3' } }),
  },
  {
    operationId: 'updateBookingTerms',
    name: 'a canceled booking cannot change plan',
    status: 409,
    code: 'booking_canceled',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1004/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-lon-plan-3' } }),
  },
  {
    operationId: 'updateBookingTerms',
    name: "another group's plan is 422",
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/terms', { as: 'ana', body: { payment_plan_id: 'tg-sol-lon-plan-1' } }),
  },
  {
    operationId: 'updateBookingTerms',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/terms', { as: 'marta', body: { payment_plan_id: 'tg-sol-pir-plan-1' } }),
  },
  {
    operationId: 'updateBookingTerms',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/terms', { body: { payment_plan_id: 'tg-sol-pir-plan-1' } }),
  },

  // ── notices ──
  {
    operationId: 'markNoticeRead',
    name: 'marks a notice read',
    status: 200,
    run: (api) => api.call('POST', '/booking/bkg-sol-1001/notice-read', { as: 'ana', body: { notice_id: 'ntc-sol-1' } }),
  },
  {
    operationId: 'markNoticeRead',
    name: 'a notice of no booking of hers is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/notice-read', { as: 'ana', body: { notice_id: 'ntc-sol-1' } }),
  },
  {
    operationId: 'markNoticeRead',
    name: 'missing notice_id is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/booking/bkg-sol-1001/notice-read', { as: 'ana', body: {} }),
  },
  {
    operationId: 'markNoticeRead',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', '/booking/bkg-sol-1001/notice-read', { body: { notice_id: 'ntc-sol-1' } }),
  },

  // ── pack ──
  {
    operationId: 'setBookingPack',
    name: 'upgrades to the full pack (unpaid terms re-priced)',
    status: 200,
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/set-pack', { as: 'ana', body: { pack_id: 'tg-sol-pir-pck-2' } }),
  },
  {
    operationId: 'setBookingPack',
    name: 'scenario pack-full: no seats in the new pack',
    status: 409,
    code: 'travel_group_pack_full',
    run: (api) => {
      api.scenarios(['pack-full'], 'ag-sol')
      return api.call('PUT', '/booking/bkg-sol-1002/set-pack', { as: 'ana', body: { pack_id: 'tg-sol-pir-pck-2' } })
    },
  },
  {
    operationId: 'setBookingPack',
    name: 'a canceled booking keeps its pack',
    status: 409,
    code: 'booking_canceled',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1004/set-pack', { as: 'ana', body: { pack_id: 'tg-sol-lon-pck-2' } }),
  },
  {
    operationId: 'setBookingPack',
    name: 'a trip that has started keeps its pack',
    status: 409,
    code: 'booking_already_traveled',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1005/set-pack', { as: 'ana', body: { pack_id: 'tg-sol-pir-pck-1' } }),
  },
  {
    operationId: 'setBookingPack',
    name: "another group's pack is 422",
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/set-pack', { as: 'ana', body: { pack_id: 'tg-sol-lon-pck-2' } }),
  },
  {
    operationId: 'setBookingPack',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/set-pack', { as: 'nuevo', body: { pack_id: 'tg-sol-pir-pck-2' } }),
  },
  {
    operationId: 'setBookingPack',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('PUT', '/booking/bkg-sol-1002/set-pack', { body: { pack_id: 'tg-sol-pir-pck-2' } }),
  },

  // ── purchase ──
  {
    operationId: 'purchaseTerms',
    name: 'pays the second instalment by card',
    status: 200,
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 2)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: 'pays the rest by transfer',
    status: 200,
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: {
          term_ids: [planTerm(api, 'bkg-sol-1002', 2), planTerm(api, 'bkg-sol-1002', 3)],
          payment_method_id: 'tg-sol-pir-pm-transfer',
          return_url: RETURN_URL,
        },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: 'past the limit date of the instalment',
    status: 409,
    code: 'payment_term_limit_date_excedeed',
    run: (api) => {
      api.travel(20)
      return api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 2)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      })
    },
  },
  {
    operationId: 'purchaseTerms',
    name: 'scenario term-expired',
    status: 409,
    code: 'payment_term_limit_date_excedeed',
    run: (api) => {
      api.scenarios(['term-expired'])
      return api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 2)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      })
    },
  },
  {
    operationId: 'purchaseTerms',
    name: 'the first instalment is already paid',
    status: 409,
    code: 'payment_already_completed',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 1)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: 'a canceled booking takes no payments',
    status: 409,
    code: 'booking_canceled',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1004/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1004', 1)], payment_method_id: cardOf('bkg-sol-1004', api), return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: "another booking's term is 422",
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1001', 1)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: 'a return_url that is not a url is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 2)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: 'payment' },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'marta',
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 2)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'purchaseTerms',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/purchase', {
        body: { term_ids: [planTerm(api, 'bkg-sol-1002', 2)], payment_method_id: cardOf('bkg-sol-1002', api), return_url: RETURN_URL },
      }),
  },

  // ── extras and insurance after booking ──
  {
    operationId: 'payExtraTerm',
    name: 'nothing is bought on a canceled booking',
    status: 409,
    code: 'booking_canceled',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1004/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-ana-lon', item_id: 'tg-sol-lon-ext-1', payment_method_id: 'tg-sol-lon-pm-card', return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'payExtraTerm',
    name: 'buys an excursion for Jorge',
    status: 200,
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-pir-ext-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'payExtraTerm',
    name: 'buys a cancellation insurance for Pablo',
    status: 200,
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1001/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-pablo', item_id: 'tg-sol-lon-ins-1', payment_method_id: 'tg-sol-lon-pm-card', return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'payExtraTerm',
    name: 'the excursion could be bought until 15 days before departure',
    status: 409,
    code: 'extra_limit_date_excedeed',
    run: (api) => {
      api.travel(16)
      return api.call('POST', '/booking/bkg-sol-1002/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-pir-ext-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: RETURN_URL },
      })
    },
  },
  {
    operationId: 'payExtraTerm',
    name: 'the insurance could be bought until 30 days before departure',
    status: 409,
    code: 'insurance_limit_date_excedeed',
    run: (api) => {
      api.travel(1)
      return api.call('POST', '/booking/bkg-sol-1002/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-pir-ins-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: RETURN_URL },
      })
    },
  },
  {
    operationId: 'payExtraTerm',
    name: 'scenario term-expired: insurance past its limit',
    status: 409,
    code: 'insurance_limit_date_excedeed',
    run: (api) => {
      api.scenarios(['term-expired'], 'ag-sol')
      return api.call('POST', '/booking/bkg-sol-1001/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-pablo', item_id: 'tg-sol-lon-ins-2', payment_method_id: 'tg-sol-lon-pm-card', return_url: RETURN_URL },
      })
    },
  },
  {
    operationId: 'payExtraTerm',
    name: 'Lucía already has that excursion',
    status: 409,
    code: 'conflict',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1001/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-lucia', item_id: 'tg-sol-lon-ext-1', payment_method_id: 'tg-sol-lon-pm-card', return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'payExtraTerm',
    name: "another group's extra is 422",
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-lon-ext-2', payment_method_id: 'tg-sol-pir-pm-card', return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'payExtraTerm',
    name: "another booking's passenger is 404",
    status: 404,
    code: 'not_found',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-lucia', item_id: 'tg-sol-pir-ext-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: RETURN_URL },
      }),
  },
  {
    operationId: 'payExtraTerm',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/pay-extra-term', {
        body: { member_id: 'mem-sol-jorge', item_id: 'tg-sol-pir-ext-1', payment_method_id: 'tg-sol-pir-pm-card', return_url: RETURN_URL },
      }),
  },

  // ── cancellation ──
  {
    operationId: 'computeCancelRefund',
    name: 'the breakdown 30 days before departure',
    status: 200,
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/compute-cancel-refund', { as: 'ana', body: { reason: 'health' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'the breakdown 110 days before departure',
    status: 200,
    run: (api) => api.call('POST', '/booking/bkg-sol-1001/compute-cancel-refund', { as: 'ana', body: { reason: 'exams' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'the trip has taken place',
    status: 409,
    code: 'booking_already_traveled',
    run: (api) => api.call('POST', '/booking/bkg-sol-1005/compute-cancel-refund', { as: 'ana', body: { reason: 'other' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'scenario already-traveled',
    status: 409,
    code: 'booking_already_traveled',
    run: (api) => {
      api.scenarios(['already-traveled'])
      return api.call('POST', '/booking/bkg-sol-1002/compute-cancel-refund', { as: 'ana', body: { reason: 'health' } })
    },
  },
  {
    operationId: 'computeCancelRefund',
    name: 'already canceled',
    status: 409,
    code: 'booking_not_cancelable',
    run: (api) => api.call('POST', '/booking/bkg-sol-1004/compute-cancel-refund', { as: 'ana', body: { reason: 'health' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'no billing data yet',
    status: 409,
    code: 'billing_data_incomplete',
    run: (api) => api.call('POST', '/booking/bkg-sol-1003/compute-cancel-refund', { as: 'ana', body: { reason: 'change' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'unknown reason is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/compute-cancel-refund', { as: 'ana', body: { reason: 'bored' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/compute-cancel-refund', { as: 'nuevo', body: { reason: 'health' } }),
  },
  {
    operationId: 'computeCancelRefund',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/compute-cancel-refund', { body: { reason: 'health' } }),
  },

  {
    operationId: 'cancelBooking',
    name: 'cancels and requests the refund',
    status: 200,
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/cancel', {
        as: 'ana',
        body: { reason: 'health', comment: 'Lesión de rodilla', owner: 'Ana García López', iban: IBAN },
      }),
  },
  {
    operationId: 'cancelBooking',
    name: 'a guardian cancels the booking of a minor',
    status: 200,
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1001/cancel', {
        as: 'marta',
        body: { reason: 'grades', comment: null, owner: 'Marta López Ruiz', iban: 'DE89370400440532013000' },
      }),
  },
  {
    operationId: 'cancelBooking',
    name: 'the trip has taken place',
    status: 409,
    code: 'booking_already_traveled',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1005/cancel', { as: 'ana', body: { reason: 'other', comment: null, owner: 'Ana García López', iban: IBAN } }),
  },
  {
    operationId: 'cancelBooking',
    name: 'already canceled',
    status: 409,
    code: 'booking_not_cancelable',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1004/cancel', { as: 'ana', body: { reason: 'health', comment: null, owner: 'Ana García López', iban: IBAN } }),
  },
  {
    operationId: 'cancelBooking',
    name: 'no billing data yet',
    status: 409,
    code: 'billing_data_incomplete',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1003/cancel', { as: 'ana', body: { reason: 'change', comment: null, owner: 'Ana García López', iban: IBAN } }),
  },
  {
    operationId: 'cancelBooking',
    name: 'an IBAN with a wrong checksum is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('POST', '/booking/bkg-sol-1002/cancel', {
        as: 'ana',
        body: { reason: 'health', comment: null, owner: 'Ana García López', iban: 'ES9121000418450200051331' },
      }),
  },
  {
    operationId: 'cancelBooking',
    name: 'a blank account holder is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/cancel', { as: 'ana', body: { reason: 'health', comment: null, owner: ' ', iban: IBAN } }),
  },
  {
    operationId: 'cancelBooking',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/cancel', { as: 'nuevo', body: { reason: 'health', comment: null, owner: 'X', iban: IBAN } }),
  },
  {
    operationId: 'cancelBooking',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', '/booking/bkg-sol-1002/cancel', { body: { reason: 'health', comment: null, owner: 'X', iban: IBAN } }),
  },
]
