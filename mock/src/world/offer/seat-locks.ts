// Holding seats before checkout (POST /travelgroup/{id}/lock): the party, its rooms and what is left.
import type { LockSeatsBody } from '../../../../contract/generated/zod.ts'
import type { FieldError, RoomSelection } from '../../../../contract/generated/model/index.ts'
import type { z } from 'zod'
import { isBookable, roomsByType, roomsPeople } from './travel-group-offer.ts'
import { fail, invalid } from '../kernel/rule-failure.ts'
import type { CustomerRecord, LockRecord, TravelGroupRecord } from '../kernel/types.ts'
import { groupSeatsLeft, isActiveLock, packSeatsLeft, roomsLeft } from './seats-left.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** How long POST /travelgroup/{id}/lock holds seats. */
export const LOCK_TTL_MS = 15 * 60_000

/**
 * Seats are free for this customer when nobody else holds them. The customer's own earlier hold on the
 * group is not counted (going back a step and locking again must not compete with oneself); it is only
 * released for good when the new hold succeeds.
 */
const withoutOwnLocks = <T>(ctx: WorldContext, customer: CustomerRecord, group: TravelGroupRecord, run: (release: () => void) => T): T => {
  const own = ctx.world.locks.filter((l) => l.customerId === customer.id && l.travelGroupId === group.id && isActiveLock(l, ctx.now))
  const saved = own.map((l) => l.expiresAt)
  for (const l of own) l.expiresAt = ctx.now.toISOString()
  let released = false
  try {
    return run(() => {
      released = true
      for (const l of own) ctx.save('locks', l)
    })
  } finally {
    if (!released) own.forEach((l, i) => (l.expiresAt = saved[i]!))
  }
}

/** The 422s shared by lock and checkout: pack, party size, room types, and rooms that fit the party exactly. */
export const checkPartyAndRooms = (group: TravelGroupRecord, packId: string, members: number, rooms: readonly RoomSelection[]) => {
  if (!group.packs.some((p) => p.id === packId)) invalid('pack_id', 'not_found', 'Choose one of the packs of this travel group.')
  if (members > group.max_members) {
    invalid('members', 'max_items', `At most ${group.max_members} people can travel in one booking.`)
  }
  const unknown: FieldError[] = rooms.flatMap((r, i) =>
    group.hosting_rooms.some((h) => h.id === r.hosting_id)
      ? []
      : [{ field: `rooms.${i}.hosting_id`, code: 'not_found', message: 'No such room in this travel group.' }],
  )
  if (unknown.length) fail(422, 'validation_error', 'Some rooms are not offered in this travel group.', unknown)
  if (group.hosting_rooms.length === 0 && rooms.length === 0) return
  const people = roomsPeople(group, rooms)
  if (people !== members) {
    // the portal shows this as "HAY UN PROBLEMA DE PLAZAS"
    invalid('rooms', 'rooms_mismatch', `The rooms chosen are for ${people} people but ${members} are travelling.`)
  }
}

export const lockSeats = (ctx: WorldContext, group: TravelGroupRecord, me: CustomerRecord, body: z.infer<typeof LockSeatsBody>) => {
  checkPartyAndRooms(group, body.pack_id, body.members, body.rooms)
  if (!isBookable(group, ctx.today)) fail(409, 'cant_lock_enough_seats', 'This travel group no longer takes bookings.')
  return withoutOwnLocks(ctx, me, group, (release) => {
    if (groupSeatsLeft(ctx, group) < body.members) fail(409, 'cant_lock_enough_seats', 'There are not enough seats left in this travel group.')
    if (packSeatsLeft(ctx, group, body.pack_id) < body.members) fail(409, 'travel_group_pack_full', 'There are not enough seats left in this pack.')
    const soldOut: FieldError[] = []
    for (const [hostingId, quantity] of roomsByType(body.rooms)) {
      if (roomsLeft(ctx, group, hostingId) < quantity) {
        const index = body.rooms.findIndex((r) => r.hosting_id === hostingId)
        soldOut.push({ field: `rooms.${index}.quantity`, code: 'sold_out', message: 'Not enough rooms of this kind are left.' })
      }
    }
    if (soldOut.length) fail(422, 'validation_error', 'Some rooms are sold out.', soldOut)
    release()
    const lock: LockRecord = {
      id: ctx.id('lck'),
      agencyId: ctx.agency.id,
      travelGroupId: group.id,
      customerId: me.id,
      packId: body.pack_id,
      seats: body.members,
      rooms: body.rooms.map((r) => ({ hosting_id: r.hosting_id, quantity: r.quantity })),
      expiresAt: new Date(ctx.now.getTime() + LOCK_TTL_MS).toISOString(),
      usedBy: null,
    }
    // keep the store bounded; a lapsed hold stays a day so its checkout can still say why it failed
    const horizon = ctx.now.getTime() - 86_400_000
    ctx.remove(
      'locks',
      ctx.world.locks.filter((l) => l.usedBy || Date.parse(l.expiresAt) <= horizon),
    )
    return ctx.insert('locks', lock)
  })
}
