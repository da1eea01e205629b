// Answers to the first reads of a page, started by the production server's inline script before the
// app's code arrived (web/server/early-reads.ts). The client takes one when its own request would be
// exactly that one (address, token, agency, language), once, within seconds of the page load;
// anything else (another session or language, a failed or late read) is asked for again.

import { detectLocale, type Locale } from '../i18n/locales.universal.ts'
import { startNumberDataWorker } from '../i18n/number-data.universal.ts'
import { yieldToBrowser } from '../browser/main-thread.universal.ts'
import { getToken, identityHeaders, tokenFromCookies } from './request-context.universal.ts'

/** After this, a read started with the page is too old to stand for a new one. */
export const EARLY_READ_MAX_AGE_MS = 15_000

export type EarlyReads = {
  key: string
  at: number
  reads: Record<string, Promise<Response> | undefined>
  /** the session and the language the script read, for the app to start from (takeEarlySession) */
  session?: { token: string | null; language: Locale }
}

/** The script's cookie read while it is under way (the reads start once it is done), and whether the app gave up on it. */
export type EarlyCookieRead = { settled: Promise<void>; abandoned: boolean }

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging into Window needs an interface
  interface Window {
    __EARLY_READS__?: EarlyReads
    __EARLY_COOKIE_READ__?: EarlyCookieRead
  }
}

/** The same for the script and the client: whose request it is, in which language. */
/** Until when what the script started and read stands for the client's own. */
const freshUntil = (early: EarlyReads) => early.at + EARLY_READ_MAX_AGE_MS

export const earlyReadKey = (token: string | null, agencyId: string | null, language: string) => `${token ?? ''}|${agencyId ?? ''}|${language}`

/** The answer started early for `url` with these credentials, if there is one still to take. */
export function takeEarlyRead(url: string, key: string, now = Date.now()): Promise<Response> | null {
  if (typeof window === 'undefined') return null
  const early = window.__EARLY_READS__
  const read = early?.reads[url]
  if (!early || !read) return null
  // taken or not, it is not offered twice
  delete early.reads[url]
  if (early.key !== key || now > freshUntil(early)) return null
  return read
}

export type EarlySession = { token: string | null; language: Locale; until: number }

/**
 * The session and the language the page's script read, once, while its reads are fresh: the app starts from them
 * rather than reading the cookie again (a synchronous call to the browser's network process, 0.6–7 ms of the
 * start-up's task here, more on a phone whose browser is busy loading the page). Null when there is none or it is old.
 */
export function takeEarlySession(now = Date.now()): EarlySession | null {
  if (typeof window === 'undefined') return null
  const early = window.__EARLY_READS__
  const session = early?.session
  if (!early || !session) return null
  delete early.session
  const until = freshUntil(early)
  return now > until ? null : { ...session, until }
}

// The starting side, run by the page's inline script (./early-reads-script.ts).

export const EARLY_READS_DATA_ID = 'early-reads-data'

export type EarlyReadsData = {
  /** started in any case (public pages); `:id` stands for the page's id (`params`) */
  always: string[]
  /** started only when the browser holds a session */
  withToken: string[]
  /** where each `:name` of the addresses is in the page's address: its segment (`/booking/b-1`: id at 1) */
  params: Record<string, number>
  agency: string
  /** the API's base address, without a trailing slash */
  base: string
}

/**
 * The addresses with the page's own ids in them, as React Router gives the page its params (decoded);
 * one whose id the address lacks (or cannot decode) is left out.
 */
export function fillAddresses(templates: readonly string[], params: Readonly<Record<string, number>>, pathname: string): string[] {
  const segments = pathname.split('/').filter((segment) => segment !== '')
  const filled: string[] = []
  for (const template of templates) {
    let complete = true
    const path = template.replace(/:(\w+)/g, (_match, name: string) => {
      const at = Object.hasOwn(params, name) ? params[name] : undefined
      const segment = at === undefined ? undefined : segments[at]
      let value = ''
      try {
        value = segment === undefined ? '' : decodeURIComponent(segment)
      } catch {
        value = ''
      }
      if (value === '') complete = false
      return value
    })
    if (complete) filled.push(path)
  }
  return filled
}

