// The scenarios in force for a request: the world's global ones and its agency's.
import type { ScenarioName } from './scenario-names.ts'
import type { World } from './types.ts'

export const activeScenarios = (world: World, agencyId: string | null): Set<ScenarioName> => {
  const active = new Set<ScenarioName>(world.scenarios.global)
  for (const name of agencyScenarios(world, agencyId)) active.add(name)
  active.delete('default')
  return active
}

/**
 * One agency's scenarios. byAgency is a plain JSON object keyed by agency id: only its own keys count,
 * so an id such as `constructor` never reads what every object inherits.
 */
export const agencyScenarios = (world: World, agencyId: string | null): readonly ScenarioName[] =>
  agencyId !== null && Object.hasOwn(world.scenarios.byAgency, agencyId) ? (world.scenarios.byAgency[agencyId] ?? []) : []
