import { describe, expect, it } from 'vitest'
import { activeScenarios, agencyScenarios } from '../../../../mock/src/world/kernel/active-scenarios.ts'
import { freshWorld } from '../world-fixture.ts'

// The scenarios in force for a request: the world's global ones and its agency's.

describe('active scenarios', () => {
  it('are the global ones with the agency’s own, never "default"', () => {
    const world = freshWorld()
    world.scenarios = { global: ['default', 'slow'], byAgency: { 'ag-norte': ['sold-out'] } }
    expect([...activeScenarios(world, 'ag-norte')].sort()).toEqual(['slow', 'sold-out'])
    expect([...activeScenarios(world, 'ag-sol')]).toEqual(['slow'])
    expect([...activeScenarios(world, null)]).toEqual(['slow'])
  })

  it('read only an agency’s own key: an id such as __proto__ or constructor finds nothing inherited', () => {
    const world = freshWorld()
    world.scenarios = { global: [], byAgency: { 'ag-sol': ['flaky'] } }
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(agencyScenarios(world, id), id).toEqual([])
      expect(activeScenarios(world, id).size, id).toBe(0)
    }
    expect(agencyScenarios(world, 'ag-sol')).toEqual(['flaky'])
  })
})
