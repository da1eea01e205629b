import type { World } from '../world/kernel/types.ts'

/** The layout of the world the mock reads and writes; an older one is reseeded. */
export const WORLD_VERSION = 3

/** Why a stored world was not used; stores log it so a reseed never goes unexplained. */
export type StoredWorldProblem = 'not-json' | 'not-a-world' | 'wrong-version'

export type ParsedStoredWorld = { ok: true; world: World } | { ok: false; problem: StoredWorldProblem; detail: string }

// A cheap structural check, not a full validation: it catches a truncated or foreign file and a
// world from an older layout (version bump), which is what a crash or an upgrade can produce.
const REQUIRED_ARRAYS = ['agencies', 'customers', 'bookings', 'payments', 'outbox'] as const

export const parseStoredWorld = (text: string): ParsedStoredWorld => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: 'not-json', detail: error instanceof Error ? error.message : String(error) }
  }
  return checkWorldShape(value)
}

/** The same check for a world already read (from SQLite rows, say). */
export const checkWorldShape = (value: unknown): ParsedStoredWorld => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: 'not-a-world', detail: 'the top level is not an object' }
  }
  const record = value as Record<string, unknown>
  if (record['version'] !== WORLD_VERSION) {
    return { ok: false, problem: 'wrong-version', detail: `version ${JSON.stringify(record['version'])}, expected ${WORLD_VERSION}` }
  }
  const missing: string[] = REQUIRED_ARRAYS.filter((key) => !Array.isArray(record[key]))
  if (typeof record['seed'] !== 'number') missing.push('seed')
  if (!Array.isArray(record['scenarios'])) missing.push('scenarios')
  if (missing.length > 0) {
    return { ok: false, problem: 'not-a-world', detail: `missing or malformed: ${missing.join(', ')}` }
  }
  return { ok: true, world: value as World }
}
