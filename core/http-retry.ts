// Framework-free: the portal (browser), the CLI and the tests share this one rule.

/** RFC 9110 §9.2.2: a method whose repetition has the same effect on the server as one request. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])

export const isIdempotentMethod = (method: string | undefined): boolean => IDEMPOTENT_METHODS.has((method ?? 'GET').toUpperCase())

/**
 * fetch, with the one retry browsers make (RFC 9112 §9.3.1). A kept-alive connection that the server
 * closes just as the client reuses it fails before any answer: the request never reached a handler.
 * fetch reports that, as any other failure to get an answer, as a TypeError. An idempotent request is
 * then sent once more (on a new connection: the failed one is gone); a non-idempotent one never is,
 * since the client cannot know whether the server acted on it. Aborts and timeouts are not retried.
 */
export const fetchRetryingIdempotent = async (doFetch: typeof fetch, input: string | URL, init: RequestInit = {}): Promise<Response> => {
  try {
    return await doFetch(input, init)
  } catch (error) {
    if (!(error instanceof TypeError) || !isIdempotentMethod(init.method) || init.signal?.aborted === true) throw error
    return doFetch(input, init)
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // an HTTP date names its month and its time of day (IMF-fixdate, or the obsolete RFC 850 and asctime forms);
  // Date.parse alone would also read "-5" or "1.5" as dates
  if (!HTTP_DATE.test(trimmed)) return undefined
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

const HTTP_DATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b.*\b\d{2}:\d{2}:\d{2}\b/
