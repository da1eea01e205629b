import { describe, expect, it } from 'vitest'
import { isScenarioName, SCENARIOS } from '../../../../mock/src/world/kernel/scenario-names.ts'

// The named behaviours QA switches (README's list of scenarios is this one).

describe('scenario names', () => {
  it('each is known with a description, and nothing else is a scenario', () => {
    expect(SCENARIOS.length).toBeGreaterThan(10)
    for (const scenario of SCENARIOS) {
      expect(isScenarioName(scenario.name)).toBe(true)
      expect(scenario.description.length).toBeGreaterThan(10)
    }
    for (const name of ['', 'Default', 'sold_out', '__proto__', 'constructor']) expect(isScenarioName(name), name).toBe(false)
  })
})
