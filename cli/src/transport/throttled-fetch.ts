import { fetchRetryingIdempotent, retryAfterMs } from '../../../core/http-retry.ts'

// How a run talks to a backend behind a gateway that limits clients: requests spaced for
// --rate-limit, and a 429 with Retry-After waited out and asked again (bounded), as any polite client
// does, so a correctly throttling backend is never blamed for throttling.

/** How often the backend said "too many requests", and how long the run waited for it. */
export type ThrottleStats = {
  /** 429 answers with a Retry-After the run waited for, then asked again */
  throttled: number
  waitedMs: number
  /** 429 answers the run did not wait for (no Retry-After, or longer than it waits): checked as answers */
  keptAnswers: number
}

export type ThrottledFetchOptions = {
  doFetch: typeof fetch
  timeoutMs: number
  /** at most this many requests per second, spaced evenly */
  requestsPerSecond?: number
  /** waits for a Retry-After up to this long each time (default 60 s), else keeps the 429 as the answer */
  maxRetryWaitMs?: number
  /** in tests: a clock that does not really wait */
  sleep?: (ms: number) => Promise<void>
}

/** Waits for Retry-After this many times per request at most, and this long in all per run. */
const maxThrottleRetries = 5
const maxThrottleWaitPerRunMs = 5 * 60_000

export function createThrottledFetch(options: ThrottledFetchOptions) {
  const stats: ThrottleStats = { throttled: 0, waitedMs: 0, keptAnswers: 0 }
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000
  const spacingMs = options.requestsPerSecond === undefined ? 0 : 1000 / options.requestsPerSecond
  let nextSlot = 0

  /** `keep429`: a 429 is the answer, never waited out (what the sign-in brake check counts) */
  async function send(url: string, init: RequestInit & { method: string }, keep429 = false): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      if (spacingMs > 0) {
        const now = performance.now()
        const slot = Math.max(now, nextSlot)
        nextSlot = slot + spacingMs
        if (slot > now) await sleep(slot - now)
      }
      const response = await fetchRetryingIdempotent(options.doFetch, url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) })
      if (response.status !== 429 || keep429) return response
      const wait = retryAfterMs(response.headers.get('retry-after'))
      if (wait === undefined || wait > maxRetryWaitMs || attempt >= maxThrottleRetries || stats.waitedMs + wait > maxThrottleWaitPerRunMs) {
        stats.keptAnswers += 1
        return response
      }
      await response.body?.cancel()
      stats.throttled += 1
      stats.waitedMs += wait
      await sleep(wait)
    }
  }

  return { send, stats: stats as Readonly<ThrottleStats> }
}
