import { randomUUID } from 'node:crypto'
import { addYears, isMinorOn, utcDay } from '../../../core/calendar.ts'

import type { CallOptions, CallOutcome } from './api-client.ts'
import { findOperationByRoute, type ContractIndex, type HttpMethod } from './contract-index.ts'
import { probeStep, type ProbeDefinition } from './probes.ts'
import type { StepContext, StepDefinition, StepKind } from './step-runner.ts'

// The customer journey the smoke run walks, as data: what a customer does in
// the portal, in that order, on the contract's operationIds
// (contract/openapi.yaml). Each step also names its route: if an id is missing
// from the contract, the operation at that route is used instead and reported,
// so a rename is a note, not a failure.
//
// Read-only by default. Everything the journey reads it finds on its own from
// what earlier answers said (the first travel group listed, the customer's
// bookings, an invoice of a booking, a minor passenger, a raffle block...), so
// it works against any backend and any seed. Write steps (--write) book a
// fresh booking for two adults, pay it through a sandbox provider, fill in its
// documentation and cancel it again; whatever they create carries the run's
// smoke-<timestamp> marker.

/** travellers in the booking the write steps make */
export const PARTY_SIZE = 2
/** bookings whose detail the journey reads to find the sub-resources it needs */
export const MAX_BOOKINGS_READ = 6
/** a valid IBAN (ISO 13616 checksum) for the cancellation refund */
export const SMOKE_IBAN = 'ES9121000418450200051332'

export type TravelGroupListing = { id: string; status: string | undefined; seats: number | undefined }

/** What the write steps book: found by checkout.pick. */
export type Offer = {
  travelGroupId: string
  packId: string
  rooms: Array<{ hosting_id: string; quantity: number }>
  planId: string
  methodId: string
}

export type PaymentActionShape = {
  payment_id: string
  type: string
  method: 'GET' | 'POST'
  url: string | null
  fields: Record<string, string>
}

export type JourneyState = {
  /** portal URL (protocol + host) sent to the agency lookup; also the checkout's return URL */
  agencyUrl: string
  email?: string
  password?: string
  /** a second customer of the same agency, for the leak probe */
  otherEmail?: string
  otherPassword?: string
  agencyId?: string
  token?: string
  countryCode?: string
  stateId?: string
  cityName?: string
  /** the first travel group listed */
  travelGroupId?: string
  travelGroups?: TravelGroupListing[]
  packId?: string
  bookingIds?: string[]
  /** travel groups the customer has a live booking in, and those with an invitation */
  bookedTravelGroupIds?: string[]
  invitedTravelGroupIds?: string[]
  /** the booking whose sub-resources the journey reads */
  bookingId?: string
  bookingTravelGroupId?: string
  roomingEnabled?: boolean
  /** a booking with a minor passenger, for the parental authorization PDF */
  authBookingId?: string
  minorMemberId?: string
  invoiceId?: string
  raffleBookingId?: string
  raffleBlockId?: string
  ballotId?: string
  ballotCode?: string
  groupTravelGroupId?: string
  groupId?: string
  groupCode?: string
  /** an uploaded file's name (a document scan on a booking, or the one --write uploads) */
  fileName?: string
  // --- write steps
  offer?: Offer
  lockId?: string
  newBookingId?: string
  newMemberId?: string
  newMember?: Record<string, unknown>
  newTravelGroupEnd?: string
  paymentId?: string
  paymentAction?: PaymentActionShape
  paymentApproved?: boolean
}

export type JourneyKey = keyof JourneyState & string

export type JourneyRoute = `${Uppercase<HttpMethod>} /${string}`

export type JourneyStepSpec = {
  id: string
  name: string
  kind: StepKind
  /** the step's main operation (as the contract names it) */
  operationId: string
  /** method and path template, the fallback for finding the operation */
  route: JourneyRoute
  /** other operations the step calls (custom `run` only) */
  alsoCalls?: readonly string[]
  wiring: 'ready' | 'pending-contract'
  needs?: readonly string[]
  requires?: readonly JourneyKey[]
  request?: (state: Readonly<JourneyState>, context: StepContext<JourneyState>) => CallOptions
  /**
   * Reads what later steps need from the 2xx body. Return undefined when the
   * value is not there: the step then fails, naming `captures`.
   */
  capture?: (json: unknown, state: Readonly<JourneyState>, outcome: CallOutcome) => Partial<JourneyState> | undefined
  /** what capture provides, for the failure message */
  captures?: readonly JourneyKey[]
  /** extra check on the answer (e.g. the guard on a payment action URL) */
  after?: (json: unknown, context: StepContext<JourneyState>) => void
  /** a step that is more than one call and a capture; gets the resolved operationIds */
  run?: (context: StepContext<JourneyState>, ids: ResolvedIds) => Promise<void>
}

export type ResolvedIds = (operationId: string) => string

export type JourneyProbeSpec = ProbeDefinition<JourneyState> & { route: JourneyRoute }

// --- readers for JSON answers (lenient: a broken answer is the checker's to report)

