// A booking's travel group, and the role a customer has on it.
import type { BookingRecord, TravelGroupRecord, World } from './types.ts'

export const groupOf = (world: World, booking: BookingRecord): TravelGroupRecord => {
  const g = world.travelGroups.find((x) => x.id === booking.travelGroupId)
  if (!g) throw new Error(`booking ${booking.id} points at a missing travel group`)
  return g
}

export const roleOf = (booking: BookingRecord, customerId: string) => booking.access.find((a) => a.customerId === customerId)?.role ?? null
