import { createWorld } from './world/seed.ts';
import type { World } from './world/types.ts';

export type Store = { load(): World | null; save(world: World): void };

export type Runtime = {
  world: World;
  now(): Date;
  save(): void;
  reset(seed?: number): void;
  options: { portalOrigins: string[] };
};

export const DEFAULT_SEED = 20261121;

export const createRuntime = (opts: { seed?: number; store?: Store; now?: () => Date; fresh?: boolean } = {}): Runtime => {
  const seed = opts.seed ?? DEFAULT_SEED;
  const now = opts.now ?? (() => new Date());
  const loaded = opts.fresh ? null : (opts.store?.load() ?? null);
  const rt: Runtime = {
    world: loaded && loaded.version === 1 ? loaded : createWorld(seed, now()),
    now,
    save() {
      opts.store?.save(rt.world);
    },
    reset(nextSeed?: number) {
      rt.world = createWorld(nextSeed ?? rt.world.seed ?? seed, now());
      rt.save();
    },
    options: { portalOrigins: [] },
  };
  if (!loaded) rt.save();
  return rt;
};