type Json = Record<string, unknown>
export const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/** Items of a list answer: a bare array or {items|data|results|docs: [...]}. */
export function listItems(json: unknown): Json[] {
  const record = asRecord(json)
  const list = Array.isArray(json) ? json : ['data', 'items', 'results', 'docs'].map((key) => record?.[key]).find(Array.isArray)
  return asArray(list)
    .map(asRecord)
    .filter((item): item is Json => item !== undefined)
}

/** First item of a list answer. */
export function firstItem(json: unknown): Json | undefined {
  return listItems(json)[0]
}

export function idOf(value: Json | undefined): string | undefined {
  const id = value?.['id'] ?? value?.['_id']
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}

/** Rooms that sleep exactly `people`: one room type whose capacity divides the party, not sold out. */
export function roomsFor(hostingRooms: unknown, people: number): Array<{ hosting_id: string; quantity: number }> | undefined {
  const rooms = asArray(hostingRooms).map(asRecord)
  if (rooms.length === 0) return []
  const fitting = rooms
    .filter((room): room is Json => room !== undefined && room['sold_out'] !== true && typeof room['capacity'] === 'number' && room['capacity'] > 0)
    .filter((room) => people % (room['capacity'] as number) === 0)
    .sort((a, b) => (b['capacity'] as number) - (a['capacity'] as number))
  const room = fitting[0]
  const id = idOf(room)
  return room === undefined || id === undefined ? undefined : [{ hosting_id: id, quantity: people / (room['capacity'] as number) }]
}

/** A form in an HTML page with a submit button that approves (the sandbox provider's page). */
export type ApproveForm = { action: string; method: 'GET' | 'POST'; fields: Record<string, string> }

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  const value = match?.[1] ?? match?.[2] ?? match?.[3]
  return value === undefined ? undefined : decodeEntities(value)
}

/**
 * Finds, in a provider's page, a form whose submit button approves the payment
 * (value or label approve/aprobar/accept/pay...), with its hidden fields.
 * Only simple server-rendered forms: a provider page that needs JavaScript or
 * card numbers is not something a smoke run should drive.
 */
