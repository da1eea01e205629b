// Rooming: who shares a room with whom, among the rooms chosen for the booking.
import type { RoomChoice } from '@core/pricing'

export type RoomSlot = { index: number; hostingId: string; name: string; capacity: number; ordinal: number }

type Room = { id: string; name: string; capacity: number }

/** Each booked room on its own: 2 doubles and a triple are three slots ("doble 1", "doble 2", "triple 1"). */
export function roomSlots(rooms: readonly Room[], choice: readonly RoomChoice[]): RoomSlot[] {
  const slots: RoomSlot[] = []
  for (const r of choice) {
    const room = rooms.find((h) => h.id === r.hosting_id)
    if (!room) continue
    for (let n = 1; n <= r.quantity; n++) slots.push({ index: slots.length, hostingId: room.id, name: room.name, capacity: room.capacity, ordinal: n })
  }
  return slots
}

/** Slots holding more travellers than they sleep. */
export function overfullSlots(slots: readonly RoomSlot[], assignment: readonly (number | null)[]): RoomSlot[] {
  return slots.filter((slot) => assignment.filter((a) => a === slot.index).length > slot.capacity)
}

/** The rooming preferences checkout sends: travellers (by index) grouped by the room they share. */
export function roomingGroups(assignment: readonly (number | null)[], members: number): number[][] {
  const groups = new Map<number, number[]>()
  assignment.slice(0, members).forEach((slot, traveller) => {
    if (slot === null || slot === undefined) return
    groups.set(slot, [...(groups.get(slot) ?? []), traveller])
  })
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, travellers]) => travellers)
}

/** Assignments pointing at rooms no longer booked are dropped. */
export const validAssignment = (assignment: readonly (number | null)[], slots: readonly RoomSlot[]): (number | null)[] =>
  assignment.map((a) => (a !== null && a < slots.length ? a : null))
