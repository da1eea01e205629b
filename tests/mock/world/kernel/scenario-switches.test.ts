import { describe, expect, it } from 'vitest'
import { addScenarios, removeScenarios, resolveTarget, setScenarios } from '../../../../mock/src/world/kernel/scenario-switches.ts'
import { freshWorld, refusal } from '../world-fixture.ts'

// Switching scenarios: a target checked against the world and completed with its parents; set, add and remove.

describe('a scenario’s target', () => {
  it('is completed with its parents: a passenger brings the booking, trip and tenant', () => {
    const world = freshWorld()
    expect(resolveTarget(world, ['expired-dni'], { member: 'mem-sol-lucia' })).toEqual({
      tenant: 'ag-sol',
      travelGroup: 'tg-sol-lon',
      booking: 'bkg-sol-1001',
      member: 'mem-sol-lucia',
    })
    expect(resolveTarget(world, ['pack-full', 'sold-out'], { travelGroup: 'tg-sol-rom' })).toEqual({ tenant: 'ag-sol', travelGroup: 'tg-sol-rom' })
    expect(resolveTarget(world, ['slow'], {})).toEqual({})
  })

  it('is refused when the scenario cannot be aimed there or the parts do not belong together', () => {
    const world = freshWorld()
    expect(refusal(() => resolveTarget(world, ['pack-full', 'term-expired'], { pack: 'tg-sol-lon-pck-1' }))).toEqual({ status: 422, code: 'validation_error' })
    expect(refusal(() => resolveTarget(world, ['expired-dni'], { booking: 'bkg-sol-1002', member: 'mem-sol-lucia' }))).toEqual({
      status: 422,
      code: 'validation_error',
    })
    expect(refusal(() => resolveTarget(world, ['sold-out'], { tenant: '__proto__' }))).toEqual({ status: 422, code: 'validation_error' })
  })
})

describe('set, add and remove', () => {
  it('set replaces exactly its place; add keeps one of each; remove matches what is given', () => {
    const world = freshWorld()
    addScenarios(world, ['slow'], {})
    addScenarios(world, ['pack-full'], { pack: 'tg-sol-lon-pck-1' })
    expect(addScenarios(world, ['pack-full'], { travelGroup: 'tg-sol-lon', pack: 'tg-sol-lon-pck-1' }).added).toEqual([])
    const set = setScenarios(world, ['maintenance'], {})
    expect(set.removed).toEqual([{ name: 'slow', target: {} }])
    expect(world.scenarios.map((s) => s.name)).toEqual(['pack-full', 'maintenance'])
    expect(removeScenarios(world, { travelGroup: 'tg-sol-lon' }).removed.map((s) => s.name)).toEqual(['pack-full'])
    expect(removeScenarios(world, {}).removed.map((s) => s.name)).toEqual(['maintenance'])
    expect(world.scenarios).toEqual([])
  })
})
