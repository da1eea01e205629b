// Secrets that arrive in the address bar are taken out of it before anything else runs
// (main.tsx calls this first): a sign-in link /auth/autologin/{id}/{token} and the /login
// callback's #token=… fragment. The address is replaced (never pushed), so the secret is in
// neither the address bar nor the history; the app reads it from memory, once.
import { safeReturnPath } from '@/lib/domain/session'

export type LinkCredentials = { id: string; token: string }
export type CallbackToken = { token: string; redirect: string | null }

let pendingLink: LinkCredentials | null = null
let pendingCallback: CallbackToken | null = null

export const AUTOLOGIN_PATH = '/auth/autologin'
export const CALLBACK_PATH = '/login'

const decode = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

type Loc = Pick<Location, 'pathname' | 'hash' | 'search'>
type Hist = Pick<History, 'replaceState' | 'state'>

/** Moves link secrets from the address into memory; returns true when it rewrote the address. */
export function captureCredentialsFromUrl(loc: Loc = window.location, hist: Hist = window.history): boolean {
  const link = /^\/auth\/autologin\/([^/]+)\/([^/]+)\/?$/.exec(loc.pathname)
  if (link) {
    const id = decode(link[1]!)
    const token = decode(link[2]!)
    if (id && token) pendingLink = { id, token }
    hist.replaceState(hist.state, '', AUTOLOGIN_PATH)
    return true
  }
  if (/^\/auth\/autologin\/[^/]+\/?$/.test(loc.pathname)) {
    hist.replaceState(hist.state, '', AUTOLOGIN_PATH)
    return true
  }
  if (/^\/login\/?$/.test(loc.pathname) && loc.hash.length > 1) {
    const params = new URLSearchParams(loc.hash.slice(1))
    const token = params.get('token')
    if (token) pendingCallback = { token, redirect: safeReturnPath(params.get('redirect')) }
    hist.replaceState(hist.state, '', CALLBACK_PATH)
    return true
  }
  return false
}

/** The sign-in link's id and token, read once. */
export function takeLinkCredentials(): LinkCredentials | null {
  const value = pendingLink
  pendingLink = null
  return value
}

/** The /login callback's token, read once. */
export function takeCallbackToken(): CallbackToken | null {
  const value = pendingCallback
  pendingCallback = null
  return value
}

/** For a client-side navigation to a link address (rare: links come from e-mails). */
export function setLinkCredentials(value: LinkCredentials): void {
  pendingLink = value
}
