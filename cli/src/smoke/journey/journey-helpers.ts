// Reading answers of any backend (lists in any envelope, ids, booking facts) and what the steps share.
import { isMinorOn, utcDay } from '../../../../core/calendar.ts'
import type { CallOptions, CallOutcome } from '../transport/api-types.ts'
import type { StepContext } from '../step-runner.ts'
import { JourneyRoute, JourneyState, JourneyStepSpec, PaymentActionShape } from './journey-state.ts'

export type Json = Record<string, unknown>
export const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

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

export function paymentActionOf(json: unknown): PaymentActionShape | undefined {
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

/** The `code` of an error answer, if it has one. */
export const errorCodeOf = (outcome: Pick<CallOutcome, 'json'>): string | undefined => asString(asRecord(outcome.json)?.['code'])

/** `401 (auth_login_wrong)`: an answer's status and error code, for a finding's "actual". */
export const statusAndCode = (outcome: Pick<CallOutcome, 'status' | 'json'>): string => {
  const code = errorCodeOf(outcome)
  return `${outcome.status}${code === undefined ? '' : ` (${code})`}`
}

/** Fails the step unless the answer is 2xx; an answer that broke the contract ends it quietly (already reported). */
export function requireOk(context: StepContext<JourneyState>, outcome: CallOutcome, what = 'a 2xx answer'): void {
  if (outcome.ok) return
  if (outcome.violations.length > 0) context.stop()
  context.fail(what, statusAndCode(outcome))
}

// --- what the booking detail offers to later steps

export type BookingFacts = {
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
export const readGroup = (state: Readonly<JourneyState>) => (state.bookingTravelGroupId ?? state.travelGroupId) as string
export const byReadGroup = (state: Readonly<JourneyState>): CallOptions => ({ path: [readGroup(state)] })
export const byBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.bookingId as string] })
export const byNewBooking = (state: Readonly<JourneyState>): CallOptions => ({ path: [state.newBookingId as string] })

/**
 * Text and dates that show encoding and time-zone bugs when they read back: letters outside ASCII
 * (á é í ó ú ñ ç ü), a character outside the Basic Multilingual Plane in free text, and edge days
 * (29 February, 31 December, 1 January).
 */
export const smokeText = {
  names: ['Smóke Ñandú', 'Çüéllar'],
  surnames: ['Íñiguez Úbeda', 'Müller Gómez'],
  /** 🧳 (U+1F9F3): outside the BMP, two UTF-16 units, four UTF-8 bytes */
  freeText: 'ñandú, cigüeña, façade 🧳',
  /** an adult born on a leap day (the buyer's passenger), and a minor born on 31 December (whose guardians the run writes) */
  birthdates: ['2000-02-29', '2012-12-31'],
} as const

/** The first 29 February on or after a year: a leap day. */
export const leapDayFrom = (year: number): string => {
  let leap = year
  while (!(leap % 4 === 0 && (leap % 100 !== 0 || leap % 400 === 0))) leap += 1
  return `${leap}-02-29`
}

/** A passenger of the smoke booking: adult, tagged with the marker in the second surname. */
export function smokeMember(state: Readonly<JourneyState>, marker: string, index: number): Record<string, unknown> {
  const documents = ['00000000T', '00000001R']
  return {
    name: smokeText.names[index % 2],
    surname1: smokeText.surnames[index % 2],
    surname2: marker,
    gender: index === 0 ? 'female' : 'male',
    birthdate: smokeText.birthdates[index % 2],
    phone: null,
    email: null,
    document_type: 'dni',
    document_number: documents[index] ?? `0000000${index}`,
    country: state.countryCode ?? 'ES',
    state: state.stateId ?? 'ES-M',
    city: state.cityName ?? 'Madrid',
    zip: '28001',
    address: 'Calle de la Acequia 1, 3º B',
    allergies: null,
    medical_notes: `${smokeText.freeText} [${marker}]`,
  }
}

export const memberInputKeys = [
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

export type ReadRow = readonly [id: string, name: string, operationId: string, route: JourneyRoute]

export function travelGroupReads(rows: readonly ReadRow[]): JourneyStepSpec[] {
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

export function bookingReads(rows: readonly ReadRow[]): JourneyStepSpec[] {
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
export function smokePdf(marker: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
}

/** The buyer the run books as (a person: its first passenger's document as tax id), tagged with the run's marker. */
export function smokeBuyer(state: Readonly<JourneyState>, marker: string): Record<string, unknown> {
  return {
    type: 'person',
    name: 'Smóke Comprador',
    surname1: `Peña ${marker}`,
    company_name: null,
    tax_id: smokeMember(state, marker, 0)['document_number'],
    address: 'Plaza de España 1, 2º',
    zip: '28001',
    country: state.countryCode ?? 'ES',
    state: state.stateId ?? 'ES-M',
    city: state.cityName ?? 'Madrid',
    email: state.email,
    phone: '+34600000000',
    declares_capacity: true,
  }
}
