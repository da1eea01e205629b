import type { Store } from './runtime.ts'
import type { World } from '../world/kernel/types.ts'
import { parseStoredWorld } from './world-shape.ts'

export const DEFAULT_STORAGE_KEY = 'travel-portal:mock-world'

/** The part of the Web Storage API the store needs, so tests can pass a plain object. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * The browser demo's store: the world survives page reloads in localStorage. Never throws: a
 * corrupt entry is dropped (the demo reseeds) and a full quota only costs persistence, the demo
 * keeps running from memory.
 */
export const createLocalStorageStore = (key: string = DEFAULT_STORAGE_KEY, storage: StorageLike | undefined = globalThis.localStorage): Store => {
  let warnedAboutSave = false
  const save = (world: World) => {
    if (storage === undefined) return
    try {
      storage.setItem(key, JSON.stringify(world))
      warnedAboutSave = false
    } catch (error) {
      // Typically QuotaExceededError (a world grown by many uploads). Warn once per failure streak.
      if (!warnedAboutSave) console.warn(`[mock] cannot save the world to localStorage["${key}"]; changes last until reload`, error)
      warnedAboutSave = true
    }
  }

  return {
    load() {
      if (storage === undefined) return null
      let text: string | null
      try {
        text = storage.getItem(key)
      } catch (error) {
        console.warn(`[mock] cannot read localStorage["${key}"]; starting from the seed`, error)
        return null
      }
      if (text === null) return null
      const parsed = parseStoredWorld(text)
      if (parsed.ok) return parsed.world
      console.warn(`[mock] localStorage["${key}"] is unusable (${parsed.problem}: ${parsed.detail}); starting from the seed`)
      try {
        storage.removeItem(key)
      } catch {
        // Best effort: the next save overwrites it anyway.
      }
      return null
    },
    // One key holds the whole world, so a write stores it whole too (it is a demo's few hundred KB).
    replace: save,
    write: (world) => save(world),
  }
}