export function findApproveForm(html: string, pageUrl: string): ApproveForm | undefined {
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, formTag = '', inner = ''] = match
    const fields: Record<string, string> = {}
    for (const input of inner.matchAll(/<input\b[^>]*>/gi)) {
      const tag = input[0]
      const type = (attribute(tag, 'type') ?? 'text').toLowerCase()
      const name = attribute(tag, 'name')
      if (type === 'hidden' && name !== undefined) fields[name] = attribute(tag, 'value') ?? ''
    }
    const buttons = [
      ...[...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((button) => ({
        tag: button[1] ?? '',
        label: (button[2] ?? '').replace(/<[^>]+>/g, ''),
      })),
      ...[...inner.matchAll(/<input\b([^>]*)>/gi)]
        .filter((input) => /type\s*=\s*["']?submit/i.test(input[1] ?? ''))
        .map((input) => ({ tag: input[1] ?? '', label: attribute(input[1] ?? '', 'value') ?? '' })),
    ]
    const approve = buttons.find((button) =>
      /approve|aprobar|accept|aceptar|authori[sz]e|autorizar|confirm|pay\b|pagar/i.test(`${attribute(button.tag, 'value') ?? ''} ${button.label}`),
    )
    if (approve === undefined) continue
    const name = attribute(approve.tag, 'name')
    if (name !== undefined) fields[name] = attribute(approve.tag, 'value') ?? ''
    const method = (attribute(formTag, 'method') ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET'
    return { action: new URL(attribute(formTag, 'action') ?? '', pageUrl).href, method, fields }
  }
  return undefined
}

function paymentActionOf(json: unknown): PaymentActionShape | undefined {
  const action = asRecord(json)
  const id = asString(action?.['payment_id'])
  if (action === undefined || id === undefined) return undefined
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(asRecord(action['fields']) ?? {})) if (typeof value === 'string') fields[key] = value
  return {
    payment_id: id,
    type: String(action['type']),
    method: action['method'] === 'GET' ? 'GET' : 'POST',
    url: asString(action['url']) ?? null,
    fields,
  }
}

/** Fails the step unless the answer is 2xx; an answer that broke the contract ends it quietly (already reported). */
function requireOk(context: StepContext<JourneyState>, outcome: CallOutcome, what = 'a 2xx answer'): void {
  if (outcome.ok) return
  if (outcome.violations.length > 0) context.stop()
  const code = asString(asRecord(outcome.json)?.['code'])
  context.fail(what, `${outcome.status}${code === undefined ? '' : ` (${code})`}`)
}

// --- what the booking detail offers to later steps

type BookingFacts = {
  id: string
  canceled: boolean
  travelGroupId: string | undefined
  roomingEnabled: boolean
  invoices: number
  minorMemberId: string | undefined
  raffle: { blockId: string; ballotId: string | undefined; ballotCode: string | undefined } | undefined
  group: { travelGroupId: string; id: string; code: string } | undefined
  fileName: string | undefined
}

export function bookingFacts(json: unknown, fallbackId: string): BookingFacts {
  const booking = asRecord(json) ?? {}
  const travelGroup = asRecord(booking['travel_group'])
  const start = asString(travelGroup?.['start_at']) ?? utcDay()
  const members = asArray(booking['members']).map(asRecord)
  const minor = members.find((member) => {
    const birthdate = asString(member?.['birthdate'])
    return birthdate !== undefined && isMinorOn(birthdate, start)
  })
  const block = asArray(booking['raffle_blocks'])
    .map(asRecord)
    .find((item) => idOf(item) !== undefined)
  const ballot = asArray(block?.['ballots'])
    .map(asRecord)
    .find((item) => idOf(item) !== undefined && asString(item?.['code']) !== undefined)
  const group = asRecord(booking['group'])
  const groupId = idOf(group)
  const groupCode = asString(group?.['code'])
  const groupTravelGroup = asString(group?.['travel_group_id']) ?? idOf(travelGroup)
  const fileName = members
    .flatMap((member) => asArray(member?.['documents']).map(asRecord))
    .map((document) => asString(document?.['file']))
    .find((name) => name !== undefined)
  return {
    id: idOf(booking) ?? fallbackId,
    canceled: booking['status'] === 'canceled',
    travelGroupId: idOf(travelGroup),
    roomingEnabled: travelGroup?.['rooming_enabled'] === true,
    invoices: asArray(booking['invoices']).length,
    minorMemberId: idOf(minor),
    raffle: block === undefined ? undefined : { blockId: idOf(block) as string, ballotId: idOf(ballot), ballotCode: asString(ballot?.['code']) },
    group:
      groupId !== undefined && groupCode !== undefined && groupTravelGroup !== undefined
        ? { travelGroupId: groupTravelGroup, id: groupId, code: groupCode }
        : undefined,
    fileName,
  }
}

/** The booking with the most to read: live, with invoices, a minor passenger, a raffle, a group. */
export function pickBookings(facts: readonly BookingFacts[]): Partial<JourneyState> {
  const score = (fact: BookingFacts) =>
    (fact.canceled ? 0 : 16) +
    (fact.invoices > 0 ? 8 : 0) +
    (fact.minorMemberId !== undefined ? 4 : 0) +
    (fact.raffle !== undefined ? 2 : 0) +
    (fact.group !== undefined ? 1 : 0)
  const ranked = [...facts].sort((a, b) => score(b) - score(a))
  const primary = ranked[0]
  if (primary === undefined) return {}
  const patch: Partial<JourneyState> = { bookingId: primary.id, roomingEnabled: primary.roomingEnabled }
  if (primary.travelGroupId !== undefined) patch.bookingTravelGroupId = primary.travelGroupId
  const withMinor = ranked.find((fact) => fact.minorMemberId !== undefined)
  if (withMinor !== undefined) Object.assign(patch, { authBookingId: withMinor.id, minorMemberId: withMinor.minorMemberId })
  const withRaffle = ranked.find((fact) => fact.raffle !== undefined)
  if (withRaffle?.raffle !== undefined) {
    Object.assign(patch, { raffleBookingId: withRaffle.id, raffleBlockId: withRaffle.raffle.blockId })
    const withBallot = ranked.find((fact) => fact.raffle?.ballotId !== undefined)
    if (withBallot?.raffle?.ballotId !== undefined && withBallot.raffle.ballotCode !== undefined) {
      Object.assign(patch, { ballotId: withBallot.raffle.ballotId, ballotCode: withBallot.raffle.ballotCode })
    }
  }
  const withGroup = ranked.find((fact) => fact.group !== undefined)?.group
  if (withGroup !== undefined) Object.assign(patch, { groupTravelGroupId: withGroup.travelGroupId, groupId: withGroup.id, groupCode: withGroup.code })
  const file = ranked.find((fact) => fact.fileName !== undefined)?.fileName
  if (file !== undefined) patch.fileName = file
  return patch
}

// --- request builders

/** The travel group the journey reads: the one of the customer's booking, else the first listed. */
const readGroup = (state: Readonly<JourneyState>) => (state.bookingTravelGroupId ?? state.travelGroupId) as string
const byReadGroup = (state: Readonly<JourneyState>): CallOptions => ({ path: [readGroup(state)] })
const byBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.bookingId as string] })
const byNewBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.newBookingId as string] })

/** A passenger of the smoke booking: adult, tagged with the marker in the second surname. */
function smokeMember(state: Readonly<JourneyState>, marker: string, index: number): Record<string, unknown> {
  const documents = ['00000000T', '00000001R']
  return {
    name: 'Smoke',
    surname1: index === 0 ? 'Uno' : 'Dos',
    surname2: marker,
    gender: index === 0 ? 'female' : 'male',
    birthdate: index === 0 ? '1985-05-05' : '1983-03-03',
    phone: null,
    email: null,
    document_type: 'dni',
    document_number: documents[index] ?? `0000000${index}`,
    country: state.countryCode ?? 'ES',
    state: state.stateId ?? 'ES-M',
    city: state.cityName ?? 'Madrid',
    zip: '28001',
    address: 'Calle de la Prueba 1',
    allergies: null,
    medical_notes: `Smoke test passenger [${marker}]`,
  }
}

