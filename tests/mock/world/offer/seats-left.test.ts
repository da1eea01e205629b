import { describe, expect, it } from 'vitest'
import { groupSeatsLeft, holdsSeats, isActiveLock, packSeatsLeft, roomsLeft, seatsTaken } from '../../../../mock/src/world/offer/seats-left.ts'
import { activeScenarios } from '../../../../mock/src/world/kernel/active-scenarios.ts'
import type { LockRecord } from '../../../../mock/src/world/kernel/types.ts'
import { freshWorld, NOW, viewContext } from '../world-fixture.ts'

// Seats left: what bookings that hold seats and the live seat locks leave, the scenarios aside.

const lockOf = (
  groupId: string,
  packId: string,
  seats: number,
  rooms: LockRecord['rooms'],
  expiresAt = new Date(NOW.getTime() + 60_000).toISOString(),
): LockRecord => ({
  id: `lck-${Math.random()}`,
  agencyId: 'ag-sol',
  travelGroupId: groupId,
  customerId: 'cus-sol-ana',
  packId,
  seats,
  rooms,
  expiresAt,
  usedBy: null,
})

describe('seats left', () => {
  it('pending and confirmed bookings hold seats; an invitation or a canceled booking does not', () => {
    expect(['pending', 'confirmed'].map((status) => holdsSeats({ status } as never))).toEqual([true, true])
    expect(['invited', 'canceled', 'completed'].map((status) => holdsSeats({ status } as never))).toEqual([false, false, false])
  })

  it('a live lock takes seats in its group, its pack and its rooms until it expires or is used', () => {
    const world = freshWorld()
    const group = world.travelGroups.find((g) => g.id === 'tg-sol-rom')!
    const pack = group.packs[0]!.id
    const room = group.hosting_rooms[0]!
    const ctx = viewContext(world)
    const [group0, pack0, rooms0] = [groupSeatsLeft(ctx, group), packSeatsLeft(ctx, group, pack), roomsLeft(ctx, group, room.id)]
    const lock = lockOf(group.id, pack, 2, [{ hosting_id: room.id, quantity: 1 }])
    world.locks.push(lock)
    expect(seatsTaken(ctx, group)).toBe(seatsTaken(viewContext(freshWorld()), group) + 2)
    expect([groupSeatsLeft(ctx, group), packSeatsLeft(ctx, group, pack), roomsLeft(ctx, group, room.id)]).toEqual([group0 - 2, pack0 - 2, rooms0 - 1])
    expect(isActiveLock(lock, NOW)).toBe(true)
    expect(isActiveLock(lock, new Date(NOW.getTime() + 61_000))).toBe(false)
    lock.usedBy = 'bkg-x'
    expect(isActiveLock(lock, NOW)).toBe(false)
    expect(groupSeatsLeft(ctx, group)).toBe(group0)
  })

  it('sold-out leaves no seat anywhere; pack-full none in a pack', () => {
    const world = freshWorld()
    const group = world.travelGroups.find((g) => g.id === 'tg-sol-rom')!
    expect(groupSeatsLeft(viewContext(world, ['sold-out']), group)).toBe(0)
    expect(packSeatsLeft(viewContext(world, ['sold-out']), group, group.packs[0]!.id)).toBe(0)
    expect(groupSeatsLeft(viewContext(world, ['pack-full']), group)).toBeGreaterThan(0)
    expect(packSeatsLeft(viewContext(world, ['pack-full']), group, group.packs[0]!.id)).toBe(0)
  })

  it('pack-full aimed at one pack fills that pack only; sold-out aimed at one trip leaves the others', () => {
    const world = freshWorld()
    const group = world.travelGroups.find((g) => g.id === 'tg-sol-rom')!
    const [full, other] = [group.packs[0]!.id, group.packs[1]!.id]
    world.scenarios = [
      { name: 'pack-full', target: { tenant: 'ag-sol', travelGroup: group.id, pack: full } },
      { name: 'sold-out', target: { tenant: 'ag-sol', travelGroup: 'tg-sol-lon' } },
    ]
    const ctx = { ...viewContext(world), scenarios: activeScenarios(world, 'ag-sol') }
    expect(packSeatsLeft(ctx, group, full)).toBe(0)
    expect(packSeatsLeft(ctx, group, other)).toBeGreaterThan(0)
    expect(groupSeatsLeft(ctx, group)).toBeGreaterThan(0)
    expect(
      groupSeatsLeft(
        ctx,
        world.travelGroups.find((g) => g.id === 'tg-sol-lon')!,
      ),
    ).toBe(0)
  })

  it('an unknown pack or room type has none left; a pack never has more than its group', () => {
    const world = freshWorld()
    const group = world.travelGroups.find((g) => g.id === 'tg-sol-rom')!
    const ctx = viewContext(world)
    expect(packSeatsLeft(ctx, group, 'no-pack')).toBe(0)
    expect(roomsLeft(ctx, group, 'no-room')).toBe(0)
    for (const pack of group.packs) expect(packSeatsLeft(ctx, group, pack.id)).toBeLessThanOrEqual(groupSeatsLeft(ctx, group))
  })
})
