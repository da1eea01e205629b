import type { Probe, ProbeApi } from '../probe.ts'

// London's rooming list tg-sol-lon-rml: rooms r1.. r4 hold fellow travellers (r1 is full, 3 of 3),
// r5 is an empty double. bkg-sol-1001 travels there with Lucía and Pablo; bkg-sol-1002 goes to the Pyrenees.
const LIST = '/roominglist/tg-sol-lon-rml/update'
const both = { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r5', member_ids: ['mem-sol-lucia', 'mem-sol-pablo'] }] }

const blockOf = (api: ProbeApi, bookingId: string) => api.world.bookings.find((b) => b.id === bookingId)!.raffle_blocks[0]!
const ballotOf = (api: ProbeApi) => blockOf(api, 'bkg-sol-1001').ballots[0]!

export const roomingRaffleProbes: Probe[] = [
  // ── rooming ──
  {
    operationId: 'updateRoomingList',
    name: 'Lucía and Pablo ask for the free double',
    status: 200,
    run: (api) => api.call('PUT', LIST, { as: 'ana', body: both }),
  },
  {
    operationId: 'updateRoomingList',
    name: 'a guardian moves Lucía again',
    status: 200,
    run: async (api) => {
      await api.ok('PUT', LIST, { as: 'ana', body: both })
      return api.call('PUT', LIST, {
        as: 'marta',
        body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r6', member_ids: ['mem-sol-lucia'] }] },
      })
    },
  },
  {
    operationId: 'updateRoomingList',
    name: 'scenario rooming-confirmed',
    status: 409,
    code: 'rooming_list_already_confirmed',
    run: (api) => {
      api.scenarios(['rooming-confirmed'], 'ag-sol')
      return api.call('PUT', LIST, { as: 'ana', body: both })
    },
  },
  {
    operationId: 'updateRoomingList',
    name: 'the agency confirmed the list',
    status: 409,
    code: 'rooming_list_already_confirmed',
    run: (api) => {
      // the agency closes the list in its back office (no customer API does it)
      api.world.roomingLists.find((l) => l.id === 'tg-sol-lon-rml')!.status = 'confirmed'
      return api.call('PUT', LIST, { as: 'ana', body: both })
    },
  },
  {
    operationId: 'updateRoomingList',
    name: 'a full room is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('PUT', LIST, {
        as: 'ana',
        body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r1', member_ids: ['mem-sol-lucia', 'mem-sol-pablo'] }] },
      }),
  },
  {
    operationId: 'updateRoomingList',
    name: "another booking's passenger is 422",
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('PUT', LIST, {
        as: 'ana',
        body: { booking_id: 'bkg-sol-1001', rooms: [{ room_id: 'tg-sol-lon-rml-r5', member_ids: ['mem-sol-lucia', 'mem-sol-jorge'] }] },
      }),
  },
  {
    operationId: 'updateRoomingList',
    name: 'a booking of another group is 422',
    status: 422,
    code: 'validation_error',
    run: (api) =>
      api.call('PUT', LIST, { as: 'ana', body: { booking_id: 'bkg-sol-1002', rooms: [{ room_id: 'tg-sol-lon-rml-r5', member_ids: ['mem-sol-ana'] }] } }),
  },
  {
    operationId: 'updateRoomingList',
    name: 'empty rooms is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('PUT', LIST, { as: 'ana', body: { booking_id: 'bkg-sol-1001', rooms: [] } }),
  },
  {
    operationId: 'updateRoomingList',
    name: "somebody else's booking is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', LIST, { as: 'nuevo', body: both }),
  },
  {
    operationId: 'updateRoomingList',
    name: 'unknown list is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', '/roominglist/rml-nope/update', { as: 'ana', body: both }),
  },
  {
    operationId: 'updateRoomingList',
    name: "another tenant's list is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('PUT', '/roominglist/tg-norte-isl-rml/update', { as: 'ana', body: both }),
  },
  { operationId: 'updateRoomingList', name: 'no token is 401', status: 401, code: 'unauthorized', run: (api) => api.call('PUT', LIST, { body: both }) },

  // ── raffle ──
  {
    operationId: 'shareRaffleBlock',
    name: 'the share text in Spanish',
    status: 200,
    run: (api) => api.call('POST', `/raffle/block/${blockOf(api, 'bkg-sol-1001').id}/share`, { as: 'ana', body: { booking_id: 'bkg-sol-1001', lang: 'es' } }),
  },
  {
    operationId: 'shareRaffleBlock',
    name: 'the share text in English, by a guardian',
    status: 200,
    run: (api) => api.call('POST', `/raffle/block/${blockOf(api, 'bkg-sol-1001').id}/share`, { as: 'marta', body: { booking_id: 'bkg-sol-1001', lang: 'en' } }),
  },
  {
    operationId: 'shareRaffleBlock',
    name: "another booking's block is 404",
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/raffle/block/${blockOf(api, 'bkg-sol-1002').id}/share`, { as: 'ana', body: { booking_id: 'bkg-sol-1001' } }),
  },
  {
    operationId: 'shareRaffleBlock',
    name: 'not on the booking is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('POST', `/raffle/block/${blockOf(api, 'bkg-sol-1001').id}/share`, { as: 'nuevo', body: { booking_id: 'bkg-sol-1001' } }),
  },
  {
    operationId: 'shareRaffleBlock',
    name: 'unknown language is 422',
    status: 422,
    code: 'validation_error',
    run: (api) => api.call('POST', `/raffle/block/${blockOf(api, 'bkg-sol-1001').id}/share`, { as: 'ana', body: { booking_id: 'bkg-sol-1001', lang: 'fr' } }),
  },
  {
    operationId: 'shareRaffleBlock',
    name: 'no token is 401',
    status: 401,
    code: 'unauthorized',
    run: (api) => api.call('POST', `/raffle/block/${blockOf(api, 'bkg-sol-1001').id}/share`, { body: { booking_id: 'bkg-sol-1001' } }),
  },

  {
    operationId: 'getBallot',
    name: 'the ballot with its code, no agency header',
    status: 200,
    run: (api) => api.call('GET', `/raffle/ballot/${ballotOf(api).id}`, { agency: null, query: { code: ballotOf(api).code } }),
  },
  {
    operationId: 'getBallot',
    name: 'the ballot with its code at its agency',
    status: 200,
    run: (api) => api.call('GET', `/raffle/ballot/${ballotOf(api).id}`, { query: { code: ballotOf(api).code } }),
  },
  {
    operationId: 'getBallot',
    name: 'a wrong code is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/raffle/ballot/${ballotOf(api).id}`, { agency: null, query: { code: 'XXXX-00' } }),
  },
  {
    operationId: 'getBallot',
    name: 'at another tenant it is 404',
    status: 404,
    code: 'not_found',
    run: (api) => api.call('GET', `/raffle/ballot/${ballotOf(api).id}`, { agency: 'ag-norte', query: { code: ballotOf(api).code } }),
  },
  {
    operationId: 'getBallot',
    name: 'missing code is 400',
    status: 400,
    code: 'bad_request',
    run: (api) => api.call('GET', `/raffle/ballot/${ballotOf(api).id}`, { agency: null }),
  },
]