const memberInputKeys = [
  'name',
  'surname1',
  'surname2',
  'gender',
  'birthdate',
  'phone',
  'email',
  'document_type',
  'document_number',
  'country',
  'state',
  'city',
  'zip',
  'address',
  'allergies',
  'medical_notes',
] as const

export const journeySteps: readonly JourneyStepSpec[] = [
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
      const id = idOf(asRecord(json)) ?? idOf(asRecord(asRecord(json)?.['agency']))
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
    request: () => ({ query: { lang: 'es' } }),
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

  // --- writes (only with --write): book, pay, document, cancel
  {
    id: 'checkout.pick',
    name: `Pick a travel group, pack, rooms, plan and sandbox card method for ${PARTY_SIZE}`,
    kind: 'write',
    operationId: 'getTravelGroup',
    route: 'GET /travelgroup/{id}',
    alsoCalls: ['listPaymentTerms', 'listPaymentMethods'],
    wiring: 'ready',
    needs: ['auth.login', 'travelgroup.list'],
    requires: ['travelGroups'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const state = context.state
      const booked = new Set(state.bookedTravelGroupIds ?? [])
      const invited = new Set(state.invitedTravelGroupIds ?? [])
      // Never a group with an invitation (checkout would turn it into this booking); groups the customer is not in first.
      const candidates = (state.travelGroups ?? [])
        .filter(
          (group) =>
            (group.status === undefined || group.status === 'open') && (group.seats === undefined || group.seats >= PARTY_SIZE) && !invited.has(group.id),
        )
        .sort((a, b) => Number(booked.has(a.id)) - Number(booked.has(b.id)))
        .slice(0, 3)
      const reasons: string[] = []
      for (const group of candidates) {
        const detail = await context.call(ids('getTravelGroup'), { path: [group.id] })
        requireOk(context, detail)
        const travelGroup = asRecord(detail.json) ?? {}
        const pack = asArray(travelGroup['packs'])
          .map(asRecord)
          .find((item) => typeof item?.['seats_left'] === 'number' && (item['seats_left'] as number) >= PARTY_SIZE)
        const rooms = roomsFor(travelGroup['hosting_rooms'], PARTY_SIZE)
        if (pack === undefined || idOf(pack) === undefined || rooms === undefined) {
          reasons.push(`${group.id}: ${pack === undefined ? `no pack with ${PARTY_SIZE} seats left` : `no room type fits ${PARTY_SIZE}`}`)
          continue
        }
        const plans = await context.call(ids('listPaymentTerms'), { path: [group.id] })
        requireOk(context, plans)
        const planList = listItems(plans.json)
        const plan = planList.find((item) => item['instalments'] === 1) ?? planList[0]
        const methods = await context.call(ids('listPaymentMethods'), { path: [group.id] })
        requireOk(context, methods)
        const cards = listItems(methods.json).filter((item) => item['type'] === 'tpv')
        const card = cards.find((item) => item['sandbox'] === true)
        if (idOf(plan) === undefined || idOf(card) === undefined) {
          reasons.push(
            `${group.id}: ${idOf(plan) === undefined ? 'no payment plan' : cards.length > 0 ? 'refused: its card payment is not a sandbox' : 'no card payment method'}`,
          )
          continue
        }
        context.set({ offer: { travelGroupId: group.id, packId: idOf(pack) as string, rooms, planId: idOf(plan) as string, methodId: idOf(card) as string } })
        context.note(`books ${PARTY_SIZE} in ${group.id}, pack ${idOf(pack)}, plan ${idOf(plan)}, sandbox card ${idOf(card)}`)
        return
      }
      context.skip(
        `no travel group can be booked for ${PARTY_SIZE}${reasons.length === 0 ? ' (none open with seats, or only groups with an invitation)' : `: ${reasons.join('; ')}`}`,
      )
    },
  },
  {
    id: 'checkout.lock',
    name: 'Hold seats',
    kind: 'write',
    operationId: 'lockSeats',
    route: 'POST /travelgroup/{id}/lock',
    wiring: 'ready',
    needs: ['checkout.pick'],
    requires: ['offer'],
    request: (state) => {
      const offer = state.offer as Offer
      return { path: [offer.travelGroupId], json: { pack_id: offer.packId, members: PARTY_SIZE, rooms: offer.rooms } }
    },
    capture: (json) => {
      const id = idOf(asRecord(json))
      return id === undefined ? undefined : { lockId: id }
    },
    captures: ['lockId'],
  },
  {
    id: 'checkout.checkout',
    name: 'Checkout (tagged; returns a payment action)',
    kind: 'write',
    operationId: 'checkout',
    route: 'POST /travelgroup/{id}/checkout',
    wiring: 'ready',
    needs: ['checkout.lock'],
    requires: ['offer', 'lockId', 'email'],
    request: (state, context) => {
      const offer = state.offer as Offer
      const members = Array.from({ length: PARTY_SIZE }, (_, index) => smokeMember(state, context.marker, index))
      return {
        path: [offer.travelGroupId],
        json: {
          lock_id: state.lockId,
          pack_id: offer.packId,
          rooms: offer.rooms,
          members,
          buyer: {
            type: 'person',
            name: 'Smoke',
            surname1: context.marker,
            company_name: null,
            tax_id: members[0]?.['document_number'],
            address: 'Calle de la Prueba 1',
            zip: '28001',
            country: state.countryCode ?? 'ES',
            state: state.stateId ?? 'ES-M',
            city: state.cityName ?? 'Madrid',
            email: state.email,
            phone: '+34600000000',
            declares_capacity: true,
          },
          extras: [],
          insurances: [],
          voucher_code: null,
          payment_plan_id: offer.planId,
          payment_method_id: offer.methodId,
          accept_terms: true,
          return_url: `${state.agencyUrl.replace(/\/+$/, '')}/payment`,
          // The marker has one-second resolution: two runs in the same second must still be two bookings.
          idempotency_key: `${context.marker}-checkout-${randomUUID().slice(0, 8)}`,
        },
      }
    },
    capture: (json) => {
      const result = asRecord(json)
      const bookingId = asString(result?.['booking_id'])
      const action = paymentActionOf(result?.['action'])
      return bookingId === undefined || action === undefined ? undefined : { newBookingId: bookingId, paymentId: action.payment_id, paymentAction: action }
    },
    captures: ['newBookingId', 'paymentId'],
    after: (_json, context) => context.note(`created booking ${context.state.newBookingId} (payment ${context.state.paymentId})`),
  },
  {
    id: 'booking.created',
    name: 'The new booking, pending payment',
    kind: 'write',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['newBookingId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('getBooking'), byNewBooking(context.state))
      requireOk(context, outcome)
      const booking = asRecord(outcome.json) ?? {}
      const member = asArray(booking['members'])
        .map(asRecord)
        .find((item) => idOf(item) !== undefined)
      if (member === undefined) context.fail('the new booking with its passengers', 'no member with an id')
      const end = asString(asRecord(booking['travel_group'])?.['end_at'])
      context.set({ newMemberId: idOf(member) as string, newMember: member, ...(end === undefined ? {} : { newTravelGroupEnd: end }) })
      if (booking['status'] !== 'pending') context.fail('status pending before the first payment', String(booking['status']))
    },
  },
  {
    id: 'payment.redirect',
    name: 'Payment redirect (the action URL must be loopback or --allow-provider)',
    kind: 'payment',
    operationId: 'redirectPayment',
    route: 'POST /payment/{id}/redirect',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['paymentId'],
    request: (state) => ({ path: [state.paymentId as string] }),
    capture: (json) => {
      const action = paymentActionOf(json)
      return action === undefined ? undefined : { paymentAction: action }
    },
    captures: ['paymentAction'],
    after: (_json, context) => {
      const action = context.state.paymentAction
      if (action?.type === 'redirect' && action.url !== null) context.guardPaymentUrl(action.url)
    },
  },
  {
    id: 'payment.provider',
    name: 'Approve the payment at the sandbox provider',
    kind: 'payment',
    operationId: 'redirectPayment',
    route: 'POST /payment/{id}/redirect',
    wiring: 'ready',
    needs: ['payment.redirect'],
    requires: ['paymentAction'],
    async run(context: StepContext<JourneyState>) {
      const action = context.state.paymentAction as PaymentActionShape
      if (action.type !== 'redirect' || action.url === null) context.skip(`the payment action is ${action.type}: nothing to do at a provider`)
      const page = await context.external({ label: 'provider', method: action.method, url: action.url, form: action.fields })
      if (page.status < 200 || page.status >= 400) context.fail('the provider page (2xx or 3xx)', `${page.status}`)
      const form = findApproveForm(page.text, action.url)
      if (form === undefined) context.skip('the provider page has no simple approve form; complete the payment by hand (the booking stays pending)')
      const done = await context.external({ label: 'provider', method: form.method, url: form.action, form: form.fields })
      if (done.status < 200 || done.status >= 400) context.fail('the provider to accept the approval (2xx or 3xx)', `${done.status}`)
      const location = done.headers.get('location')
      context.note(`approved at ${new URL(form.action).origin}${location === null ? '' : `; back to ${location}`}`)
      context.set({ paymentApproved: true })
    },
  },
  {
    id: 'payment.check',
    name: 'Payment check after the provider',
    kind: 'payment',
    operationId: 'checkPayment',
    route: 'POST /payment/{id}/check',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['paymentId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('checkPayment'), { path: [context.state.paymentId as string] })
      requireOk(context, outcome)
      const status = asRecord(outcome.json)?.['status']
      if (context.state.paymentApproved === true && status !== 'paid') context.fail('status paid after the provider approved it', String(status))
      context.note(`payment ${context.state.paymentId} is ${String(status)}`)
    },
  },
  {
    id: 'booking.confirmed',
    name: 'The paid booking is confirmed',
    kind: 'payment',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['payment.check'],
    requires: ['newBookingId', 'paymentApproved'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('getBooking'), byNewBooking(context.state))
      requireOk(context, outcome)
      const status = asRecord(outcome.json)?.['status']
      if (status !== 'confirmed') context.fail('status confirmed after the first payment', String(status))
    },
  },
  {
    id: 'files.upload',
    name: 'Upload a document scan (tagged PDF)',
    kind: 'write',
    operationId: 'uploadFile',
    route: 'POST /auth/file-upload',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    request: (_state, context) => ({
      form: [{ name: 'file', fileName: `${context.marker}.pdf`, contentType: 'application/pdf', data: smokePdf(context.marker) }],
    }),
    capture: (json) => {
      const name = asString(asRecord(json)?.['name'])
      return name === undefined ? undefined : { fileName: name }
    },
    captures: ['fileName'],
  },
  {
    id: 'files.get',
    name: 'Download an uploaded file',
    kind: 'read',
    operationId: 'getFile',
    route: 'GET /file/{name}',
    wiring: 'ready',
    needs: ['auth.login'],
    requires: ['fileName'],
    request: (state) => ({ path: [state.fileName as string] }),
  },
  {
    id: 'documentation.data',
    name: 'Passenger data (tagged)',
    kind: 'write',
    operationId: 'updateMemberData',
    route: 'PUT /booking/{id}/data',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId', 'newMember'],
    request: (state, context) => {
      const member = state.newMember as Record<string, unknown>
      const input = Object.fromEntries(memberInputKeys.map((key) => [key, member[key] ?? null]))
      return { ...byNewBooking(state), json: { ...input, member_id: state.newMemberId, allergies: context.tag('Ninguna') } }
    },
  },
  {
    id: 'documentation.dni',
    name: 'DNI',
    kind: 'write',
    operationId: 'updateDni',
    route: 'PUT /booking/{id}/dni',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId', 'newTravelGroupEnd'],
    request: (state) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMemberId,
        number: asString(state.newMember?.['document_number']) ?? '00000000T',
        expiry_date: addYears(state.newTravelGroupEnd as string, 5),
        issue_date: addYears(utcDay(), -2),
        country: 'ES',
        support_number: 'SMK000001',
      },
    }),
  },
  {
    id: 'documentation.passport',
    name: 'Passport (with the uploaded scan)',
    kind: 'write',
    operationId: 'updatePassport',
    route: 'PUT /booking/{id}/passport',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId', 'newTravelGroupEnd'],
    request: (state) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMemberId,
        number: 'SMK123456',
        expiry_date: addYears(state.newTravelGroupEnd as string, 6),
        issue_date: null,
        country: 'ES',
        file: state.fileName ?? null,
      },
    }),
  },
  {
    id: 'documentation.emergency-contact',
    name: 'Emergency contact (tagged)',
    kind: 'write',
    operationId: 'updateEmergencyContact',
    route: 'PUT /booking/{id}/emergency-contact',
    wiring: 'ready',
    needs: ['booking.created'],
    requires: ['newBookingId', 'newMemberId'],
    request: (state, context) => ({
      ...byNewBooking(state),
      json: {
        member_id: state.newMemberId,
        name: 'Contacto',
        surname1: 'Smoke',
        surname2: context.marker,
        email: 'smoke.contact@example.com',
        phone: '+34600000001',
      },
    }),
  },
  {
    id: 'booking.compute-cancel-refund',
    name: 'Cancellation refund preview',
    kind: 'write',
    operationId: 'computeCancelRefund',
    route: 'POST /booking/{id}/compute-cancel-refund',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['newBookingId'],
    request: (state) => ({ ...byNewBooking(state), json: { reason: 'other' } }),
  },
  {
    id: 'booking.cancel',
    name: 'Cancel the smoke booking',
    kind: 'write',
    operationId: 'cancelBooking',
    route: 'POST /booking/{id}/cancel',
    wiring: 'ready',
    needs: ['checkout.checkout'],
    requires: ['newBookingId'],
    request: (state, context) => ({
      ...byNewBooking(state),
      json: { reason: 'other', comment: context.tag('Smoke run clean-up'), owner: 'Smoke Tester', iban: SMOKE_IBAN },
    }),
  },
  {
    id: 'booking.canceled',
    name: 'The smoke booking reads as canceled',
    kind: 'write',
    operationId: 'getBooking',
    route: 'GET /booking/{id}',
    wiring: 'ready',
    needs: ['booking.cancel'],
    requires: ['newBookingId'],
    async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
      const outcome = await context.call(ids('getBooking'), byNewBooking(context.state))
      requireOk(context, outcome)
      const status = asRecord(outcome.json)?.['status']
      if (status !== 'canceled') context.fail('status canceled after the cancellation', String(status))
    },
  },
]

