// What every API call carries besides its own parameters. The app shell fills it in
// (agency from the host, language from the i18n module, token from the session);
// the fetch mutator reads it. Kept free of React so tests and non-React code can use it.

import type { Locale } from '@/lib/i18n/locales.universal'
import { runSoonWhenIdle } from '@/lib/browser/main-thread.universal'
export const TOKEN_KEY = 'auth._token.local'
export const TOKEN_MAX_AGE_SECONDS = 2_592_000 // 30 days (SPEC §9)

type Listener = () => void

const state: {
  agencyId: string | null
  language: Locale
  onUnauthorized: Listener | null
} = { agencyId: null, language: 'es', onUnauthorized: null }

export const setAgencyId = (agencyId: string | null) => {
  state.agencyId = agencyId
}
export const getAgencyId = () => state.agencyId

export const setRequestLanguage = (language: Locale) => {
  state.language = language
}
export const getRequestLanguage = () => state.language

/** Called once by the app: what to do when any call answers 401 (sign out, go to login). */
export const setUnauthorizedHandler = (listener: Listener | null) => {
  state.onUnauthorized = listener
}
export const notifyUnauthorized = () => state.onUnauthorized?.()

/** The headers that say who asks, for which agency, in which language: the client's and the early-reads script's. */
export const identityHeaders = (token: string | null, agencyId: string | null, language: string): Record<string, string> => ({
  ...(token && { Authorization: `Bearer ${token}` }),
  ...(agencyId && { agencyId }),
  'Accept-Language': language,
})

const hasDom = () => typeof document !== 'undefined'

const readCookie = (name: string, cookies: string): string | null => {
  const prefix = `${encodeURIComponent(name)}=`
  const found = cookies.split('; ').find((part) => part.startsWith(prefix))
  return found ? decodeURIComponent(found.slice(prefix.length)) : null
}

const writeCookie = (name: string, value: string | null, maxAgeSeconds: number) => {
  if (!hasDom()) return
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie =
    value === null
      ? `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`
}

type StoredToken = { token: string; expiresAt: number }

// What was last read or written, until it expires. Every render that asks whether someone is signed in reads the
// token, and `document.cookie` is a synchronous call to the browser's network process: 3–12 ms of a page's start
// unthrottled. Another tab's sign-in or sign-out changes local storage, whose event forgets what is held here.
let held: { token: string | null; until: number } | undefined

/** How long after the page's start it listens for other tabs (then when the browser is idle, 2 s later at most). */
export const OTHER_TABS_WATCH_DELAY_MS = 1_000
const otherTabsListeners = new Set<() => void>()
let watchingOtherTabs = false
const sessionChangedElsewhere = () => {
  held = undefined
  otherTabsListeners.forEach((listener) => listener())
}
// Listening for local storage's event makes Chromium open the origin's local and session storage there and then (a
// synchronous call to the browser: 1.4–4.5 ms of the app's start on this host, decision 047's amendment). So the page
// listens once it has loaded and the browser is idle, and then forgets what it held and tells its listeners: a
// change another tab made meanwhile is read afresh.
const watchOtherTabs = () => {
  if (watchingOtherTabs || typeof window === 'undefined') return
  watchingOtherTabs = true
  // the window of the page that asked, held: it can be gone by the time this runs (closed, or a test's page taken down
  // on a busy machine, the global and its methods with it), and then there is nothing to listen to
  const page = window
  runSoonWhenIdle(
    () => {
      if (page.closed || typeof page.addEventListener !== 'function') return
      page.addEventListener('storage', (event) => {
        if (event.key === null || event.key === TOKEN_KEY) sessionChangedElsewhere()
      })
      sessionChangedElsewhere()
    },
    OTHER_TABS_WATCH_DELAY_MS,
    2 * OTHER_TABS_WATCH_DELAY_MS,
  )
}

/**
 * Calls `listener` when another tab signs in or out, and once when the page starts listening for that (a second
 * or so after its start). Returns what stops it.
 */
export const onSessionChangedElsewhere = (listener: () => void): (() => void) => {
  watchOtherTabs()
  otherTabsListeners.add(listener)
  return () => otherTabsListeners.delete(listener)
}

// The cookie first, local storage only when the cookie has none. Both are written together (setToken), so they
// agree; but a page's first use of local storage loads the origin's whole store from the browser process in a
// synchronous call, and in the page's inline script, while the browser is busy loading the page, that took 1–16 ms
// of the parse's task on this host (decision 047). The page's script reads the cookies without blocking where it can
// and hands them in (`cookies`); a signed-in load then makes no synchronous storage call.
const readStoredToken = (cookies: string): string | null => {
  // an emptied cookie is no session
  const fromCookie = readCookie(TOKEN_KEY, cookies) || null
  if (fromCookie) {
    held = { token: fromCookie, until: Number.POSITIVE_INFINITY }
    return fromCookie
  }
  const raw = localStorage.getItem(TOKEN_KEY)
  if (raw) {
    try {
      const stored = JSON.parse(raw) as StoredToken
      if (stored.expiresAt > Date.now()) {
        held = { token: stored.token, until: stored.expiresAt }
        return stored.token
      }
    } catch {
      // unreadable: no session
    }
    localStorage.removeItem(TOKEN_KEY)
  }
  held = { token: null, until: Number.POSITIVE_INFINITY }
  return null
}

/**
 * Holds a token read a moment ago by the page's script (early-reads.universal.ts), until `until`: the app's start
 * then reads neither store. Nothing is held over a token already held or set.
 */
export const holdToken = (token: string | null, until: number) => {
  if (!hasDom() || held !== undefined) return
  watchOtherTabs()
  held = { token, until }
}

/** The session token, kept in a cookie and in local storage (both prefixed "auth"), for 30 days. */
export const getToken = (): string | null => {
  if (!hasDom()) return null
  if (held && held.until > Date.now()) return held.token
  watchOtherTabs()
  return readStoredToken(document.cookie)
}

/**
 * The session token from cookies read a moment ago (`name=value; …`, as `document.cookie` gives them), else local
 * storage's: the page's script reads the cookies without blocking (./early-reads.universal.ts) and takes it from them.
 */
export const tokenFromCookies = (cookies: string): string | null => (hasDom() ? readStoredToken(cookies) : null)

export const setToken = (token: string | null) => {
  if (!hasDom()) return
  held = undefined
  if (token === null) {
    localStorage.removeItem(TOKEN_KEY)
    writeCookie(TOKEN_KEY, null, 0)
    return
  }
  const stored: StoredToken = { token, expiresAt: Date.now() + TOKEN_MAX_AGE_SECONDS * 1000 }
  localStorage.setItem(TOKEN_KEY, JSON.stringify(stored))
  writeCookie(TOKEN_KEY, token, TOKEN_MAX_AGE_SECONDS)
}
