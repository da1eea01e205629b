// GET answers kept while what they are made of holds: the world (runtime.generation, bumped by the
// HTTP server after every write), the day, and the seat holds that have not expired yet (the only
// thing a view reads of the clock). A booking's view walks its trip, terms, cart and members, and
// its JSON is then written and encoded: kept, a repeated read costs a key lookup. Only where the
// generation is counted (the HTTP server); elsewhere every call makes its answer afresh.
import type { Runtime } from '../runtime.ts'
import type { World } from '../world/types.ts'
import { type Ctx, json, jsonFromText } from './context.ts'

type Entry = { generation: number; today: string; until: number; text: string; bytes: Uint8Array | undefined }

/** Entries per runtime, at most this many (oldest first out): one per booking and reader, say. */
export const VIEW_CACHE_LIMIT = 2_000

const caches = new WeakMap<Runtime, Map<string, Entry>>()

const encoder = new TextEncoder()

/** The first moment a seat hold still running at `now` runs out (views count running holds). */
const nextHoldExpiry = (world: World, now: number): number => {
  let next = Number.POSITIVE_INFINITY
  for (const lock of world.locks) {
    if (lock.usedBy) continue
    const expires = Date.parse(lock.expiresAt)
    if (expires > now && expires < next) next = expires
  }
  return next
}

/**
 * `make()`'s value as a 200 JSON answer, made once per `key` while the world, the day and the
 * running holds stay the same. The key must name everything else the value depends on (the
 * resource, the reader).
 */
export const cachedJson = (ctx: Ctx, key: string, make: () => unknown): Response => {
  const { rt } = ctx
  const generation = rt.generation
  if (generation === undefined) return json(make())
  let cache = caches.get(rt)
  if (cache === undefined) {
    cache = new Map()
    caches.set(rt, cache)
  }
  const now = ctx.now.getTime()
  const hit = cache.get(key)
  if (hit !== undefined && hit.generation === generation && hit.today === ctx.today && now < hit.until) {
    return jsonFromText(hit.text, 200, (hit.bytes ??= encoder.encode(hit.text)))
  }
  const text = JSON.stringify(make())
  cache.delete(key)
  if (cache.size >= VIEW_CACHE_LIMIT) cache.delete(cache.keys().next().value!)
  // encoded on the second read: an answer read once (the world changes between reads) is not encoded twice
  cache.set(key, { generation, today: ctx.today, until: nextHoldExpiry(ctx.world, now), text, bytes: undefined })
  return jsonFromText(text, 200)
}
