// Which parts of the world a write request touched, so the HTTP mock can journal just those
// (mock/src/store/journaled-store.ts) instead of rewriting the whole world.json on every write.
//
// The world handed to the runtime is a thin proxy over the real one. Outside a write request it
// answers with the plain values (GET requests pay one AsyncLocalStorage lookup per top-level read).
// Inside one (`track()`), it records, for that request only:
//   - top-level keys assigned (`world.sessions = …`) or whose non-array value was read
//     (`world.scenarios`: whatever is inside may change),
//   - top-level arrays whose structure changed (push, splice, an element replaced…): their arrays
//     come back as proxies that see every set and delete,
//   - every element reached through such an array (by index, find, filter, for…of): whatever a
//     handler mutates, it reached through one of these.
// That over-approximates what changed (a find touches every element it passes), never
// under-approximates it, as long as handlers reach the world through `rt.world` during the
// request: which is what `route()` hands them.
//
// Only the Node HTTP server uses this (node:async_hooks); the browser and Vitest keep the plain world.
import { AsyncLocalStorage } from 'node:async_hooks'

import type { World } from '../world/types.ts'

/** What one write request touched. */
export type Touched = {
  /** top-level keys assigned, structurally changed (arrays) or read as objects */
  keys: Set<string>
  /** of those, the ones changed otherwise than by appending to the same array (push) */
  reshaped: Set<string>
  /** top-level array key → the elements reached through it */
  elements: Map<string, Set<object>>
}

export const newTouched = (): Touched => ({ keys: new Set(), reshaped: new Set(), elements: new Map() })

/** Asked of a tracked array, answers the plain array (see `untracked` in handlers/context.ts). */
export const RAW = Symbol.for('travel-portal.mock.raw')

export type WorldTracker = {
  /** The world as handlers see it. */
  readonly world: World
  /** The world itself, for serialising. */
  readonly raw: World
  /** Starts tracking a new world (load, reset); returns the view handlers get. */
  wrap(world: World): World
  /** Runs one write request; what it touches lands in `touched`. */
  track<T>(touched: Touched, fn: () => T): T
  /** Inside a write request? */
  readonly tracking: boolean
  /** Top-level keys assigned or restructured outside any write request, since the last call. */
  takeOrphans(): Set<string>
  /** Whether the world was replaced since the last call. */
  takeReplaced(): boolean
}

const isIndex = (prop: string | symbol): boolean => {
  if (typeof prop !== 'string' || prop.length === 0) return false
  const first = prop.charCodeAt(0)
  return first >= 48 && first <= 57
}

/** `initial` may come later, through wrap() (createRuntime wraps what it loads or seeds). */
export const createWorldTracker = (initial?: World): WorldTracker => {
  const als = new AsyncLocalStorage<Touched>()
  let raw = initial ?? ({} as World)
  let replaced = true
  let orphans = new Set<string>()
  // one proxy per array, so identity holds (a === b) within a request
  const proxies = new WeakMap<unknown[], unknown[]>()
  const targets = new WeakMap<object, unknown[]>()

  const markKey = (key: string, append: boolean) => {
    const touched = als.getStore()
    if (touched === undefined) {
      orphans.add(key)
      return
    }
    touched.keys.add(key)
    if (!append) touched.reshaped.add(key)
  }

  const unwrap = (value: unknown): unknown => (typeof value === 'object' && value !== null ? (targets.get(value) ?? value) : value)

  const arrayProxy = (array: unknown[], key: string): unknown[] => {
    const existing = proxies.get(array)
    if (existing !== undefined) return existing
    const proxy = new Proxy(array, {
      get(target, prop) {
        if (prop === RAW) return target
        const value = (target as unknown as Record<string | symbol, unknown>)[prop]
        if (typeof value === 'object' && value !== null && isIndex(prop)) {
          const touched = als.getStore()
          if (touched !== undefined) {
            let set = touched.elements.get(key)
            if (set === undefined) touched.elements.set(key, (set = new Set()))
            set.add(value)
          }
        }
        return value
      },
      set(target, prop, value) {
        // push sets the index at the end, then the length: an append, which the journal stores cheaply.
        const append = isIndex(prop) ? Number(prop) >= target.length : prop === 'length' && typeof value === 'number' && value >= target.length
        markKey(key, append)
        ;(target as unknown as Record<string | symbol, unknown>)[prop] = unwrap(value)
        return true
      },
      deleteProperty(target, prop) {
        markKey(key, false)
        return Reflect.deleteProperty(target, prop)
      },
      defineProperty(target, prop, descriptor) {
        markKey(key, false)
        return Reflect.defineProperty(target, prop, descriptor)
      },
    })
    proxies.set(array, proxy)
    targets.set(proxy, array)
    return proxy
  }

  const view = new Proxy({} as World, {
    get(_target, prop) {
      const value = (raw as unknown as Record<string | symbol, unknown>)[prop]
      if (typeof prop !== 'string') return value
      const touched = als.getStore()
      if (touched === undefined || typeof value !== 'object' || value === null) return value
      if (Array.isArray(value)) return arrayProxy(value, prop)
      touched.keys.add(prop)
      return value
    },
    set(_target, prop, value) {
      ;(raw as unknown as Record<string | symbol, unknown>)[prop] = unwrap(value)
      if (typeof prop === 'string') markKey(prop, false)
      return true
    },
    deleteProperty(_target, prop) {
      if (typeof prop === 'string') markKey(prop, false)
      return Reflect.deleteProperty(raw, prop)
    },
    has: (_target, prop) => prop in raw,
    ownKeys: () => Reflect.ownKeys(raw),
    getOwnPropertyDescriptor(_target, prop) {
      const descriptor = Reflect.getOwnPropertyDescriptor(raw, prop)
      // the proxy target is an empty object: report own keys as configurable, as proxies require
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true }
    },
  })

  return {
    world: view,
    get raw() {
      return raw
    },
    wrap(world) {
      if (world !== view) raw = world
      replaced = true
      return view
    },
    track: (touched, fn) => als.run(touched, fn),
    get tracking() {
      return als.getStore() !== undefined
    },
    takeOrphans() {
      const taken = orphans
      orphans = new Set()
      return taken
    },
    takeReplaced() {
      const was = replaced
      replaced = false
      return was
    },
  }
}
