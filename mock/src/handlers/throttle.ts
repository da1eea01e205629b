// Throttling of what an attacker would repeat: guessing passwords, and asking for sign-in links or
// password reminders (each one an e-mail to a stranger's inbox). Counted per account (agency and
// e-mail) and per client, in a sliding window, in memory: a restart forgets them, as a real backend's
// cache would. Past a limit the call is refused with 429 too_many_requests and Retry-After, before
// anything is checked or sent, so a throttled password guess learns nothing.
import { API_THROTTLE } from '../../../contract/generated/api-operations.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { type Ctx } from './context.ts'

type Limit = { max: number; windowMs: number }
type Limits = { perAccount: Limit; perClient: Limit }

const FIFTEEN_MINUTES = 15 * 60_000

/** The contract's brake on one address (x-throttle); the brake on one client is the mock's own. */
const perAddress = (operationId: 'login' | 'remember'): Limit => {
  const declared = API_THROTTLE[operationId]
  if (declared === undefined) throw new Error(`the contract declares no x-throttle on ${operationId}`)
  return { max: declared.after, windowMs: declared.windowSeconds * 1000 }
}

export const THROTTLES = {
  /** failed sign-ins (a right password does not count) */
  signIn: { perAccount: perAddress('login'), perClient: { max: 50, windowMs: FIFTEEN_MINUTES } },
  /** sign-in links and password reminders sent */
  mailedLink: { perAccount: perAddress('remember'), perClient: { max: 50, windowMs: FIFTEEN_MINUTES } },
} as const satisfies Record<string, Limits>

export type ThrottleKind = keyof typeof THROTTLES

/** Accounts and clients remembered at most: a spray of made-up e-mails forgets the oldest, never grows without end. */
const MAX_KEYS = 20_000

// Keyed by attacker-chosen text (an e-mail): a Map, never a plain object.
const attemptsByRuntime = new WeakMap<Runtime, Map<string, number[]>>()

/**
 * Who is asking: the mock's HTTP server finds the client behind the proxies it trusts (--trusted-proxies,
 * core/client-address.ts) and hands it over as X-Forwarded-For's one address, so a chain a client makes up is never
 * read. In the browser's service worker there is no such server: one client, 'unknown'.
 */
const clientOf = (request: Request): string => request.headers.get('x-forwarded-for')?.trim() || 'unknown'

const keysFor = (ctx: Ctx, kind: ThrottleKind, email: string) => {
  const limits: Limits = THROTTLES[kind]
  return [
    { key: `${kind}|account|${ctx.agency.id}|${email.trim().toLowerCase()}`, limit: limits.perAccount },
    { key: `${kind}|client|${ctx.agency.id}|${clientOf(ctx.request)}`, limit: limits.perClient },
  ]
}

const recent = (attempts: Map<string, number[]>, key: string, windowMs: number, nowMs: number): number[] => {
  const kept = (attempts.get(key) ?? []).filter((at) => at > nowMs - windowMs)
  if (kept.length === 0) attempts.delete(key)
  else attempts.set(key, kept)
  return kept
}

/** QA's switch (PUT /__mock/settings): a tenant's own setting, else everyone's. */
const throttlingOn = (ctx: Ctx): boolean => ctx.rt.options.throttling.byAgency.get(ctx.agency.id) ?? ctx.rt.options.throttling.everyone

/** Forgets every counted attempt (POST /__mock/reset): a fresh world starts unthrottled. */
export const clearThrottles = (rt: Runtime): void => {
  attemptsByRuntime.delete(rt)
}

/** Fails with 429 and Retry-After when this account or this client is past the limit. */
export const assertNotThrottled = (ctx: Ctx, kind: ThrottleKind, email: string): void => {
  const attempts = attemptsByRuntime.get(ctx.rt)
  if (attempts === undefined || !throttlingOn(ctx)) return
  const nowMs = ctx.now.getTime()
  for (const { key, limit } of keysFor(ctx, kind, email)) {
    const kept = recent(attempts, key, limit.windowMs, nowMs)
    if (kept.length < limit.max) continue
    // When the oldest counted attempt leaves the window, one more is allowed.
    const retryAfter = Math.max(1, Math.ceil((kept[0]! + limit.windowMs - nowMs) / 1000))
    fail(429, 'too_many_requests', 'Too many attempts. Try again in a few minutes.', undefined, { 'Retry-After': String(retryAfter) })
  }
}

/**
 * A right password clears the account's failed sign-ins (as Devise's lockable does): one mistyped
 * password, or a conformance run's wrong-password probe, never adds up to a lockout of its owner.
 * The client's count stays: a guesser spraying many accounts is still slowed down.
 */
export const clearAccountAttempts = (ctx: Ctx, kind: ThrottleKind, email: string): void => {
  const [account] = keysFor(ctx, kind, email)
  if (account !== undefined) attemptsByRuntime.get(ctx.rt)?.delete(account.key)
}

/** Counts one attempt against the account and the client. */
export const countAttempt = (ctx: Ctx, kind: ThrottleKind, email: string): void => {
  if (!throttlingOn(ctx)) return
  let attempts = attemptsByRuntime.get(ctx.rt)
  if (attempts === undefined) {
    attempts = new Map()
    attemptsByRuntime.set(ctx.rt, attempts)
  }
  const nowMs = ctx.now.getTime()
  for (const { key, limit } of keysFor(ctx, kind, email)) {
    const kept = recent(attempts, key, limit.windowMs, nowMs)
    // Re-inserted, so the Map's order is oldest activity first.
    attempts.delete(key)
    attempts.set(key, [...kept, nowMs])
  }
  if (attempts.size > MAX_KEYS) {
    for (const key of attempts.keys()) {
      if (attempts.size <= MAX_KEYS * 0.8) break
      attempts.delete(key)
    }
  }
}
