import { newProviderSecret } from './world/payments.ts'
import { createWorld } from './world/seed.ts'
import type { World } from './world/types.ts'

export type Store = { load(): World | null; save(world: World): void }

export type Runtime = {
  world: World
  now(): Date
  save(): void
  reset(seed?: number): void
  options: {
    portalOrigins: string[]
    /** debug sign-in for every tenant (the mock's --debug-login, or PUT /__mock/settings); a tenant may also turn it on alone */
    debugLogin: boolean
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
  /**
   * What handlers see of each world the runtime holds (loaded, seeded or reset): the HTTP server
   * passes its change tracker here (store/tracked-world.ts). The identity by default.
   */
  wrap?: (world: World) => World
  /** debug sign-in (POST /auth/debug) for every tenant; off by default */
  debugLogin?: boolean
}

export const createRuntime = (opts: RuntimeOptions = {}): Runtime => {
  const seed = opts.seed ?? DEFAULT_SEED
  const now = opts.now ?? (() => new Date())
  const wrap = opts.wrap ?? ((world: World) => world)
  const loaded = opts.fresh ? null : (opts.store?.load() ?? null)
  let world = wrap(loaded && loaded.version === 2 ? loaded : createWorld(seed, now()))
  const rt: Runtime = {
    get world() {
      return world
    },
    set world(next: World) {
      world = wrap(next)
    },
    now,
    save() {
      opts.store?.save(rt.world)
    },
    reset(nextSeed?: number) {
      rt.world = createWorld(nextSeed ?? rt.world.seed ?? seed, now())
      rt.save()
    },
    options: { portalOrigins: [], debugLogin: opts.debugLogin === true, providerSecret: newProviderSecret() },
  }
  if (!loaded) rt.save()
  return rt
}
