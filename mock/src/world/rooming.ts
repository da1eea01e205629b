// The rooming list as the API shows it; shared by GET /travelgroup/{id}/rooming and PUT /roominglist/{id}/update.
import type { RoomingList } from '../../../contract/generated/model/index.ts'
import type { RoomingListRecord } from './types.ts'
import type { ViewContext } from './views.ts'

/** Whether the agency has closed the list (or QA forces it with the rooming-confirmed scenario). */
export const roomingConfirmed = (ctx: Pick<ViewContext, 'scenarios'>, list: RoomingListRecord): boolean =>
  list.status === 'confirmed' || ctx.scenarios.has('rooming-confirmed')

export const roomingListView = (ctx: Pick<ViewContext, 'scenarios'>, list: RoomingListRecord): RoomingList => ({
  id: list.id,
  travel_group_id: list.travelGroupId,
  status: roomingConfirmed(ctx, list) ? 'confirmed' : list.status,
  rooms: list.rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, members: r.members.map((m) => ({ ...m })), translations: r.translations })),
})
