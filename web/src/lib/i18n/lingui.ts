import { i18n, type Messages } from '@lingui/core'
import { routeCatalogs } from 'virtual:route-catalogs'
import { detectLocale, isLocale, langCookie, type Locale, STARTUP_MESSAGES_ID, type StartupMessages } from '@/lib/i18n/locales.universal'
import { startNumberDataWorker } from '@/lib/i18n/number-data.universal'
import { ROUTE_MESSAGES_ID, type RouteMessages } from '@/lib/i18n/route-messages.universal'

// Explicit loaders (not a template import) so each part is its own lazy chunk and an unknown
// locale is a type error. Each catalog comes in two parts (web/catalog-split.ts): the messages of the
// first bundle (shell, sign-in page, error texts) and the rest (the lazy pages).
const catalogParts: Record<Locale, Record<'startup' | 'rest', () => Promise<{ messages: Messages }>>> = {
  es: { startup: () => import('@/locales/es/messages.po?catalog=startup'), rest: () => import('@/locales/es/messages.po?catalog=rest') },
  en: { startup: () => import('@/locales/en/messages.po?catalog=startup'), rest: () => import('@/locales/en/messages.po?catalog=rest') },
}

let pendingLocale: Locale | undefined
let activation: Promise<void> = Promise.resolve()
// Whether all the lazy messages are wanted: always, except from start-up (initI18n) until a part of a
// page that is not its route module asks for them (loadFullCatalog: a tab, a step, a dialog).
let restWanted = true
const restLoaded = new Set<Locale>()
// The route modules whose messages were asked for (loadRouteCatalog), and for which languages they are in.
const routesWanted = new Set<string>()
const routesLoaded = new Map<Locale, Set<string>>()

/**
 * What the production server wrote into the page as data for the app (a catalog part), read once per element:
 * null when there is none or it is unreadable (the part's own file is loaded instead).
 */
const inPage = new Map<string, unknown>()
function writtenInPage<T>(id: string): T | null {
  if (inPage.has(id)) return inPage.get(id) as T | null
  let value: T | null = null
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent
  try {
    if (text) value = JSON.parse(text) as T
  } catch {
    // unreadable: as if absent
  }
  inPage.set(id, value)
  return value
}

/** A language's first catalog part: the one in the page when it is that language's, else its chunk. */
const startupPart = (locale: Locale): Promise<{ messages: Messages }> => {
  const written = writtenInPage<StartupMessages>(STARTUP_MESSAGES_ID)
  return written?.locale === locale ? Promise.resolve({ messages: written.messages }) : catalogParts[locale].startup()
}

/** A route module's catalog part: the one in the page when it is that route's in that language, else its chunk. */
const routePart = (locale: Locale, route: string): Promise<{ messages: Messages }> => {
  const written = writtenInPage<RouteMessages>(ROUTE_MESSAGES_ID)
  if (written?.locale === locale && written.route === route) return Promise.resolve({ messages: written.messages })
  return routeCatalogs[locale]?.[route]?.() ?? Promise.resolve({ messages: {} as Messages })
}

/** Loads the catalog (once), activates it and sets <html lang>. */
export function activateLocale(locale: Locale): Promise<void> {
  pendingLocale = locale
  activation = (async () => {
    const withRest = restWanted
    const routes = withRest ? [] : [...routesWanted]
    const parts = await Promise.all([startupPart(locale), ...(withRest ? [catalogParts[locale].rest()] : routes.map((route) => routePart(locale, route)))])
    // A later call won while this catalog was loading: don't flip back.
    if (pendingLocale !== locale) return
    i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((part) => part.messages)) })
    if (withRest) restLoaded.add(locale)
    else restLoaded.delete(locale)
    routesLoaded.set(locale, new Set(routes))
    if (typeof document !== 'undefined') document.documentElement.lang = locale
  })()
  return activation
}

/**
 * Texts for parts of a page not drawn yet, added to the active language's catalog without Lingui's "change":
 * `i18n.load()` emits it, and every text on the page is then drawn again in one synchronous render
 * (`I18nProvider` is an external store), 38–50 ms on checkout when its next step preloads in the background;
 * the texts on the page are already in the catalog and do not change (a part waits for its texts with its
 * code, and `npm run budget` holds that the first bundle's are in its own part). A language switch still
 * goes through `loadAndActivate` and redraws everything. Lingui's `messages` is the active catalog itself,
 * not a copy (tests/web/lib/i18n/lingui.test.tsx holds it). Decision 032.
 */
function addToActiveCatalog(messages: Messages) {
  Object.assign(i18n.messages, messages)
}

/**
 * All the lazy messages, for the active language (and every later one): what a part of a page that
 * loads on its own (lib/lazy-component.ts) waits for with its code.
 */
export async function loadFullCatalog(): Promise<void> {
  restWanted = true
  await activation
  const locale = i18n.locale
  if (!isLocale(locale) || restLoaded.has(locale)) return
  const { messages } = await catalogParts[locale].rest()
  if (i18n.locale !== locale || restLoaded.has(locale)) return
  addToActiveCatalog(messages)
  restLoaded.add(locale)
}

/**
 * One route module's messages (web/src/app/routes/{route}.tsx and what it imports statically), for
 * the active language and every later one: the router waits for them alongside the page's code.
 */
export async function loadRouteCatalog(route: string): Promise<void> {
  routesWanted.add(route)
  await activation
  const locale = i18n.locale
  if (!isLocale(locale) || restLoaded.has(locale) || routesLoaded.get(locale)?.has(route)) return
  const { messages } = await routePart(locale, route)
  if (i18n.locale !== locale || restLoaded.has(locale)) return
  addToActiveCatalog(messages)
  routesLoaded.set(locale, new Set([...(routesLoaded.get(locale) ?? []), route]))
}

/** Persists the choice for 365 days and switches the UI without a reload. */
export async function switchLocale(locale: Locale): Promise<void> {
  if (typeof document !== 'undefined') document.cookie = langCookie(locale)
  await activateLocale(locale)
}

/**
 * Call once before the first render so nothing flashes in the wrong language (the first bundle's messages only);
 * `known`: the language the page's script already read (early-reads.universal.ts).
 */
export async function initI18n(known?: Locale): Promise<Locale> {
  restWanted = false
  const locale = known ?? detectLocale()
  // ICU's number data, off the main thread (lib/i18n/number-data.universal.ts): the page's script started it already,
  // unless there was none
  startNumberDataWorker(locale)
  await activateLocale(locale)
  return locale
}
