import { i18n, type Messages } from '@lingui/core'
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n-locales'

// Language lives in a cookie, never in the URL (SPEC §2, §9).
export const LANG_COOKIE = 'lang'
export const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** Value of the `lang` cookie if it names a supported locale. */
export function localeFromCookie(cookieHeader: string): Locale | undefined {
  for (const pair of cookieHeader.split(';')) {
    const [rawName, ...rest] = pair.split('=')
    if (rawName?.trim() !== LANG_COOKIE) continue
    const value = decodeURIComponent(rest.join('=').trim()).toLowerCase()
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

export function detectLocale(): Locale {
  return resolveLocale({
    cookie: typeof document === 'undefined' ? '' : document.cookie,
    languages:
      typeof navigator === 'undefined'
        ? []
        : navigator.languages?.length
          ? navigator.languages
          : [navigator.language],
  })
}

export function langCookie(locale: Locale): string {
  return `${LANG_COOKIE}=${locale}; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`
}

// Explicit loaders (not a template import) so each part is its own lazy chunk and an unknown
// locale is a type error. Each catalog comes in two parts (web/catalog-split.ts): the messages of the
// first bundle (shell, sign-in page, error texts) and the rest (the lazy pages).
const catalogParts: Record<Locale, Record<'startup' | 'rest', () => Promise<{ messages: Messages }>>> = {
  es: { startup: () => import('@/locales/es/messages.po?catalog=startup'), rest: () => import('@/locales/es/messages.po?catalog=rest') },
  en: { startup: () => import('@/locales/en/messages.po?catalog=startup'), rest: () => import('@/locales/en/messages.po?catalog=rest') },
}

let pendingLocale: Locale | undefined
let activation: Promise<void> = Promise.resolve()
// Whether the lazy pages' messages are wanted: always, except from start-up (initI18n) until the
// first lazy page asks for them (loadFullCatalog).
let restWanted = true
const restLoaded = new Set<Locale>()

/** Loads the catalog (once), activates it and sets <html lang>. */
export function activateLocale(locale: Locale): Promise<void> {
  pendingLocale = locale
  activation = (async () => {
    const withRest = restWanted
    const parts = await Promise.all([catalogParts[locale].startup(), ...(withRest ? [catalogParts[locale].rest()] : [])])
    // A later call won while this catalog was loading: don't flip back.
    if (pendingLocale !== locale) return
    i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((part) => part.messages)) })
    if (withRest) restLoaded.add(locale)
    else restLoaded.delete(locale)
    if (typeof document !== 'undefined') document.documentElement.lang = locale
  })()
  return activation
}

/**
 * The lazy pages' messages too, for the active language (and every later one). The router waits for
 * it alongside every lazy page's code. Loading them keeps the language (i18n emits "change").
 */
export async function loadFullCatalog(): Promise<void> {
  restWanted = true
  await activation
  const locale = i18n.locale
  if (!isLocale(locale) || restLoaded.has(locale)) return
  const { messages } = await catalogParts[locale].rest()
  if (i18n.locale !== locale || restLoaded.has(locale)) return
  i18n.load(locale, messages)
  restLoaded.add(locale)
}

/** Persists the choice for 365 days and switches the UI without a reload. */
export async function switchLocale(locale: Locale): Promise<void> {
  if (typeof document !== 'undefined') document.cookie = langCookie(locale)
  await activateLocale(locale)
}

/** Call once before the first render so nothing flashes in the wrong language (the first bundle's messages only). */
export async function initI18n(): Promise<Locale> {
  restWanted = false
  const locale = detectLocale()
  await activateLocale(locale)
  return locale
}