export const journeyProbes: readonly JourneyProbeSpec[] = [
  {
    id: 'probe.profile-without-token',
    name: 'Profile without a token is refused',
    operationId: 'getProfile',
    route: 'GET /auth/profile',
    needs: ['agency.lookup'],
    expect: { status: 401 },
    request: () => ({ auth: 'none' }),
  },
  {
    id: 'probe.login-wrong-password',
    name: 'Login with a wrong password is refused',
    operationId: 'login',
    route: 'POST /auth/login',
    needs: ['agency.lookup'],
    expect: { status: 401, code: 'auth_login_wrong' },
    // An address nobody has (.invalid is reserved): a backend that throttles failed sign-ins per account
    // (as it should) must never lock out the account the run signs in with. It must answer as for a wrong
    // password, or it tells strangers which addresses have accounts.
    request: (context) => ({ json: { email: `smoke-${context.marker}@example.invalid`, password: `wrong-${context.marker}` }, auth: 'none' }),
  },
  {
    id: 'probe.lock-without-token',
    name: 'Holding seats without a token is refused',
    operationId: 'lockSeats',
    route: 'POST /travelgroup/{id}/lock',
    // A mutating operation: if wrongly accepted it would hold seats.
    kind: 'write',
    needs: ['travelgroup.list'],
    requires: ['travelGroupId'],
    expect: { status: 401 },
    request: (context) => ({ path: [readGroup(context.state)], json: {}, auth: 'none' }),
  },
  {
    id: 'probe.voucher-invalid',
    name: 'An unknown coupon is refused',
    operationId: 'checkVoucher',
    route: 'POST /travelgroup/{id}/check-voucher',
    needs: ['auth.login', 'travelgroup.detail'],
    requires: ['packId'],
    expect: { status: 422, code: 'voucher_invalid' },
    request: (context) => ({
      path: [readGroup(context.state)],
      json: { code: `NOPE${context.marker.replace(/\D/g, '')}`.slice(0, 50), pack_id: context.state.packId, members: 1 },
    }),
  },
]

