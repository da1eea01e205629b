// The control API's scenario switches: names as people and the CLI type them, the agency a switch is
// scoped to, and setting them in the world.
import { fail } from '../world/kernel/rule-failure.ts'
import { isScenarioName, SCENARIOS, type ScenarioName } from '../world/kernel/scenario-names.ts'
import { agencyScenarios } from '../world/kernel/active-scenarios.ts'
import type { World } from '../world/kernel/types.ts'

const normaliseScenarioName = (name: string) => name.trim().toLowerCase().replace(/_/g, '-')

export const parseScenarioNames = (raw: unknown, field: string): ScenarioName[] => {
  const list = typeof raw === 'string' ? [raw] : raw
  if (!Array.isArray(list) || list.some((n) => typeof n !== 'string')) {
    fail(422, 'validation_error', `${field} must be an array of scenario names.`, [{ field, code: 'invalid_type', message: 'must be an array of strings' }])
  }
  const names: ScenarioName[] = []
  const unknown: { index: number; name: string }[] = []
  ;(list as string[]).forEach((name, index) => {
    const normalised = normaliseScenarioName(name)
    if (isScenarioName(normalised)) names.push(normalised)
    else unknown.push({ index, name })
  })
  if (unknown.length > 0) {
    const known = SCENARIOS.map((s) => s.name).join(', ')
    fail(
      422,
      'validation_error',
      `Unknown scenario ${unknown.map((u) => `'${u.name}'`).join(', ')}; known scenarios: ${known}.`,
      unknown.map((u) => ({ field: typeof raw === 'string' ? field : `${field}.${u.index}`, code: 'enum', message: `unknown scenario '${u.name}'` })),
    )
  }
  // 'default' means "nothing special": keep it out of the stored sets so they read as what is on.
  return [...new Set(names)].filter((n) => n !== 'default')
}

/** The optional agency a scenario call is scoped to; `tenant` is accepted as an alias (the CLI's word). */
export const agencyScope = (world: World, value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') {
    return fail(422, 'validation_error', `${field} must be an agency id.`, [{ field, code: 'invalid_type', message: 'must be a string' }])
  }
  if (!world.agencies.some((a) => a.id === value)) {
    const known = world.agencies.map((a) => a.id).join(', ')
    fail(422, 'validation_error', `Unknown agency '${value}'; agencies: ${known}.`, [{ field, code: 'enum', message: `unknown agency '${value}'` }])
  }
  return value
}

export const setScenarios = (world: World, agency: string | null, names: ScenarioName[]) => {
  if (agency === null) world.scenarios.global = names
  else if (names.length === 0) delete world.scenarios.byAgency[agency]
  else world.scenarios.byAgency[agency] = names
}

export const scenariosOf = (world: World, agency: string | null): readonly ScenarioName[] =>
  agency === null ? world.scenarios.global : agencyScenarios(world, agency)
