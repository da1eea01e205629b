// A seeded world and the context a rule over it is given, for the tests of mock/src/world's rules: the
// same world the mock serves (seed, day), a writer that records what a rule changes, and the customer
// the rule acts for (by e-mail), as handlers/context.ts builds it from a request.
import type { Language } from '../../../contract/generated/model/language.ts'
import { fail } from '../../../mock/src/world/kernel/rule-failure.ts'
import type { ScenarioName } from '../../../contract/mock-control.ts'
import type { World } from '../../../mock/src/world/kernel/types.ts'
import type { ViewContext, WorldContext } from '../../../mock/src/world/kernel/world-context.ts'
import { createWorldWrite, type WorldWrite } from '../../../mock/src/world/kernel/world-writes.ts'
import { createWorld } from '../../../mock/src/world/seed/create-world.ts'

export const NOW = new Date('2026-11-21T10:00:00Z')
export const TODAY = '2026-11-21'
export const SEED = 20261121

/** A world as the mock seeds it on that day: each test gets its own. */
export const freshWorld = (): World => createWorld(SEED, NOW)

export type ContextOptions = { agencyId?: string; email?: string | null; scenarios?: readonly ScenarioName[]; lang?: Language; now?: Date }

/** What a rule acts with: `write.changes` says what it changed (what the store would keep). */
export function worldContext(world: World, options: ContextOptions = {}): WorldContext & { write: WorldWrite } {
  const agency = world.agencies.find((candidate) => candidate.id === (options.agencyId ?? 'ag-sol'))
  if (agency === undefined) throw new Error(`no agency ${options.agencyId}`)
  const email = options.email === undefined ? 'ana.garcia@example.com' : options.email
  const customer = email === null ? undefined : world.customers.find((candidate) => candidate.agencyId === agency.id && candidate.email === email)
  const now = options.now ?? NOW
  const write = createWorldWrite(world)
  return {
    world,
    write,
    now,
    today: now.toISOString().slice(0, 10),
    scenarios: new Set(options.scenarios ?? []),
    insert: write.insert,
    save: write.save,
    remove: write.remove,
    saveValue: write.saveValue,
    id: write.id,
    agency,
    lang: options.lang ?? 'es',
    portalOrigin: () => 'http://localhost:5173',
    provider: { base: 'http://127.0.0.1:3333', secret: 'test-secret' },
    me: () => customer ?? fail(401, 'unauthorized', 'Sign in first.'),
  }
}

/** The read-only part, for views and the rules that only read. */
export const viewContext = (world: World, scenarios: readonly ScenarioName[] = [], now = NOW): ViewContext => ({
  world,
  now,
  today: now.toISOString().slice(0, 10),
  scenarios: new Set(scenarios),
})

/** A rule's refusal: its status and the contract's code (what the handler turns into the error body). */
export const refusal = (run: () => unknown): { status: number; code: string } | undefined => {
  try {
    run()
    return undefined
  } catch (error) {
    const failure = error as { status?: number; code?: string }
    if (failure.status === undefined) throw error
    return { status: failure.status, code: failure.code ?? '' }
  }
}
