// Kept apart from i18n.ts (the catalog loaders): pure, so format.ts, the production server and the
// early-reads script (web/src/lib/api/early-reads-script.ts) pick the language by the same rule.
import type { Messages } from '@lingui/core'
import { Language } from '@contract/generated/model/language'

// The languages are the contract's (Language): a third one added there reaches the portal's menu.
export type Locale = Language
export const locales: readonly Locale[] = Object.values(Language)
export const defaultLocale: Locale = 'es'

/** Each language in its own words (its autonym): not translated, shown with its `lang` (docs/decisions/015). */
export const localeNames: Record<Locale, string> = { es: 'Español', en: 'English' }

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (locales as readonly string[]).includes(value)

// Language lives in a cookie, never in the URL (SPEC §2, §9).
export const LANG_COOKIE = 'lang'
export const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

// A cookie is whatever the browser (or anyone) sends: a malformed escape is no language, not an error.
const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Value of the `lang` cookie if it names a supported locale. */
export function localeFromCookie(cookieHeader: string): Locale | undefined {
  for (const pair of cookieHeader.split(';')) {
    const [rawName, ...rest] = pair.split('=')
    if (rawName?.trim() !== LANG_COOKIE) continue
    const value = safeDecode(rest.join('=').trim()).toLowerCase()
    if (isLocale(value)) return value
  }
  return undefined
}

/** First supported language in the browser's preference list ("en-GB" → "en"). */
export function localeFromNavigator(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase()
    if (isLocale(primary)) return primary
  }
  return undefined
}

export type LocaleSources = { cookie: string; languages: readonly string[] }

/** Cookie, then browser language, then Spanish. */
export function resolveLocale({ cookie, languages }: LocaleSources): Locale {
  return localeFromCookie(cookie) ?? localeFromNavigator(languages) ?? defaultLocale
}

/** The languages of an Accept-Language header, in the order given ("en-GB,en;q=0.9" → ["en-GB", "en"]). */
export const acceptLanguageTags = (header: string): string[] =>
  header
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean)

/** Marks a page whose `<html lang>` the production server chose, by the same rule, from the request (web/server/index-html.ts). */
export const SERVER_LANG_ATTRIBUTE = 'data-server-lang'

/**
 * The element of a page's HTML holding its language's first catalog part (`{ locale, messages }`, JSON), written
 * by the production server with the page's frame: the texts the frame was drawn with, one request fewer before
 * the first render (web/src/lib/i18n/lingui.ts reads it once).
 */
export const STARTUP_MESSAGES_ID = 'startup-messages'
export type StartupMessages = { locale: Locale; messages: Messages }

/**
 * In the browser: the cookie (from `cookies` when they were read a moment ago), then the language the server drew
 * the page in (it read the Accept-Language the browser sent; a browser whose own list says otherwise, like a
 * headless one sending none, must not switch a page already painted), then the browser's languages.
 */
export function detectLocale(cookies?: string): Locale {
  const root = typeof document === 'undefined' ? null : document.documentElement
  const drawnIn = root?.hasAttribute(SERVER_LANG_ATTRIBUTE) ? [root.lang] : []
  return resolveLocale({
    cookie: cookies ?? (typeof document === 'undefined' ? '' : document.cookie),
    languages: [...drawnIn, ...(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language])],
  })
}

export function langCookie(locale: Locale): string {
  return `${LANG_COOKIE}=${locale}; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`
}
