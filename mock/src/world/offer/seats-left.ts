// Seats left: in a travel group, in one of its packs, of a room type — what bookings that hold seats and
// the seat locks not yet used or expired leave (the sold-out and pack-full scenarios aside).
import type { ViewContext } from '../kernel/world-context.ts'
import type { BookingRecord, LockRecord, TravelGroupRecord } from '../kernel/types.ts'

/** Bookings that hold seats: pending and confirmed (an invitation does not hold a seat). */
export const holdsSeats = (b: BookingRecord) => b.status === 'pending' || b.status === 'confirmed'

/** A seat lock holds its seats until it is used by a checkout or expires. */
export const isActiveLock = (lock: LockRecord, now: Date) => !lock.usedBy && Date.parse(lock.expiresAt) > now.getTime()

const activeLocks = (ctx: ViewContext, groupId: string) => ctx.world.locks.filter((l) => l.travelGroupId === groupId && isActiveLock(l, ctx.now))

export const seatsTaken = (ctx: ViewContext, group: TravelGroupRecord, packId?: string): number => {
  let taken = 0
  for (const b of ctx.world.bookings) {
    if (b.travelGroupId !== group.id || !holdsSeats(b)) continue
    if (packId && b.packId !== packId) continue
    taken += b.members.length
  }
  for (const l of activeLocks(ctx, group.id)) if (!packId || l.packId === packId) taken += l.seats
  return taken
}

export const groupSeatsLeft = (ctx: ViewContext, group: TravelGroupRecord): number => {
  if (ctx.scenarios.has('sold-out', { travelGroup: group.id })) return 0
  return Math.max(0, group.capacity - seatsTaken(ctx, group))
}

export const packSeatsLeft = (ctx: ViewContext, group: TravelGroupRecord, packId: string): number => {
  const pack = group.packs.find((p) => p.id === packId)
  if (!pack || ctx.scenarios.has('pack-full', { travelGroup: group.id, pack: pack.id })) return 0
  return Math.min(groupSeatsLeft(ctx, group), Math.max(0, pack.seats_total - seatsTaken(ctx, group, packId)))
}

export const roomsLeft = (ctx: ViewContext, group: TravelGroupRecord, hostingId: string): number => {
  const hosting = group.hosting_rooms.find((h) => h.id === hostingId)
  if (!hosting) return 0
  let used = 0
  for (const b of ctx.world.bookings) {
    if (b.travelGroupId !== group.id || !holdsSeats(b)) continue
    for (const r of b.rooms) if (r.hosting_id === hostingId) used += r.quantity
  }
  for (const l of activeLocks(ctx, group.id)) for (const r of l.rooms) if (r.hosting_id === hostingId) used += r.quantity
  return Math.max(0, hosting.rooms_total - used)
}
