import { describe, expect, it } from 'vitest'
import { checkPartyAndRooms, lockSeats, LOCK_TTL_MS } from '../../../../mock/src/world/offer/seat-locks.ts'
import { groupSeatsLeft } from '../../../../mock/src/world/offer/seats-left.ts'
import { freshWorld, NOW, refusal, viewContext, worldContext } from '../world-fixture.ts'

// Holding seats before checkout (POST /travelgroup/{id}/lock): the party, its rooms and what is left.

const setUp = (scenarios: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ctx = worldContext(world, scenarios)
  const group = world.travelGroups.find((g) => g.id === 'tg-sol-rom')!
  const double = group.hosting_rooms.find((h) => h.capacity === 2)!
  return { world, ctx, group, body: { pack_id: group.packs[0]!.id, members: 2, rooms: [{ hosting_id: double.id, quantity: 1 }] } }
}

describe('seat locks', () => {
  it('hold the party’s seats for 15 minutes, and are what is left less', () => {
    const { world, ctx, group, body } = setUp()
    const before = groupSeatsLeft(viewContext(world), group)
    const lock = lockSeats(ctx, group, ctx.me(), body)
    expect(lock).toMatchObject({ travelGroupId: group.id, customerId: ctx.me().id, seats: 2, usedBy: null })
    expect(Date.parse(lock.expiresAt) - NOW.getTime()).toBe(LOCK_TTL_MS)
    expect(groupSeatsLeft(viewContext(world), group)).toBe(before - 2)
    expect(ctx.write.changes.saved.get('locks')?.has(lock.id)).toBe(true)
  })

  it('locking again replaces one’s own hold instead of competing with it', () => {
    const { world, ctx, group, body } = setUp()
    const before = groupSeatsLeft(viewContext(world), group)
    lockSeats(ctx, group, ctx.me(), body)
    lockSeats(ctx, group, ctx.me(), body)
    expect(groupSeatsLeft(viewContext(world), group)).toBe(before - 2)
  })

  it('rooms that do not sleep the party exactly, an unknown pack or room: 422 on the field', () => {
    const { group, body } = setUp()
    expect(refusal(() => checkPartyAndRooms(group, body.pack_id, 3, body.rooms))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => checkPartyAndRooms(group, 'no-pack', 2, body.rooms))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => checkPartyAndRooms(group, body.pack_id, 2, [{ hosting_id: 'no-room', quantity: 1 }]))).toEqual({
      status: 422,
      code: 'validation_error',
    })
    expect(refusal(() => checkPartyAndRooms(group, body.pack_id, 2, body.rooms))).toBeUndefined()
  })

  it('sold out: 409 cant_lock_enough_seats; a full pack: 409 travel_group_pack_full; and nothing is held', () => {
    const soldOut = setUp({ scenarios: ['sold-out'] })
    expect(refusal(() => lockSeats(soldOut.ctx, soldOut.group, soldOut.ctx.me(), soldOut.body))).toEqual({ status: 409, code: 'cant_lock_enough_seats' })
    const packFull = setUp({ scenarios: ['pack-full'] })
    expect(refusal(() => lockSeats(packFull.ctx, packFull.group, packFull.ctx.me(), packFull.body))).toEqual({ status: 409, code: 'travel_group_pack_full' })
    expect(packFull.ctx.write.changes.saved.get('locks')).toBeUndefined()
  })

  it('a travel group that has left takes no lock', () => {
    const { ctx, group, body } = setUp()
    expect(refusal(() => lockSeats({ ...ctx, today: group.start_at }, group, ctx.me(), body))?.status).toBe(409)
  })
})
