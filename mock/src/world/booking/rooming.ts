// The rooming list: how the API shows it, and the rooms a booking asks for its passengers (PUT /roominglist/{id}/update).
import type { z } from 'zod'
import type { UpdateRoomingListBody } from '../../../../contract/generated/zod.ts'
import type { FieldError, RoomingList } from '../../../../contract/generated/model/index.ts'
import { bookingFor } from '../kernel/booking-access.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { MemberRecord, RoomingListRecord } from '../kernel/types.ts'
import type { ViewContext, WorldContext } from '../kernel/world-context.ts'

/** A passenger as a rooming list names them: first name and first surname. */
export const roomMemberName = (m: Pick<MemberRecord, 'name' | 'surname1'>): string => `${m.name} ${m.surname1}`.trim()

/** Whether the agency has closed the list (or QA forces it with the rooming-confirmed scenario). */
export const roomingConfirmed = (ctx: Pick<ViewContext, 'scenarios'>, list: RoomingListRecord): boolean =>
  list.status === 'confirmed' || ctx.scenarios.has('rooming-confirmed', { travelGroup: list.travelGroupId })

export const roomingListView = (ctx: Pick<ViewContext, 'scenarios'>, list: RoomingListRecord): RoomingList => ({
  id: list.id,
  travel_group_id: list.travelGroupId,
  status: roomingConfirmed(ctx, list) ? 'confirmed' : list.status,
  rooms: list.rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, members: r.members.map((m) => ({ ...m })), translations: r.translations })),
})

/**
 * A booking's passengers put in rooms of the list (moved out of the rooms they were in): rooms of this
 * list, passengers of this booking, each once, within every room's places. The list becomes requested.
 */
export const requestRooms = (ctx: WorldContext, listId: string, body: z.infer<typeof UpdateRoomingListBody>): RoomingListRecord => {
  const list = ctx.world.roomingLists.find((l) => l.id === listId && l.agencyId === ctx.agency.id) ?? fail(404, 'not_found', 'No such rooming list.')
  const booking = bookingFor(ctx, body.booking_id)
  if (booking.travelGroupId !== list.travelGroupId) {
    fail(422, 'validation_error', 'The booking is not in this rooming list’s group.', [
      { field: 'booking_id', code: 'enum', message: 'The booking is not in this rooming list’s group.' },
    ])
  }
  if (booking.status === 'canceled' || booking.status === 'invited') {
    fail(422, 'validation_error', 'Only a booking that holds seats can request rooms.', [
      { field: 'booking_id', code: 'booking_status', message: 'Only a booking that holds seats can request rooms.' },
    ])
  }
  if (roomingConfirmed(ctx, list)) fail(409, 'rooming_list_already_confirmed', 'The rooming list is already confirmed.')

  const fields: FieldError[] = []
  const seen = new Set<string>()
  body.rooms.forEach((r, i) => {
    if (!list.rooms.some((room) => room.id === r.room_id))
      fields.push({ field: `rooms.${i}.room_id`, code: 'enum', message: `${r.room_id} is not a room of this list.` })
    if (body.rooms.findIndex((x) => x.room_id === r.room_id) !== i)
      fields.push({ field: `rooms.${i}.room_id`, code: 'duplicate', message: 'Each room may appear once.' })
    r.member_ids.forEach((memberId, j) => {
      if (!booking.members.some((m) => m.id === memberId))
        fields.push({ field: `rooms.${i}.member_ids.${j}`, code: 'enum', message: `${memberId} is not a passenger of this booking.` })
      else if (seen.has(memberId)) fields.push({ field: `rooms.${i}.member_ids.${j}`, code: 'duplicate', message: 'A passenger can only be in one room.' })
      seen.add(memberId)
    })
  })
  if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)

  // capacity once the moved passengers have left their old rooms
  const moving = new Set(body.rooms.flatMap((r) => r.member_ids))
  body.rooms.forEach((r, i) => {
    const room = list.rooms.find((x) => x.id === r.room_id)!
    const staying = room.members.filter((m) => !(m.booking_id === booking.id && moving.has(m.member_id))).length
    if (staying + r.member_ids.length > room.capacity) {
      fields.push({ field: `rooms.${i}.member_ids`, code: 'capacity', message: `${room.name} has ${room.capacity} places; ${staying} are taken.` })
    }
  })
  if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)

  for (const room of list.rooms) room.members = room.members.filter((m) => !(m.booking_id === booking.id && moving.has(m.member_id)))
  for (const r of body.rooms) {
    const room = list.rooms.find((x) => x.id === r.room_id)!
    for (const memberId of r.member_ids) {
      const m = booking.members.find((x) => x.id === memberId)!
      room.members.push({ booking_id: booking.id, member_id: m.id, name: roomMemberName(m) })
    }
  }
  list.status = 'requested'
  ctx.save('roomingLists', list)
  return list
}
