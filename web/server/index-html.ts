// The page the production server sends: the build's index.html with the agency's branding in the
// <head> (title, link preview, colours, app manifest), the agency's data for the app, the early reads and
// the first route's preloads. Pure functions of their inputs; portal-server.ts serves them.
import { createHash } from 'node:crypto'
import type { Agency } from '../../contract/generated/model/agency.ts'
import { escapeMarkup } from '../../core/markup.ts'
import { brandVariablesCss, DEFAULT_COLOURS, inlineJson, safeHex, sanitizeTenantCss } from '../src/lib/domain/branding.universal.ts'
import { type Locale, SERVER_LANG_ATTRIBUTE, STARTUP_MESSAGES_ID } from '../src/lib/i18n/locales.universal.ts'
import { VITALS_ATTRIBUTE, VITALS_SAMPLE_ATTRIBUTE } from '../src/config/vitals.universal.ts'
import type { Shell } from '../src/app/shell/shell.universal.ts'
import { ROUTE_MESSAGES_ID, type RouteMessages } from '../src/lib/i18n/route-messages.universal.ts'
import { earlyReadsTags } from './early-reads.ts'
import { type EarlyReads, matchPage } from './page-routes.ts'
import { ICON_PATH, MANIFEST_PATH } from './web-app-manifest.ts'

/** The branded <head> additions for an agency (or the neutral defaults when none was found). */
export const brandedHead = (agency: Agency | null): string => {
  const title = agency ? escapeMarkup(agency.name) : 'Portal de viajes'
  const description = agency
    ? `${escapeMarkup(agency.name)}: reservas, pagos y documentación de tus viajes en grupo.`
    : 'Reservas, pagos y documentación de tus viajes en grupo.'
  const parts = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:site_name" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    // installable as the agency's own app (web-app-manifest.ts)
    `<link rel="manifest" href="${MANIFEST_PATH}" />`,
    `<link rel="icon" href="${ICON_PATH}" type="image/svg+xml" />`,
    `<meta name="theme-color" content="${safeHex(agency?.color1, DEFAULT_COLOURS.color1)}" />`,
    `<style id="brand-vars">${brandVariablesCss(agency)}</style>`,
  ]
  if (agency?.logo)
    parts.push(`<meta property="og:image" content="${escapeMarkup(agency.logo.images.original.startsWith('data:') ? '' : agency.logo.images.original)}" />`)
  if (agency?.css_extra) parts.push(`<style id="brand-extra">${sanitizeTenantCss(agency.css_extra)}</style>`)
  // the page never sees the raw extra CSS, only its neutralized form
  const pageAgency = agency ? { ...agency, css_extra: agency.css_extra ? sanitizeTenantCss(agency.css_extra) : null } : null
  parts.push(`<script>window.__AGENCY__=${inlineJson(pageAgency)};</script>`)
  return parts.join('\n    ')
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[]; assets?: string[] }
export type BuildManifest = Record<string, ManifestChunk>

const closure = (manifest: BuildManifest, key: string, into = new Set<string>()): Set<string> => {
  if (into.has(key) || !manifest[key]) return into
  into.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into)
  return into
}

/**
 * What the page at `pathname` will load right after the entry: its language's part of the catalog
 * (web/catalog-split.ts) and, for a lazy route, its chunk, that chunk's imports and CSS, and the route's
 * part of the catalog. Announced in the HTML, they download alongside the entry instead of after it.
 */
export type Preloads = {
  /** needed before the first render (the language's first catalog part) */
  first: string[]
  /** the page's lazy chunk and its imports: needed right after */
  js: string[]
  css: string[]
  /** the route module's part of the catalog, needed with its chunk: not announced when the page carries it */
  texts: string[]
}

export const pagePreloads = (manifest: BuildManifest | null, pathname: string, locale: Locale): Preloads => {
  if (!manifest) return { first: [], js: [], css: [], texts: [] }
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  const loaded = entry ? closure(manifest, entry) : new Set<string>()
  const first = closure(manifest, `src/locales/${locale}/messages.po?catalog=startup`)
  const later = new Set<string>()
  const texts = new Set<string>()
  const page = matchPage(pathname)
  if (page && !page.firstBundle) {
    closure(manifest, page.module, later)
    // the route module's own part of the catalog (web/catalog-split.ts)
    closure(manifest, `src/locales/${locale}/messages.po?catalog=route-${page.route.page}`, texts)
  }
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []))
  const files = (keys: Iterable<string>) =>
    [...keys]
      .filter((key) => !loaded.has(key))
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
  return {
    first: files(first),
    js: files([...later].filter((key) => !first.has(key))),
    texts: files([...texts].filter((key) => !first.has(key) && !later.has(key))),
    css: [...new Set([...later].filter((key) => !loaded.has(key)).flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loadedCss.has(file)),
  }
}

