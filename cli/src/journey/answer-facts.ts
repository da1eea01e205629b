// What the journey reads out of answers for its later steps: the rooms that sleep a party, a payment
// action, and the facts of a booking (its travel group, a minor, a raffle block, a group, a file) it picks
// the bookings to read further from.
import { isMinorOn, utcDay } from '../../../core/calendar.ts'
import { asArray, asRecord, asString, idOf, type Json } from '../run/json-readers.ts'
import type { JourneyState, PaymentActionShape } from '../run/run-state.ts'

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