/**
 * The leak probe: a second customer reads the first one's booking and must get
 * 404 (never 403, which would confirm it exists). Without a second customer
 * it can only try an id that belongs to nobody, and says so.
 */
const foreignBookingProbe: JourneyStepSpec = {
  id: 'probe.foreign-booking',
  name: "Another customer cannot read this customer's booking",
  kind: 'probe',
  operationId: 'getBooking',
  route: 'GET /booking/{id}',
  alsoCalls: ['login'],
  wiring: 'ready',
  needs: ['booking.list'],
  async run(context: StepContext<JourneyState>, ids: ResolvedIds) {
    const state = context.state
    if (state.otherEmail !== undefined && state.otherPassword !== undefined) {
      if (state.bookingId === undefined) context.skip('needs bookingId (the customer has no booking to try)')
      const login = await context.call(ids('login'), { json: { email: state.otherEmail, password: state.otherPassword }, auth: 'none', probe: true })
      const token = asString(asRecord(login.json)?.['token'])
      if (!login.ok || token === undefined) {
        context.fail(
          `a session for --other-email ${state.otherEmail}`,
          `status ${login.status}${asString(asRecord(login.json)?.['code']) === undefined ? '' : ` (${asString(asRecord(login.json)?.['code'])})`}`,
          { kind: 'probe', operationId: ids('login') },
        )
      }
      const outcome = await context.call(ids('getBooking'), { path: [state.bookingId], auth: { token }, probe: true })
      if (outcome.status !== 404) {
        context.fail(
          `status 404 when ${state.otherEmail} reads ${state.email ?? 'the customer'}'s booking ${state.bookingId}`,
          `status ${outcome.status}${outcome.ok ? ": another customer's booking leaked" : ''}`,
          { kind: 'probe', operationId: ids('getBooking') },
        )
      }
      context.note(`${state.otherEmail} reading booking ${state.bookingId} got 404`)
      return
    }
    const id = `not-yours-${context.marker}`
    context.note('limited: without --other-email/--other-password only an id that belongs to nobody was tried, not a real booking of another customer')
    const outcome = await context.call(ids('getBooking'), { path: [id], probe: true })
    if (outcome.status !== 404) {
      context.fail(
        `status 404 for booking ${id}, which is nobody's`,
        `status ${outcome.status}${outcome.ok ? ': a booking that is not the customer’s was served' : ''}`,
        { kind: 'probe', operationId: ids('getBooking') },
      )
    }
  },
}