// The page's own chunks at low priority: they load alongside the entry without competing with what
// the first paint needs (the entry, its stylesheet, the first catalog part).
const preloadTags = (preloads: Preloads): string =>
  [
    ...preloads.first.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeMarkup(file)}" />`),
    ...[...preloads.js, ...preloads.texts].map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeMarkup(file)}" />`),
    ...preloads.css.map((file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${escapeMarkup(file)}" />`),
  ].join('\n    ')

/**
 * Painted from the HTML while the app loads (replaced by its first render): the agency's name, so the
 * screen is not blank on a slow connection. Decorative: the app's own page is what is announced.
 */
export const bootSplash = (agency: Agency | null): { style: string; markup: string } => ({
  style: `<style id="boot-splash-style">.boot-splash{box-sizing:border-box;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1.5rem;margin:0;font:800 1.25rem/1.2 system-ui,sans-serif;color:var(--brand-3,#1e293b);text-align:center}</style>`,
  markup: `<p class="boot-splash" aria-hidden="true">${agency ? escapeMarkup(agency.name) : 'Portal de viajes'}</p>`,
})

export type PageParts = {
  /** the page's chunks and catalog parts to announce (pagePreloads) */
  preloads?: Preloads
  /** the page's first API reads and the script that starts them */
  early?: { reads: EarlyReads; apiBase: string; script: string } | null
  locale?: Locale
  /** the page's frame for #root, and the page it frames (web/src/app/shell/render-shell.tsx) */
  shell?: Shell | null
  /** where the page sends its vitals (web/server/rum-beacon.ts) and the share of page views that do, when the server takes them */
  rum?: { path: string; sample: number } | null
  /** the page's route module's part of the catalog (the build's copy), carried instead of announced */
  routeMessages?: RouteMessages | null
}

const vitalsAttributes = (rum: PageParts['rum']): string =>
  rum == null
    ? ''
    : ` ${VITALS_ATTRIBUTE}="${escapeMarkup(rum.path)}"${rum.sample < 1 ? ` ${VITALS_SAMPLE_ATTRIBUTE}="${escapeMarkup(String(rum.sample))}"` : ''}`

export const renderIndexHtml = (
  template: string,
  agency: Agency | null,
  { preloads = { first: [], js: [], css: [], texts: [] }, early = null, locale = 'es', shell = null, rum = null, routeMessages = null }: PageParts = {},
): string => {
  // the page's frame from the app's own layouts (web/src/app/shell/render-shell.tsx), else the agency's name
  const splash = shell === null ? bootSplash(agency) : { style: '', markup: shell.markup }
  const root = shell === null ? '<div id="root">' : `<div id="root" data-frame="${shell.frame}">`
  // The page's first API reads, started before the app's code (early-reads.ts): the agency's config
  // (maintenance, build) on every page, which the first route's guard needs, and the page's own data.
  // The config is read, not written into the page: a page kept by a cache in front must not hold a
  // maintenance switch back.
  const earlyScript = early && agency ? earlyReadsTags(early.reads, agency.id, early.apiBase, early.script) : ''
  // The texts the frame was drawn with are the first catalog part the app needs: carried by the page (data, not
  // a script), the first render waits for one request fewer, and that part is not announced for download.
  const startupMessages = shell === null ? '' : `<script type="application/json" id="${STARTUP_MESSAGES_ID}">${inlineJson(shell.messages)}</script>`
  // So are the page's own texts: one file fewer for its first render to wait on (over HTTP/1.1, for a connection)
  const pageMessages = routeMessages === null ? '' : `<script type="application/json" id="${ROUTE_MESSAGES_ID}">${inlineJson(routeMessages)}</script>`
  const announced = { ...preloads, ...(shell === null ? {} : { first: [] }), ...(routeMessages === null ? {} : { texts: [] }) }
  // After the entry stylesheet, so they wait for it: put before it, the reads start sooner but take bandwidth
  // from the stylesheet and the code on a slow connection (decision 034 measured a travel group's LCP later).
  const extra = [startupMessages, pageMessages, earlyScript, preloadTags(announced), splash.style].filter(Boolean).join('\n    ')
  // Function replacements: a `$&`, `$'` or `` $` `` in the agency's name must stay text, not splice the template.
  return (
    template
      // the page's language from its first byte; the app keeps it (detectLocale) unless the cookie says otherwise
      .replace(/<html(?: lang="[^"]*")?/, `<html lang="${locale}" ${SERVER_LANG_ATTRIBUTE}${vitalsAttributes(rum)}`)
      .replace(/<title>[\s\S]*?<\/title>/, '')
      // the agency's icon (brandedHead) replaces the empty one the development page keeps
      .replace(/\s*<!--[^>]*-->\s*<link rel="icon" href="data:," \/>/, '')
      .replace('</head>', () => `    ${brandedHead(agency)}\n    ${extra}\n  </head>`)
      .replace('<div id="root"></div>', () => `${root}${splash.markup}</div>`)
  )
}

/**
 * The CSP sources that allow exactly the page's own inline scripts and styles: the SHA-256 of each
 * element's text, as browsers compute it. The page is made once per agency, route, language and build
 * (portal-server.ts caches it), so a per-request nonce would forbid that cache; a hash allows the same
 * inline code and nothing else, and an injected element (whose text is not hashed) still does not run.
 * A data block (`type="application/json"`) is never executed and needs none.
 */
export const inlineSourceHashes = (html: string): { scripts: string[]; styles: string[] } => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => hash(match[1]!))
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => hash(match[1]!))
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] }
}

/**
 * The app’s code at low priority: the page paints from its HTML (the shell, the stylesheet), so
 * nothing of the code is needed for that first paint, and a browser on a slow connection should give
 * the HTML's own requests (its data, its first API reads) the line first. The code still starts loading
 * at once: nothing else waits in front of it.
 */
export const lowPriorityAppCode = (template: string): string =>
  template
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"')