/**
 * On `<html>`, set by the page's script: whether the browser holds a session ("in", "out"; "pending" while it reads
 * the cookies without blocking). The frame the server drew before the app (the same for everyone) guesses the
 * header's sign-in state; the mark lets its stylesheet hide a wrong guess (web/src/app/layouts/layouts.css) until
 * the app draws the header itself.
 */
export const SESSION_MARK_ATTRIBUTE = 'data-session'

type CookieStoreLike = { getAll(): Promise<{ name: string; value: string }[]> }

/**
 * The page's cookies (`name=value; …`), read without holding the main thread where the browser can: the Cookie Store
 * API (Chromium, Safari 18.4+). `document.cookie`'s first read in a page is a synchronous call to the browser's network
 * service, busy loading the page just then: 0.4–4 ms here, 62 ms in one run of ten (decision 047). Null elsewhere.
 */
function cookiesWithoutWaiting(): Promise<string> | null {
  const store = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore
  if (typeof store?.getAll !== 'function') return null
  return store.getAll().then((cookies) => cookies.map(({ name, value }) => `${name}=${value}`).join('; '))
}

export function startEarlyReads(data: EarlyReadsData, pathname: string): void {
  // ICU's number data, loading on a thread of its own while the page loads its code and its data (decision 048), in
  // the language the page is drawn in (no cookie read: it would wait for the browser's network service)
  startNumberDataWorker(detectLocale(''))
  const cookies = cookiesWithoutWaiting()
  if (!cookies) return startReads(data, pathname, getToken(), detectLocale())
  // Until the cookies are read, the frame's header shows neither guess (layouts.css): the first paint may come first.
  document.documentElement.setAttribute(SESSION_MARK_ATTRIBUTE, 'pending')
  const start = (token: string | null, language: Locale) => {
    // the app started without them (earlyReadsSettled): it asks for its data itself
    if (!read.abandoned) startReads(data, pathname, token, language)
  }
  const read: EarlyCookieRead = {
    abandoned: false,
    settled: cookies.then(
      (all) => start(tokenFromCookies(all), detectLocale(all)),
      () => start(getToken(), detectLocale()),
    ),
  }
  window.__EARLY_COOKIE_READ__ = read
}

/** How long the app waits for the script's cookie read before it reads the session itself. */
export const EARLY_COOKIE_READ_WAIT_MS = 1_000

/**
 * Resolves once the page's script has read the cookies and started its reads, at once when it read them as the
 * page parsed or there is no script; the app starts after it (main.tsx), so it takes those reads instead of asking
 * again. A read that takes longer than `waitMs` is given up: the script then starts nothing.
 */
export function earlyReadsSettled(waitMs = EARLY_COOKIE_READ_WAIT_MS): Promise<void> {
  const read = typeof window === 'undefined' ? undefined : window.__EARLY_COOKIE_READ__
  if (!read) return Promise.resolve()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      read.abandoned = true
      resolve()
    }, waitMs)
  })
  return Promise.race([read.settled, late]).finally(() => clearTimeout(timer))
}

function startReads(data: EarlyReadsData, pathname: string, token: string | null, language: Locale): void {
  document.documentElement.setAttribute(SESSION_MARK_ATTRIBUTE, token ? 'in' : 'out')
  const paths = fillAddresses(token ? [...data.always, ...data.withToken] : data.always, data.params, pathname)
  if (paths.length === 0) return
  const headers = identityHeaders(token, data.agency, language)
  const reads: EarlyReads['reads'] = {}
  for (const path of paths) {
    const url = data.base + path
    // Each read starts in a task of its own, right after the page's parse (a yield resumes ahead of other
    // queued tasks): while a page loads, a fetch() holds the main thread 0.1–9 ms, and the eight of a
    // checkout, made here, made the parse's task a long one.
    const read = yieldToBrowser().then(() => fetch(url, { headers, credentials: 'same-origin' }))
    // a failure is the client's to see when it takes the read (it then asks again)
    read.catch(() => undefined)
    reads[url] = read
  }
  window.__EARLY_READS__ = { key: earlyReadKey(token, data.agency, language), at: Date.now(), reads, session: { token, language } }
}
