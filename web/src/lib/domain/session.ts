// The signed-in session as the app sees it: whether a token is held, how it was opened, and where
// the user was headed when sign-in was asked for. The token itself lives in request-context
// (cookie + local storage "auth._token.local", 30 days); this module adds change notification.
import { useSyncExternalStore } from 'react'
import { getToken, onSessionChangedElsewhere, setToken } from '@/lib/api/request-context.universal'
import { forgetOfflineData } from '@/lib/browser/offline-data'

/** How the session was opened: a session from a mailed link may set a password without the current one. */
export type SessionVia = 'password' | 'link'

export const SESSION_VIA_KEY = 'portal.sessionVia'
/** Where to go after signing in. sessionStorage: per tab, gone with it, never in a URL. */
export const RETURN_TO_KEY = 'portal.returnTo'

type Listener = () => void
const listeners = new Set<Listener>()
const emit = () => listeners.forEach((listener) => listener())

const storage = (kind: 'local' | 'session'): Storage | null => {
  try {
    return kind === 'local' ? (globalThis.localStorage ?? null) : (globalThis.sessionStorage ?? null)
  } catch {
    return null
  }
}

export const sessionStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    // another tab signed in or out
    const stopWatching = onSessionChangedElsewhere(listener)
    return () => {
      listeners.delete(listener)
      stopWatching()
    }
  },
  getSnapshot: (): boolean => Boolean(getToken()),
}

export const isSignedIn = (): boolean => Boolean(getToken())

/**
 * True while a token is held; re-renders on sign-in and sign-out (also from other tabs). `assumed` is
 * what a page rendered where no token can be read says (the production server's frame, and the browser
 * hydrating it: app/shell/render-shell.tsx): signed in on the pages only a customer sees.
 */
export function useSignedIn(assumed = false): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, () => assumed)
}

// Whoever signs in or out, nothing the last customer left for offline reading stays (issue 16).
export function signIn(token: string, via: SessionVia): void {
  void forgetOfflineData()
  setToken(token)
  storage('local')?.setItem(SESSION_VIA_KEY, via)
  emit()
}

export function signOut(): void {
  void forgetOfflineData()
  setToken(null)
  storage('local')?.removeItem(SESSION_VIA_KEY)
  emit()
}

export function sessionVia(): SessionVia | null {
  const value = storage('local')?.getItem(SESSION_VIA_KEY)
  return value === 'password' || value === 'link' ? value : null
}

// Pages that sign in: never a place to come back to.
const SIGN_IN_PATHS = [/^\/auth\/login\/?$/, /^\/auth\/autologin(\/|$)/, /^\/login\/?$/, /^\/auth\/remember\/?$/]

/**
 * The path if it is safe to navigate to after sign-in: same-origin (starts with one "/", no
 * scheme, no backslash tricks) and not a sign-in page. Anything else is null.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, 'http://portal.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://portal.invalid') return null
  if (SIGN_IN_PATHS.some((re) => re.test(url.pathname))) return null
  return `${url.pathname}${url.search}`
}

/** Remembers where the user was headed (path and query, never a fragment). */
export function rememberReturnTo(path: string): void {
  const safe = safeReturnPath(path)
  if (safe) storage('session')?.setItem(RETURN_TO_KEY, safe)
}

/** Where to go after signing in, read once. */
export function takeReturnTo(): string | null {
  const store = storage('session')
  const value = safeReturnPath(store?.getItem(RETURN_TO_KEY))
  store?.removeItem(RETURN_TO_KEY)
  return value
}

export function peekReturnTo(): string | null {
  return safeReturnPath(storage('session')?.getItem(RETURN_TO_KEY))
}
