// The journey's reads: what a customer's portal asks for, public first, then signed in.
import type { StepContext } from '../run/step-runner.ts'
import { JourneyState, JourneyStepSpec, MAX_BOOKINGS_READ, ResolvedIds, TravelGroupListing } from '../run/run-state.ts'
import { bookingReads, byBooking, travelGroupReads } from './read-steps.ts'
import { BookingFacts, bookingFacts, pickBookings } from './answer-facts.ts'
import { Json, agencyIdOf, asRecord, asString, firstItem, idOf, listItems, requireOk } from '../run/json-readers.ts'

export const readSteps: readonly JourneyStepSpec[] = [
  // --- public, as on portal start (SPEC §7)
  {
    id: 'agency.lookup',
    name: 'Agency lookup by portal URL',
    kind: 'read',
    operationId: 'findAgency',
    route: 'POST /agency',
    wiring: 'ready',
    request: (state) => ({ json: { url: state.agencyUrl }, auth: 'none' }),
    capture: (json) => {
      const id = agencyIdOf(json)
      return id === undefined ? undefined : { agencyId: id }
    },
    captures: ['agencyId'],
  },
  {
    id: 'agency.detail',
    name: 'Current agency (branding)',
    kind: 'read',
    operationId: 'getAgency',
    route: 'GET /agency',
    wiring: 'ready',
    needs: ['agency.lookup'],
  },
  {
    id: 'agency.faq',
    name: 'FAQ',
    kind: 'read',
    operationId: 'getAgencyFaq',
    route: 'GET /agency/faq',
    wiring: 'ready',
    needs: ['agency.lookup'],
  },
  {
    id: 'auth.config',
    name: 'Auth config (maintenance, build)',
    kind: 'read',
    operationId: 'getConfig',
    route: 'GET /auth/config',
    wiring: 'ready',
    needs: ['agency.lookup'],
  },

  // --- login and profile
  {
    id: 'auth.login',
    name: 'Login by e-mail and password',
    kind: 'read',
    operationId: 'login',
    route: 'POST /auth/login',
    wiring: 'ready',
    needs: ['agency.lookup'],
    requires: ['email', 'password'],
    request: (state) => ({ json: { email: state.email, password: state.password }, auth: 'none' }),
    capture: (json) => {
      const token = asString(asRecord(json)?.['token'])
      return token === undefined ? undefined : { token }
    },
    captures: ['token'],
  },
  {
    id: 'auth.profile',
    name: 'Profile of the logged-in customer',
    kind: 'read',
    operationId: 'getProfile',
    route: 'GET /auth/profile',
    wiring: 'ready',
    needs: ['auth.login'],
  },

  // --- lists
  {
    id: 'lists.country',
    name: 'Country list',
    kind: 'read',
    operationId: 'listCountries',
    route: 'GET /country',
    wiring: 'ready',
    needs: ['agency.lookup'],
    // Spain when listed (the portal's default), else the first one.
    capture: (json) => {
      const countries = listItems(json)
      const code = asString((countries.find((item) => item['code'] === 'ES') ?? countries[0])?.['code'])
      return code === undefined ? {} : { countryCode: code }
    },
  },
  {
    id: 'lists.state',
    name: 'State list of a country',
    kind: 'read',
    operationId: 'listStates',
    route: 'GET /state',
    wiring: 'ready',
    needs: ['lists.country'],
    requires: ['countryCode'],
    request: (state) => ({ query: { country: state.countryCode } }),
    capture: (json) => {
      const states = listItems(json)
      const id = idOf(states.find((item) => item['id'] === 'ES-M') ?? states[0])
      return id === undefined ? {} : { stateId: id }
    },
  },
  {
    id: 'lists.city',
    name: 'City list of a state',
    kind: 'read',
    operationId: 'listCities',
    route: 'GET /city',
    wiring: 'ready',
    needs: ['lists.state'],
    requires: ['stateId'],
    request: (state) => ({ query: { state: state.stateId } }),
    capture: (json) => {
      const name = asString(firstItem(json)?.['name'])
      return name === undefined ? {} : { cityName: name }
    },
  },
  {
    id: 'lists.services',
    name: 'Services (documentation rules)',
    kind: 'read',
    operationId: 'listServices',
    route: 'GET /service',
    wiring: 'ready',
    needs: ['agency.lookup'],
    request: () => ({ query: { page: 1 } }),
  },

  // --- browsing travel groups
  {
    id: 'travelgroup.list',
    name: 'Travel group list',
    kind: 'read',
    operationId: 'listTravelGroups',
    route: 'GET /travelgroup',
    wiring: 'ready',
    needs: ['agency.lookup'],
    capture: (json) => {
      const groups = listItems(json)
        .map((item): TravelGroupListing | undefined => {
          const id = idOf(item)
          return id === undefined
            ? undefined
            : { id, status: asString(item['status']), seats: typeof item['seats_available'] === 'number' ? item['seats_available'] : undefined }
        })
        .filter((item): item is TravelGroupListing => item !== undefined)
      return { travelGroups: groups, ...(groups[0] === undefined ? {} : { travelGroupId: groups[0].id }) }
    },
  },

  // --- the customer's bookings (they decide which travel group the journey reads)
  {
    id: 'booking.list',
    name: 'My bookings',
    kind: 'read',
    operationId: 'listBookings',
    route: 'GET /booking',
    wiring: 'ready',
    needs: ['auth.login'],
    capture: (json) => {
      const bookings = listItems(json)
      const groupOf = (item: Json) => idOf(asRecord(item['travel_group']))
      const live = bookings.filter((item) => item['status'] !== 'canceled')
      // Live bookings first: canceled ones (earlier smoke runs' among them) have the least to read.
      const ordered = [...live, ...bookings.filter((item) => item['status'] === 'canceled')]
      return {
        bookingIds: ordered.map(idOf).filter((id): id is string => id !== undefined),
        bookedTravelGroupIds: live.map(groupOf).filter((id): id is string => id !== undefined),
        invitedTravelGroupIds: live
          .filter((item) => item['status'] === 'invited')
          .map(groupOf)
          .filter((id): id is string => id !== undefined),
      }
    },
  },
  {
    id: 'booking.detail',
    name: `Booking detail (each listed booking, live ones first, up to ${MAX_BOOKINGS_READ})`,
    kind: 'read',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['booking.list'],
    requires: ['bookingIds'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const bookingIds = (context.state.bookingIds ?? []).slice(0, MAX_BOOKINGS_READ)
      if (bookingIds.length === 0) context.skip('the customer has no bookings')
      const facts: BookingFacts[] = []
      for (const id of bookingIds) {
        const outcome = await context.call(ids('getBooking'), { path: [id] })
        requireOk(context, outcome)
        facts.push(bookingFacts(outcome.json, id))
      }
      context.set(pickBookings(facts))
      const state = context.state
      context.note(
        `reads booking ${state.bookingId}${state.minorMemberId === undefined ? '' : `; minor passenger ${state.minorMemberId} on ${state.authBookingId}`}${state.raffleBlockId === undefined ? '' : `; raffle block ${state.raffleBlockId}`}${state.groupId === undefined ? '' : `; booking group ${state.groupId}`}`,
      )
    },
  },

  // --- the travel group (the customer's, else the first listed) and its sub-resources
  ...travelGroupReads([
    ['travelgroup.detail', 'Travel group detail', 'getTravelGroup', 'GET /travelgroup/{id}'],
    ['travelgroup.payment-terms', 'Payment terms', 'listPaymentTerms', 'GET /travelgroup/{id}/payment-terms'],
    ['travelgroup.booking-items', 'Booking items', 'listBookingItems', 'GET /travelgroup/{id}/booking-items'],
    ['travelgroup.extras', 'Extras and insurance', 'listExtras', 'GET /travelgroup/{id}/extras'],
    ['travelgroup.invitation', 'Invitation texts', 'getInvitationInfo', 'GET /travelgroup/{id}/invitation'],
    ['travelgroup.terms', 'Terms (HTML)', 'getTravelGroupTerms', 'GET /travelgroup/{id}/terms'],
    ['travelgroup.seats-availability', 'Seats availability', 'getSeatsAvailability', 'GET /travelgroup/{id}/seats-availability'],
    ['travelgroup.pack-seats', 'Seats per pack', 'getPackSeats', 'GET /travelgroup/{id}/pack-seats'],
  ]),
  {
    id: 'travelgroup.booking',
    name: "The customer's booking in the group",
    kind: 'read',
    operationId: 'getTravelGroupBooking',
    route: 'GET /travelgroup/{id}/booking',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['bookingTravelGroupId'],
    request: (state) => ({ path: [state.bookingTravelGroupId as string] }),
  },
  {
    id: 'travelgroup.rooming',
    name: "The group's rooming list",
    kind: 'read',
    operationId: 'getRoomingList',
    route: 'GET /travelgroup/{id}/rooming',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['bookingTravelGroupId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      if (context.state.roomingEnabled !== true)
        context.skip(`the travel group ${context.state.bookingTravelGroupId} has no rooming list (rooming_enabled false)`)
      requireOk(context, await context.call(ids('getRoomingList'), { path: [context.state.bookingTravelGroupId as string] }))
    },
  },

  // --- the booking's sub-resources
  ...bookingReads([
    ['booking.rooms', 'Booking rooms', 'getBookingRooms', 'GET /booking/{id}/rooms'],
    ['booking.travel-group', 'Booking travel group', 'getBookingTravelGroup', 'GET /booking/{id}/travel-group'],
    ['booking.notices', 'Booking notices', 'listBookingNotices', 'GET /booking/{id}/notices'],
    ['booking.authorizations', 'Parental authorizations', 'listAuthorizations', 'GET /booking/{id}/authorizations'],
  ]),
  {
    id: 'booking.payments',
    name: 'Booking payments, refunds and invoices',
    kind: 'read',
    operationId: 'getBookingPayments',
    route: 'GET /booking/{id}/payments',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['bookingId'],
    request: byBooking,
    capture: (json) => {
      const invoice = idOf(listItems(asRecord(json)?.['invoices'])[0])
      return invoice === undefined ? {} : { invoiceId: invoice }
    },
  },
  {
    id: 'booking.invoice-render',
    name: 'Invoice PDF',
    kind: 'read',
    operationId: 'renderInvoice',
    route: 'GET /booking/{id}/invoice/{invoiceId}/render',
    wiring: 'ready',
    needs: ['booking.payments'],
    requires: ['bookingId', 'invoiceId'],
    request: (state) => ({ path: [state.bookingId as string, state.invoiceId as string] }),
  },
  {
    // Binary (PDF): the checker verifies the content type and %PDF magic bytes.
    id: 'booking.authorization-render',
    name: 'Parental authorization PDF of a minor passenger',
    kind: 'read',
    operationId: 'renderAuthorization',
    route: 'GET /booking/{id}/authorization/render',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['authBookingId', 'minorMemberId'],
    request: (state) => ({ path: [state.authBookingId as string], query: { member_id: state.minorMemberId } }),
  },
  {
    id: 'travelgroup.payment-methods',
    name: 'Payment methods for the booking',
    kind: 'read',
    operationId: 'listPaymentMethods',
    route: 'GET /travelgroup/{id}/payment-methods',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['bookingTravelGroupId', 'bookingId'],
    request: (state) => ({ path: [state.bookingTravelGroupId as string], query: { bookingId: state.bookingId } }),
  },
  {
    id: 'travelgroup.group',
    name: 'Booking group (friends) by its code',
    kind: 'read',
    operationId: 'getGroup',
    route: 'GET /travelgroup/{id}/group/{groupId}',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['groupTravelGroupId', 'groupId', 'groupCode'],
    request: (state) => ({ path: [state.groupTravelGroupId as string, state.groupId as string], query: { code: state.groupCode } }),
  },
  {
    // A POST that only renders text: no data changes, so it is part of the read-only run.
    id: 'raffle.share',
    name: 'Raffle block share text',
    kind: 'read',
    operationId: 'shareRaffleBlock',
    route: 'POST /raffle/block/{id}/share',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['raffleBlockId', 'raffleBookingId'],
    request: (state) => ({ path: [state.raffleBlockId as string], json: { booking_id: state.raffleBookingId, lang: 'es' } }),
  },
  {
    id: 'raffle.ballot',
    name: 'Raffle ballot image',
    kind: 'read',
    operationId: 'getBallot',
    route: 'GET /raffle/ballot/{id}',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['ballotId', 'ballotCode'],
    request: (state) => ({ path: [state.ballotId as string], query: { code: state.ballotCode } }),
  },
]
