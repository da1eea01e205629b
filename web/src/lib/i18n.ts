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

// Explicit loaders (not a template import) so each catalog is its own lazy
// chunk and an unknown locale is a type error.
const catalogLoaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  es: () => import('@/locales/es/messages.po'),
  en: () => import('@/locales/en/messages.po'),
}

let pendingLocale: Locale | undefined

/** Loads the catalog (once), activates it and sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  pendingLocale = locale
  const { messages } = await catalogLoaders[locale]()
  // A later call won while this catalog was loading: don't flip back.
  if (pendingLocale !== locale) return
  i18n.loadAndActivate({ locale, messages })
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** Persists the choice for 365 days and switches the UI without a reload. */
export async function switchLocale(locale: Locale): Promise<void> {
  if (typeof document !== 'undefined') document.cookie = langCookie(locale)
  await activateLocale(locale)
}

/** Call once before the first render so nothing flashes in the wrong language. */
export async function initI18n(): Promise<Locale> {
  const locale = detectLocale()
  await activateLocale(locale)
  return locale
}
