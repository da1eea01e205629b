// Travel groups, their packs and their service as the API shows them. Seats left come from the rule named
// for them (offer/seats-left.ts); this module only maps.
import type { Pack, PackSeats, Service, Translations, TravelGroup, TravelGroupSummary } from '../../../../contract/generated/model/index.ts'
import type { TravelGroupRecord, World } from '../kernel/types.ts'
import type { ViewContext } from '../kernel/world-context.ts'
import { groupSeatsLeft, packSeatsLeft, roomsLeft } from '../offer/seats-left.ts'

/** The translations of the fields an object of the API has (a summary has fewer fields than its record). */
export const pickTranslations = (translations: Translations, fields: readonly string[]): Translations =>
  Object.fromEntries(Object.entries(translations).filter(([field]) => fields.includes(field)))

export const serviceOf = (world: World, group: TravelGroupRecord): Service => {
  const s = world.services.find((x) => x.id === group.serviceId)
  if (!s) return { id: group.serviceId, name: 'Servicio', dni_required: false, documentation_days: 30, emergency_contact_required: 1 }
  const { agencyId: _agency, ...service } = s
  return service
}

export const packView = (ctx: ViewContext, group: TravelGroupRecord, packId: string): Pack => {
  const p = group.packs.find((x) => x.id === packId) ?? group.packs[0]!
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    seats_total: p.seats_total,
    seats_left: packSeatsLeft(ctx, group, p.id),
    includes: p.includes,
    translations: p.translations,
  }
}

export const packSeatsView = (ctx: ViewContext, group: TravelGroupRecord): PackSeats[] =>
  group.packs.map((p) => ({ pack_id: p.id, seats_total: p.seats_total, seats_left: packSeatsLeft(ctx, group, p.id) }))

export const travelGroupSummaryView = (ctx: ViewContext, g: TravelGroupRecord): TravelGroupSummary => {
  const left = groupSeatsLeft(ctx, g)
  return {
    id: g.id,
    code: g.code,
    name: g.name,
    destination: g.destination,
    image: g.image,
    start_at: g.start_at,
    end_at: g.end_at,
    price_from: Math.min(...g.packs.map((p) => p.price)),
    seats_available: left,
    // a group that has already left is closed for booking whatever its stored status
    status: g.status === 'closed' || g.start_at <= ctx.today ? 'closed' : left === 0 ? 'sold_out' : 'open',
    translations: pickTranslations(g.translations, ['name', 'destination']),
  }
}

export const travelGroupView = (ctx: ViewContext, g: TravelGroupRecord): TravelGroup => ({
  ...travelGroupSummaryView(ctx, g),
  description_html: g.description_html,
  translations: g.translations,
  service: serviceOf(ctx.world, g),
  packs: g.packs.map((p) => packView(ctx, g, p.id)),
  hosting_rooms: g.hosting_rooms.map((h) => ({
    id: h.id,
    name: h.name,
    description: h.description,
    capacity: h.capacity,
    price: h.price,
    sold_out: roomsLeft(ctx, g, h.id) === 0,
    translations: h.translations,
  })),
  rooming_enabled: g.rooming_enabled,
  invitation_enabled: g.invitation_enabled,
  max_members: g.max_members,
  management_fee: g.management_fee,
  deposit: g.deposit,
  booking_penalty: g.booking_penalty,
})
