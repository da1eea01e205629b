import type { Runtime } from '../runtime/runtime.ts'

// The control API's request journal (GET /__mock/journal), in the spirit of WireMock's request log.
// Deliberately not part of the World: it is diagnostics, must not survive a reset or be persisted,
// and must never hold credentials, so every entry is masked on the way in.

export type JournalEntry = {
  id: number
  /** ISO instant the request arrived (wall clock, not the runtime's simulated clock) */
  time: string
  method: string
  /** path and query, with secret query values masked */
  path: string
  /** HTTP status; 0 when the mock dropped the connection (flaky scenario) */
  status: number
  /** the agencyId header, if any */
  agency: string | null
  durationMs: number
  /** an excerpt of the request body with secrets masked; absent for bodiless requests */
  body?: string
}

export type Journal = {
  readonly capacity: number
  record(entry: Omit<JournalEntry, 'id'>): void
  /** newest first */
  list(limit?: number): JournalEntry[]
  clear(): void
}

export const JOURNAL_CAPACITY = 500
const BODY_EXCERPT_CHARS = 1000

export const createJournal = (capacity: number = JOURNAL_CAPACITY): Journal => {
  // A fixed ring: recording is O(1) and memory stays bounded however long the mock runs.
  const ring: (JournalEntry | undefined)[] = new Array(capacity)
  let next = 0
  let nextId = 1
  return {
    capacity,
    record(entry) {
      ring[next] = { id: nextId, ...entry }
      nextId += 1
      next = (next + 1) % capacity
    },
    list(limit = capacity) {
      const out: JournalEntry[] = []
      for (let i = 1; i <= capacity && out.length < limit; i += 1) {
        const entry = ring[(next - i + capacity) % capacity]
        if (entry === undefined) break
        out.push(entry)
      }
      return out
    },
    clear() {
      ring.fill(undefined)
      next = 0
    },
  }
}

// One journal per runtime, found from the runtime, so createControlHandlers(rt) and whatever serves
// the requests (node:http server, msw/node, the service worker) share it without a wider signature.
const journals = new WeakMap<Runtime, Journal>()

export const journalFor = (rt: Runtime): Journal => {
  let journal = journals.get(rt)
  if (journal === undefined) {
    journal = createJournal()
    journals.set(rt, journal)
  }
  return journal
}

// ── masking ──

const SECRET_NAME = /token|password|passwd|secret|signature|authorization|cookie|cvv|card_?number|^code$/i
const MASK = '***'

const isSecretName = (name: string): boolean => {
  let decoded = name
  try {
    decoded = decodeURIComponent(name)
  } catch {
    // A malformed escape: judge the raw name.
  }
  return SECRET_NAME.test(decoded)
}

/**
 * Masks secrets inside free text: `token=…` pairs (urls, form bodies), `"token": "…"` pairs (JSON
 * that did not parse, e.g. truncated) and bearer tokens.
 */
export const maskText = (text: string): string => {
  // Most paths carry nothing to mask: no pair, no quote, no credentials scheme.
  if (!/[="]|bearer|basic/i.test(text)) return text
  return text
    .replace(/"([^"\\]{1,64})"(\s*:\s*)"(?:[^"\\]|\\.)*("?)/g, (whole, name: string, colon: string, close: string) =>
      isSecretName(name) ? `"${name}"${colon}"${MASK}${close}` : whole,
    )
    .replace(/([?&;#]|^)([^=&#?;\s"']+)=([^&#;\s"']*)/g, (whole, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=${MASK}` : whole))
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${MASK}`)
}

/** Masks a path with its query string. */
export const maskUrl = (pathAndQuery: string): string => maskText(pathAndQuery)

const maskJsonValue = (value: unknown, key?: string): unknown => {
  if (key !== undefined && isSecretName(key) && value !== null && value !== '') return MASK
  if (typeof value === 'string') return maskText(value)
  if (Array.isArray(value)) return value.map((item) => maskJsonValue(item))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskJsonValue(v, k)]))
  }
  return value
}

/**
 * A masked, bounded excerpt of a request body for the journal. JSON is masked by key (any key that
 * looks like a token, password, signature…), forms by field name; other bodies are only described,
 * since uploads are binary and large.
 */
export const maskBody = (text: string, contentType: string | null): string | undefined => {
  if (text === '') return undefined
  const type = (contentType ?? '').toLowerCase()
  let masked: string
  if (type.includes('json') || (type === '' && /^\s*[[{]/.test(text))) {
    try {
      masked = JSON.stringify(maskJsonValue(JSON.parse(text)))
    } catch {
      // Invalid JSON is journaled too (it is often why someone opens the journal), masked as text.
      masked = maskText(text)
    }
  } else if (type.includes('x-www-form-urlencoded')) {
    masked = maskText(text)
  } else if (type.startsWith('text/')) {
    masked = maskText(text)
  } else {
    return `[${new TextEncoder().encode(text).length} bytes ${type || 'unknown type'}]`
  }
  return masked.length > BODY_EXCERPT_CHARS ? `${masked.slice(0, BODY_EXCERPT_CHARS)}…` : masked
}

/** Requests that would only clutter the journal: reading the journal itself. */
export const isJournalRead = (method: string, pathname: string): boolean => method === 'GET' && /\/__mock\/journal\/?$/.test(pathname)
