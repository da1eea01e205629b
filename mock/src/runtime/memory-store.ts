import { isDeepStrictEqual } from 'node:util'

import type { Store } from './runtime.ts'
import type { World } from '../world/kernel/types.ts'
import { COLLECTIONS, rowKey, VALUE_KEYS, type Collection, type Row } from '../world/kernel/world-writes.ts'

export type MemoryStore = Store & {
  /** How many writes and whole worlds were stored. */
  readonly saves: number
  /** The stored world (a copy), or null: what a restart would load. */
  readonly saved: World | null
  /** Where the stored world differs from `live` ("bookings bkg-1", "counter"…): changes nobody named. */
  differences(live: World): string[]
}

/**
 * For Vitest (msw/node): persistence semantics without a disk. It keeps its own copy and applies
 * each write's changes to it as a database would, so a test that compares `saved` with the live
 * world finds a handler that changed something without saying so.
 */
export const createMemoryStore = (initial: World | null = null): MemoryStore => {
  let saved: World | null = initial === null ? null : structuredClone(initial)
  let saves = 0
  return {
    load: () => (saved === null ? null : structuredClone(saved)),
    replace(world) {
      saved = structuredClone(world)
      saves += 1
    },
    write(world, changes) {
      if (saved === null) saved = structuredClone(world)
      const copy = saved
      for (const [collection, keys] of changes.removed) {
        const rows = copy[collection] as Row<Collection>[]
        ;(copy as Record<Collection, unknown>)[collection] = rows.filter((row) => !keys.has(rowKey(collection, row)))
      }
      for (const [collection, rows] of changes.saved) {
        const stored = copy[collection] as object[]
        const at = new Map(stored.map((row, i) => [rowKey(collection, row as Row<Collection>), i]))
        for (const [key, row] of rows) {
          const i = at.get(key)
          if (i === undefined) stored.push(structuredClone(row))
          else stored[i] = structuredClone(row)
        }
      }
      for (const key of changes.values) (copy as Record<string, unknown>)[key] = structuredClone(world[key])
      saves += 1
    },
    get saves() {
      return saves
    },
    get saved() {
      return saved === null ? null : structuredClone(saved)
    },
    differences(live) {
      if (saved === null) return ['nothing stored']
      const stored = saved
      const found: string[] = VALUE_KEYS.filter((key) => !isDeepStrictEqual(stored[key], live[key]))
      for (const collection of COLLECTIONS) {
        const rows = new Map((stored[collection] as Row<Collection>[]).map((row) => [rowKey(collection, row), row]))
        const liveRows = live[collection] as Row<Collection>[]
        for (const row of liveRows) {
          const key = rowKey(collection, row)
          if (!isDeepStrictEqual(rows.get(key), row)) found.push(`${collection} ${key}`)
          rows.delete(key)
        }
        for (const key of rows.keys()) found.push(`${collection} ${key} (removed)`)
        if (found.length === 0 && liveRows.some((row, i) => rowKey(collection, row) !== rowKey(collection, stored[collection][i] as Row<Collection>))) {
          found.push(`${collection} (order)`)
        }
      }
      return found
    },
  }
}
