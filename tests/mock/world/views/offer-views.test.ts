import { describe, expect, it } from 'vitest'
import { packSeatsView, packView, pickTranslations, serviceOf, travelGroupSummaryView, travelGroupView } from '../../../../mock/src/world/views/offer-views.ts'
import { groupSeatsLeft, packSeatsLeft } from '../../../../mock/src/world/offer/seats-left.ts'
import { freshWorld, viewContext } from '../world-fixture.ts'

// Travel groups, their packs and their service as the API shows them, seats from the rule named for them.

const world = freshWorld()
const london = world.travelGroups.find((g) => g.id === 'tg-sol-lon')!

describe('offer views', () => {
  it('a travel group’s summary: the cheapest pack’s price, seats left, and its status as a traveller sees it', () => {
    const ctx = viewContext(world)
    const summary = travelGroupSummaryView(ctx, london)
    expect(summary.price_from).toBe(Math.min(...london.packs.map((p) => p.price)))
    expect(summary.seats_available).toBe(groupSeatsLeft(ctx, london))
    expect(summary.status).toBe('open')
    expect(travelGroupSummaryView(viewContext(world, ['sold-out']), london).status).toBe('sold_out')
    expect(travelGroupSummaryView({ ...ctx, today: london.start_at }, london).status).toBe('closed')
    expect(Object.keys(summary.translations).every((field) => ['name', 'destination'].includes(field))).toBe(true)
  })

  it('a travel group whole: its packs with their seats, its rooms sold out or not, its service', () => {
    const ctx = viewContext(world)
    const view = travelGroupView(ctx, london)
    expect(view.packs.map((p) => p.seats_left)).toEqual(london.packs.map((p) => packSeatsLeft(ctx, london, p.id)))
    expect(view.hosting_rooms).toHaveLength(london.hosting_rooms.length)
    expect(view.service.id).toBe(london.serviceId)
    expect(packSeatsView(ctx, london)).toEqual(
      london.packs.map((p) => ({ pack_id: p.id, seats_total: p.seats_total, seats_left: packSeatsLeft(ctx, london, p.id) })),
    )
    expect(packView(ctx, london, 'unknown-pack').id).toBe(london.packs[0]!.id)
  })

  it('a group without its service still shows one; translations are kept only for the fields shown', () => {
    expect(serviceOf(world, { ...london, serviceId: 'srv-none' })).toMatchObject({ id: 'srv-none', name: 'Servicio' })
    const translations = { name: [{ lang: 'en' as const, text: 'London' }], description_html: [{ lang: 'en' as const, text: '<p>x</p>' }] }
    expect(pickTranslations(translations, ['name'])).toEqual({ name: translations.name })
  })
})
