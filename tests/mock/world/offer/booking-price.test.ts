import { describe, expect, it } from 'vitest'

import { activeScenarios } from '../../../../mock/src/world/kernel/active-scenarios.ts'
import { linesTotal } from '../../../../core/pricing.ts'
import { bookingTotal, priceLines } from '../../../../mock/src/world/offer/booking-price.ts'
import { createWorld } from '../../../../mock/src/world/seed/create-world.ts'
import { bookingCart, lateTermPenalty } from '../../../../mock/src/world/money/booking-account.ts'
import { groupOf } from '../../../../mock/src/world/kernel/booking-access.ts'
import { type ViewContext } from '../../../../mock/src/world/kernel/world-context.ts'

// One pricing rule for the seed, checkout and the cart (mock/src/world/offer/booking-price.ts).

const NOW = new Date('2026-11-21T10:00:00Z')
const world = createWorld(20261121, NOW)
const contextFor = (agencyId: string): ViewContext => ({ world, now: NOW, today: '2026-11-21', scenarios: activeScenarios(world, agencyId) })

describe('a booking’s price', () => {
  const priced = world.bookings.filter((booking) => booking.terms.some((term) => term.kind === 'plan'))

  it('the seeded bookings’ instalments add up to the price the plan splits', () => {
    expect(priced.length).toBeGreaterThan(5)
    for (const booking of priced) {
      const plan = booking.terms.filter((term) => term.kind === 'plan').reduce((sum, term) => sum + term.amount, 0)
      expect(plan, booking.id).toBe(bookingTotal(groupOf(world, booking), booking))
    }
  })

  it('the cart shows that price, plus a late instalment’s penalty when one is due, line by line', () => {
    for (const booking of priced) {
      const group = groupOf(world, booking)
      const ctx = contextFor(booking.agencyId)
      const cart = bookingCart(ctx, group, booking)
      const penalty = lateTermPenalty(ctx, group, booking)
      expect(cart.total, booking.id).toBe(bookingTotal(group, booking) + penalty)
      expect(cart.lines).toEqual(priceLines(group, booking, penalty))
      expect(linesTotal(cart.lines)).toBe(cart.total)
    }
  })

  it('a room at no extra price is no line and costs nothing', () => {
    const booking = priced[0]!
    const group = groupOf(world, booking)
    const free = { ...group, hosting_rooms: group.hosting_rooms.map((room) => ({ ...room, price: 0 })) }
    const lines = priceLines(free, booking)
    expect(lines.some((line) => line.type === 'hosting')).toBe(false)
    expect(bookingTotal(free, booking)).toBe(linesTotal(lines))
  })
})
