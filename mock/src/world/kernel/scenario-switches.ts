// Switching scenarios on and off: a target is checked against the world (each part exists, the parts belong
// together, the scenario can be aimed there) and completed with its parents, so one place has one spelling.
import { SCENARIOS, type ActiveScenario, type ScenarioName, type ScenarioRemoval, type ScenarioTarget } from '../../../../contract/mock-control.ts'
import { fail } from './rule-failure.ts'
import type { World } from './types.ts'

const KIND_WORDS = { travelGroup: 'a travel group', pack: 'a pack', booking: 'a booking', member: 'a passenger' } as const
type Kind = keyof typeof KIND_WORDS

const refuse = (field: string, message: string): never => fail(422, 'validation_error', `${field} ${message}.`, [{ field, code: 'invalid', message }])

const sentence = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`)

/** The target as given, checked and completed: a pack brings its trip, a passenger its booking, and anything its tenant. */
export const resolveTarget = (world: World, names: readonly ScenarioName[], given: ScenarioTarget): ScenarioTarget => {
  for (const kind of Object.keys(KIND_WORDS) as Kind[]) {
    if (given[kind] === undefined) continue
    for (const name of names) {
      const takes: readonly string[] = SCENARIOS.find((s) => s.name === name)!.targets
      if (!takes.includes(kind)) {
        const can = takes.map((k) => KIND_WORDS[k as Kind])
        refuse(
          `target.${kind}`,
          `cannot aim ${name} at ${KIND_WORDS[kind]}: ${can.length === 0 ? 'it is for every tenant or one tenant' : `it takes ${sentence(can)}`}`,
        )
      }
    }
  }
  const target: ScenarioTarget = { ...given }
  const agencyOf = (agencyId: string, field: string) => {
    if (target.tenant !== undefined && target.tenant !== agencyId) refuse(field, `is not of tenant ${target.tenant}`)
    target.tenant = agencyId
  }
  if (target.member !== undefined) {
    const id = target.member
    const holders = world.bookings.filter((b) => (target.booking === undefined || b.id === target.booking) && b.members.some((m) => m.id === id))
    if (holders.length === 0) refuse('target.member', `'${id}' is not a passenger${target.booking === undefined ? '' : ` of booking ${target.booking}`}`)
    if (holders.length > 1) refuse('target.member', `'${id}' travels in several bookings; name the booking too`)
    target.booking = holders[0]!.id
  }
  if (target.booking !== undefined) {
    const booking = world.bookings.find((b) => b.id === target.booking) ?? refuse('target.booking', `'${target.booking}' is not a booking`)
    if (target.travelGroup !== undefined && booking.travelGroupId !== target.travelGroup)
      refuse('target.booking', `is not of travel group ${target.travelGroup}`)
    target.travelGroup = booking.travelGroupId
  }
  if (target.pack !== undefined) {
    const id = target.pack
    const group =
      world.travelGroups.find((g) => (target.travelGroup === undefined || g.id === target.travelGroup) && g.packs.some((p) => p.id === id)) ??
      refuse('target.pack', `'${id}' is not a pack${target.travelGroup === undefined ? '' : ` of travel group ${target.travelGroup}`}`)
    target.travelGroup = group.id
  }
  if (target.travelGroup !== undefined) {
    const group = world.travelGroups.find((g) => g.id === target.travelGroup) ?? refuse('target.travelGroup', `'${target.travelGroup}' is not a travel group`)
    agencyOf(group.agencyId, 'target.travelGroup')
  }
  if (target.tenant !== undefined && !world.agencies.some((a) => a.id === target.tenant)) {
    refuse('target.tenant', `'${target.tenant}' is not a tenant; tenants: ${world.agencies.map((a) => a.id).join(', ')}`)
  }
  // a stable key order, so equal targets read (and print) the same
  return Object.fromEntries((['tenant', 'travelGroup', 'pack', 'booking', 'member'] as const).flatMap((k) => (target[k] === undefined ? [] : [[k, target[k]]])))
}

const sameTarget = (a: ScenarioTarget, b: ScenarioTarget) => JSON.stringify(a) === JSON.stringify(b)

export type ScenarioChanges = { added: ActiveScenario[]; removed: ActiveScenario[]; target?: ScenarioTarget }

/** Adds each name at the target (once). */
export const addScenarios = (world: World, names: readonly ScenarioName[], given: ScenarioTarget): ScenarioChanges => {
  const target = resolveTarget(world, names, given)
  const added = names.filter((name) => !world.scenarios.some((s) => s.name === name && sameTarget(s.target, target))).map((name) => ({ name, target }))
  world.scenarios.push(...added)
  return { added, removed: [], target }
}

/** What is active at exactly this target becomes these names; what else was there is reported as removed. */
export const setScenarios = (world: World, names: readonly ScenarioName[], given: ScenarioTarget): ScenarioChanges => {
  const target = resolveTarget(world, names, given)
  const there = world.scenarios.filter((s) => sameTarget(s.target, target))
  world.scenarios = [...world.scenarios.filter((s) => !sameTarget(s.target, target)), ...names.map((name) => ({ name, target }))]
  return {
    added: names.filter((name) => !there.some((s) => s.name === name)).map((name) => ({ name, target })),
    removed: there.filter((s) => !names.includes(s.name)),
    target,
  }
}

/** Removes every active scenario matching all that is given: a name, a tenant, a trip… (nothing given: all). */
export const removeScenarios = (world: World, filter: ScenarioRemoval): ScenarioChanges => {
  const { name, ...where } = filter
  const matches = (s: ActiveScenario) =>
    (name === undefined || s.name === name) && Object.entries(where).every(([kind, id]) => id === undefined || s.target[kind as keyof ScenarioTarget] === id)
  const removed = world.scenarios.filter(matches)
  world.scenarios = world.scenarios.filter((s) => !matches(s))
  return { added: [], removed }
}
