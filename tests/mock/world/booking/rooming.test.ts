import { describe, expect, it } from 'vitest'
import { requestRooms, roomingConfirmed, roomingListView, roomMemberName } from '../../../../mock/src/world/booking/rooming.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// The rooming list: a booking's passengers put in rooms, within each room's places.

const setUp = (options: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ana = worldContext(world, options)
  const booking = world.bookings.find((b) => b.id === 'bkg-sol-1001')!
  const list = world.roomingLists.find((l) => l.travelGroupId === booking.travelGroupId)!
  return { world, ana, booking, list }
}

describe('rooming', () => {
  it('puts the booking’s passengers in a room, moved out of the one they were in; the list becomes requested', () => {
    const { ana, booking, list } = setUp()
    const room = list.rooms.find((r) => r.capacity >= 2 && r.members.length === 0)!
    const ids = booking.members.map((m) => m.id)
    requestRooms(ana, list.id, { booking_id: booking.id, rooms: [{ room_id: room.id, member_ids: ids }] })
    expect(room.members.map((m) => m.member_id)).toEqual(ids)
    expect(room.members[0]!.name).toBe(roomMemberName(booking.members[0]!))
    for (const other of list.rooms) if (other !== room) expect(other.members.some((m) => ids.includes(m.member_id))).toBe(false)
    expect(list.status).toBe('requested')
  })

  it('refuses a room of another list, a passenger twice, someone else’s passenger, a full room', () => {
    const { world, ana, booking, list } = setUp()
    const room = list.rooms.find((r) => r.capacity >= 2 && r.members.length === 0)!
    const [a, b] = booking.members.map((m) => m.id)
    const stranger = world.bookings.find((x) => x.id === 'bkg-sol-1002')!.members[0]!.id
    for (const rooms of [
      [{ room_id: 'room-none', member_ids: [a!] }],
      [{ room_id: room.id, member_ids: [a!, a!] }],
      [{ room_id: room.id, member_ids: [stranger] }],
    ])
      expect(
        refusal(() => requestRooms(ana, list.id, { booking_id: booking.id, rooms })),
        JSON.stringify(rooms),
      ).toEqual({ status: 422, code: 'validation_error' })
    const single = list.rooms.find((r) => r.capacity === 1 && r.members.length === 0)
    if (single)
      expect(refusal(() => requestRooms(ana, list.id, { booking_id: booking.id, rooms: [{ room_id: single.id, member_ids: [a!, b!] }] }))?.status).toBe(422)
  })

  it('a confirmed list (or the rooming-confirmed scenario) takes no change: 409', () => {
    const { ana, booking, list } = setUp({ scenarios: ['rooming-confirmed'] })
    expect(roomingConfirmed(ana, list)).toBe(true)
    expect(roomingListView(ana, list).status).toBe('confirmed')
    expect(
      refusal(() => requestRooms(ana, list.id, { booking_id: booking.id, rooms: [{ room_id: list.rooms[0]!.id, member_ids: [booking.members[0]!.id] }] })),
    ).toEqual({
      status: 409,
      code: 'rooming_list_already_confirmed',
    })
  })

  it('a list of another tenant is 404', () => {
    const { world, ana, booking } = setUp()
    const norte = world.roomingLists.find((l) => l.agencyId === 'ag-norte')
    if (norte) expect(refusal(() => requestRooms(ana, norte.id, { booking_id: booking.id, rooms: [] }))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => requestRooms(ana, 'rml-none', { booking_id: booking.id, rooms: [] }))).toEqual({ status: 404, code: 'not_found' })
  })
})
