import type { Store } from '../runtime.ts'
import type { World } from '../world/types.ts'

export type MemoryStore = Store & {
  /** How many times save() ran; tests use it to check that mutations persist. */
  readonly saves: number
  /** The last saved world (a copy), or null. */
  readonly saved: World | null
}

/**
 * For Vitest (msw/node): persistence semantics without a disk. Worlds are copied in and out so a
 * test cannot see unsaved mutations through the store by sharing references.
 */
export const createMemoryStore = (initial: World | null = null): MemoryStore => {
  let saved: World | null = initial === null ? null : structuredClone(initial)
  let saves = 0
  return {
    load: () => (saved === null ? null : structuredClone(saved)),
    save(world) {
      saved = structuredClone(world)
      saves += 1
    },
    get saves() {
      return saves
    },
    get saved() {
      return saved === null ? null : structuredClone(saved)
    },
  }
}
