import { describe, expect, it } from 'vitest'
import { activeScenarios, bookingSubject, memberSubject } from '../../../../mock/src/world/kernel/active-scenarios.ts'
import { freshWorld } from '../world-fixture.ts'

// The scenarios in force for a request, and whether one aimed at a trip, pack, booking or passenger applies.

describe('active scenarios', () => {
  it('are those for everyone and the tenant’s own; aimed ones only where the rule names their target', () => {
    const world = freshWorld()
    world.scenarios = [
      { name: 'slow', target: {} },
      { name: 'sold-out', target: { tenant: 'ag-norte' } },
      { name: 'pack-full', target: { tenant: 'ag-sol', travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' } },
    ]
    const sol = activeScenarios(world, 'ag-sol')
    expect(sol.has('slow')).toBe(true)
    expect(activeScenarios(world, null).has('slow')).toBe(true)
    expect(sol.has('sold-out', { travelGroup: 'tg-sol-lon' })).toBe(false)
    expect(activeScenarios(world, 'ag-norte').has('sold-out', { travelGroup: 'tg-norte-isl' })).toBe(true)
    expect(sol.has('pack-full')).toBe(false)
    expect(sol.has('pack-full', { travelGroup: 'tg-sol-lon' })).toBe(false)
    expect(sol.has('pack-full', { travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' })).toBe(true)
    expect(sol.has('pack-full', { travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-2' })).toBe(false)
    expect(activeScenarios(world, 'ag-norte').has('pack-full', { travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' })).toBe(false)
  })

  it('one aimed at a booking covers its passengers; one aimed at a passenger, that passenger only', () => {
    const world = freshWorld()
    const booking = world.bookings.find((b) => b.id === 'bkg-sol-1001')!
    world.scenarios = [
      { name: 'term-expired', target: { tenant: 'ag-sol', travelGroup: booking.travelGroupId, booking: booking.id } },
      { name: 'expired-passport', target: { tenant: 'ag-sol', travelGroup: booking.travelGroupId, booking: booking.id, member: 'mem-sol-pablo' } },
    ]
    const sol = activeScenarios(world, 'ag-sol')
    expect(sol.has('term-expired', bookingSubject(booking))).toBe(true)
    expect(sol.has('term-expired', bookingSubject({ id: 'bkg-sol-1002', travelGroupId: 'tg-sol-pir' }))).toBe(false)
    expect(sol.has('expired-passport', memberSubject(booking, 'mem-sol-pablo'))).toBe(true)
    expect(sol.has('expired-passport', memberSubject(booking, 'mem-sol-lucia'))).toBe(false)
    expect(sol.has('expired-passport', bookingSubject(booking))).toBe(false)
  })

  it('a tenant id such as __proto__ or constructor finds nothing', () => {
    const world = freshWorld()
    world.scenarios = [{ name: 'flaky', target: { tenant: 'ag-sol' } }]
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(activeScenarios(world, id).has('flaky'), id).toBe(false)
    expect(activeScenarios(world, 'ag-sol').has('flaky')).toBe(true)
  })
})