/** Order in which probes run: each right after what it needs. */
const probeAfter: Readonly<Record<string, string>> = {
  'probe.profile-without-token': 'auth.config',
  'probe.login-wrong-password': 'auth.login',
  'probe.lock-without-token': 'travelgroup.pack-seats',
  'probe.voucher-invalid': 'travelgroup.pack-seats',
  'probe.foreign-booking': 'raffle.ballot',
}

type ReadRow = readonly [id: string, name: string, operationId: string, route: JourneyRoute]

function travelGroupReads(rows: readonly ReadRow[]): JourneyStepSpec[] {
  return rows.map(([id, name, operationId, route]) => ({
    id,
    name,
    operationId,
    route,
    kind: 'read',
    wiring: 'ready',
    needs: ['travelgroup.list'],
    requires: ['travelGroupId'],
    request: byReadGroup,
    // the pack the voucher probe asks about
    ...(id === 'travelgroup.detail'
      ? {
          capture: (json: unknown) => {
            const pack = idOf(asArray(asRecord(json)?.['packs']).map(asRecord)[0])
            return pack === undefined ? {} : { packId: pack }
          },
        }
      : {}),
  }))
}

function bookingReads(rows: readonly ReadRow[]): JourneyStepSpec[] {
  return rows.map(([id, name, operationId, route]) => ({
    id,
    name,
    operationId,
    route,
    kind: 'read',
    wiring: 'ready',
    needs: ['booking.detail'],
    requires: ['bookingId'],
    request: byBooking,
  }))
}

