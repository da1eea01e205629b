import { createWorldWrite, type Changes, type WorldWrite, type WorldWriter } from '../world/kernel/world-writes.ts'
import { newProviderSecret } from '../world/money/provider-payments.ts'
import { createWorld } from '../world/seed/create-world.ts'
import type { World } from '../world/kernel/types.ts'

/**
 * Where a runtime keeps its world: SQLite for the HTTP server, localStorage in the browser, memory
 * in Vitest. Every method is synchronous: a write is stored before it is answered.
 */
export type Store = {
  load(): World | null
  /** The whole world: a new seed, a reset, tenants seeded. */
  replace(world: World): void
  /** What one write changed; `world` already holds it. */
  write(world: World, changes: Changes): void
}

export type Runtime = {
  readonly world: World
  now(): Date
  /**
   * Starts one write (an API request, a payment decided on the provider's page): what it changes
   * through the writer is stored together by `commit()`.
   */
  begin(): WorldWrite & { commit(): void }
  /** `begin`, `fn`, `commit`, for writes that are done in one synchronous step. */
  write<T>(fn: (writer: WorldWriter) => T): T
  /** Stores the whole world again (after changes too wide to name, such as seeding a tenant). */
  storeWhole(): void
  /** A new seeded world, stored whole, and the settings back to what the mock started with (the whole mock as started). */
  reset(seed?: number): void
  options: {
    portalOrigins: string[]
    /** debug sign-in for every tenant (the mock's --debug-login, or PUT /__mock/settings); a tenant may also turn it on alone */
    debugLogin: boolean
    /** 429 on repeated sign-in failures and mailed links (PUT /__mock/settings): for every tenant, and per tenant where set */
    throttling: { everyone: boolean; byAgency: Map<string, boolean> }
    /** the key the API and the card provider sign payment forms with: new for every runtime, never stored */
    providerSecret: string
  }
}

export const DEFAULT_SEED = 20261121

export type RuntimeOptions = {
  seed?: number
  store?: Store
  now?: () => Date
  fresh?: boolean
  /** debug sign-in (POST /auth/debug) for every tenant; off by default */
  debugLogin?: boolean
}

export const createRuntime = (opts: RuntimeOptions = {}): Runtime => {
  const seed = opts.seed ?? DEFAULT_SEED
  const now = opts.now ?? (() => new Date())
  const store = opts.store
  const loaded = opts.fresh ? null : (store?.load() ?? null)
  let world = loaded ?? createWorld(seed, now())
  const rt: Runtime = {
    get world() {
      return world
    },
    now,
    begin() {
      const write = createWorldWrite(world)
      return Object.assign(write, {
        commit() {
          // a write that started before a reset changed the world that was replaced: nothing to store
          if (!write.empty && write.world === world) store?.write(world, write.changes)
        },
      })
    },
    write(fn) {
      const write = rt.begin()
      try {
        return fn(write)
      } finally {
        write.commit()
      }
    },
    storeWhole() {
      store?.replace(world)
    },
    reset(nextSeed?: number) {
      world = createWorld(nextSeed ?? world.seed ?? seed, now())
      rt.storeWhole()
      rt.options.debugLogin = opts.debugLogin === true
      rt.options.throttling = { everyone: true, byAgency: new Map() }
    },
    options: {
      portalOrigins: [],
      debugLogin: opts.debugLogin === true,
      throttling: { everyone: true, byAgency: new Map() },
      providerSecret: newProviderSecret(),
    },
  }
  if (!loaded) rt.storeWhole()
  return rt
}