/** A one-page PDF that carries the marker, as a document scan. */
function smokePdf(marker: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
}

export type BuiltJourney = {
  steps: StepDefinition<JourneyState>[]
  /** operationIds taken from the route instead, to fix in this file */
  notes: string[]
}

/** Resolves operationIds against the contract and turns specs into runnable steps. */
export function buildJourney(contract: ContractIndex): BuiltJourney {
  const notes: string[] = []
  const routeOf = new Map<string, JourneyRoute>()
  for (const spec of [...journeySteps, ...journeyProbes, foreignBookingProbe]) routeOf.set(spec.operationId, spec.route)
  const resolved = new Map<string, string>()
  const resolve = (operationId: string, route: JourneyRoute | undefined, id: string): string => {
    if (contract.operations.has(operationId) || route === undefined) return operationId
    const cached = resolved.get(operationId)
    if (cached !== undefined) return cached
    const [method, path] = route.split(' ') as [string, string]
    const found = findOperationByRoute(contract, method, path)
    if (found === undefined) return operationId
    notes.push(`journey ${id}: operationId ${operationId} is not in the contract; using ${found.operationId} (${route})`)
    resolved.set(operationId, found.operationId)
    return found.operationId
  }
  const ids: ResolvedIds = (operationId) => resolve(operationId, routeOf.get(operationId), operationId)

  const steps: StepDefinition<JourneyState>[] = []
  const probesByAnchor = new Map<string, StepDefinition<JourneyState>[]>()
  const anchor = (id: string, step: StepDefinition<JourneyState>) => {
    const key = probeAfter[id] ?? ''
    probesByAnchor.set(key, [...(probesByAnchor.get(key) ?? []), step])
  }
  for (const probe of journeyProbes) anchor(probe.id, probeStep({ ...probe, operationId: resolve(probe.operationId, probe.route, probe.id) }))
  anchor(foreignBookingProbe.id, toStep(foreignBookingProbe, ids, contract, resolve))
  for (const spec of journeySteps) {
    steps.push(toStep(spec, ids, contract, resolve))
    steps.push(...(probesByAnchor.get(spec.id) ?? []))
    probesByAnchor.delete(spec.id)
  }
  for (const orphans of probesByAnchor.values()) steps.push(...orphans)
  return { steps, notes }
}

function toStep(
  spec: JourneyStepSpec,
  ids: ResolvedIds,
  contract: ContractIndex,
  resolve: (operationId: string, route: JourneyRoute | undefined, id: string) => string,
): StepDefinition<JourneyState> {
  const operationId = resolve(spec.operationId, spec.route, spec.id)
  return {
    id: spec.id,
    name: spec.name,
    kind: spec.kind,
    ...(spec.needs === undefined ? {} : { needs: spec.needs }),
    ...(spec.requires === undefined ? {} : { requires: spec.requires }),
    operationIds: [operationId, ...(spec.alsoCalls ?? []).map(ids)],
    // Annotated so TypeScript treats context.fail()/skip() as ending the flow.
    async run(context: StepContext<JourneyState>) {
      if (spec.wiring === 'pending-contract') context.skip('pending the contract: payload not wired yet (cli/src/smoke/journey.ts)')
      if (spec.run !== undefined) {
        await spec.run(context, ids)
        return
      }
      const request = spec.request?.(context.state, context) ?? {}
      // A required query parameter we do not send would only produce a 400
      // that says nothing about the API; say what is missing instead.
      const operation = contract.operations.get(operationId)
      const missing = (operation?.parameters ?? []).filter(
        (parameter) => parameter.in === 'query' && parameter.required && request.query?.[parameter.name] === undefined,
      )
      if (missing.length > 0) context.skip(`needs query parameter ${missing.map((item) => item.name).join(', ')} (wire it in journey.ts)`)

      const outcome = await context.call(operationId, request)
      requireOk(context, outcome)
      if (spec.capture !== undefined) {
        const patch = spec.capture(outcome.json, context.state, outcome)
        if (patch === undefined) context.fail(`${(spec.captures ?? ['a value']).join(', ')} in the response`, 'not found')
        context.set(patch)
      }
      spec.after?.(outcome.json, context)
    },
  }
}
