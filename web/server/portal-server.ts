// The portal's production server: serves the built app and, for every page, resolves the agency from the
// host the request came to (X-Forwarded-Host/Proto, else Host; http by default), asks the API once per host
// (cached), and writes the branding into the HTML so the first paint is already the agency's.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { extname, join, normalize, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import type { Agency } from '../../contract/generated/model/agency.ts'
import type { Config } from '../../contract/generated/model/config.ts'
import { brandVariablesCss, escapeHtml, inlineJson, sanitizeTenantCss } from '../src/lib/branding.ts'
import { acceptLanguageTags, type Locale, resolveLocale } from '../src/lib/i18n-locales.ts'
import { API_PATH, apiTarget, proxyApi } from './api-proxy.ts'
import { earlyReadsTags } from './early-reads.ts'
import { type EarlyReads, earlyReads, matchPage } from './page-routes.ts'

export type PortalServerOptions = {
  distDir: string
  /** the customer API base, e.g. http://localhost:3333/api/customer */
  apiUrl: string
  /** how long a resolved agency is reused, per host */
  cacheMs?: number
  log?: (line: string) => void
  fetchImpl?: typeof fetch
  /** how long an API call through the server may take (default 30 s) */
  apiTimeoutMs?: number
  /** how long an agency's config (maintenance, build) written into pages is reused (default 5 s) */
  configCacheMs?: number
  /** hosts whose agency is remembered at most (least recently used first out; default 1000) */
  maxCachedHosts?: number
  /** how long a host with no agency (or a failed look-up) is remembered (default 5 s) */
  unknownHostCacheMs?: number
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** Paths that carry one-time secrets: logged without them. */
export const redactPath = (path: string): string =>
  path
    .replace(
      /^(\/auth\/autologin)(\/[^/?#]*)?(\/[^/?#]*)?/,
      (_m, base: string, id?: string, token?: string) => `${base}${id ? '/***' : ''}${token ? '/***' : ''}`,
    )
    .replace(/([?&](?:token|code|signature)=)[^&#]*/gi, '$1***')

/** The portal url (protocol and host) a request was made to, as a proxy in front would have seen it. */
export const requestOrigin = (req: IncomingMessage): string => {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()
  const host = first(req.headers['x-forwarded-host']) || first(req.headers.host) || 'localhost'
  const proto = first(req.headers['x-forwarded-proto']) || 'http'
  const safeHost = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? host.toLowerCase() : 'localhost'
  return `${proto === 'https' ? 'https' : 'http'}://${safeHost}`
}

/** A host name (letters, digits, dots, dashes) or an IPv6 address in brackets, with an optional port. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/

/**
 * The http(s) origin of a url, when it is one a CSP can hold as it is. URL accepts hosts such as
 * `cdn.example;sandbox` or `a.example,b`: spliced into the policy, they would add a directive.
 */
export const cspOrigin = (url: string | null | undefined): string | null => {
  if (!url) return null
  try {
    const u = new URL(url)
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !PLAIN_HOST.test(u.host)) return null
    return `${u.protocol}//${u.host}`
  } catch {
    return null
  }
}

/**
 * browserApiUrl: where the pages call the API (the build's VITE_API_URL): a path on the portal's own
 * origin needs nothing beyond 'self'; another origin is named.
 */
export const contentSecurityPolicy = (nonce: string, browserApiUrl: string | null, agency: Agency | null): string => {
  const api = cspOrigin(browserApiUrl)
  const logo = agency?.logo?.images.original
  const logoSource = logo?.startsWith('data:') ? 'data:' : cspOrigin(logo)
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // the logo's origin only: tenant CSS (already neutralized) could not load from anywhere else either
    `img-src 'self' data: blob:${logoSource && logoSource !== 'data:' ? ` ${logoSource}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${api ? ` ${api}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ')
}

const securityHeaders = (req: IncomingMessage, res: ServerResponse) => {
  // HTTPS (here or at the proxy in front): browsers keep to it for a year.
  if (requestOrigin(req).startsWith('https:')) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  // no page ever hands its address (which may hold a sign-in link) to another site
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

/** The branded <head> additions for an agency (or the neutral defaults when none was found). */
export const brandedHead = (agency: Agency | null, nonce: string): string => {
  const title = agency ? escapeHtml(agency.name) : 'Portal de viajes'
  const description = agency
    ? `${escapeHtml(agency.name)}: reservas, pagos y documentación de tus viajes en grupo.`
    : 'Reservas, pagos y documentación de tus viajes en grupo.'
  const parts = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:site_name" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<style nonce="${nonce}" id="brand-vars">${brandVariablesCss(agency)}</style>`,
  ]
  if (agency?.logo)
    parts.push(`<meta property="og:image" content="${escapeHtml(agency.logo.images.original.startsWith('data:') ? '' : agency.logo.images.original)}" />`)
  if (agency?.css_extra) parts.push(`<style nonce="${nonce}" id="brand-extra">${sanitizeTenantCss(agency.css_extra)}</style>`)
  // the page never sees the raw extra CSS, only its neutralized form
  const pageAgency = agency ? { ...agency, css_extra: agency.css_extra ? sanitizeTenantCss(agency.css_extra) : null } : null
  parts.push(`<script nonce="${nonce}">window.__AGENCY__=${inlineJson(pageAgency)};</script>`)
  return parts.join('\n    ')
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
export type BuildManifest = Record<string, ManifestChunk>
/** The page's language as the app will pick it (web/src/lib/i18n-locales.ts): the `lang` cookie, then the browser's languages, then Spanish. */
export const pageLocale = (req: IncomingMessage): Locale =>
  resolveLocale({ cookie: String(req.headers.cookie ?? ''), languages: acceptLanguageTags(String(req.headers['accept-language'] ?? '')) })

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
  /** the page's lazy chunk, its imports and its part of the catalog: needed right after */
  js: string[]
  css: string[]
}

export const pagePreloads = (manifest: BuildManifest | null, pathname: string, locale: Locale): Preloads => {
  if (!manifest) return { first: [], js: [], css: [] }
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
  const loaded = entry ? closure(manifest, entry) : new Set<string>()
  const first = closure(manifest, `src/locales/${locale}/messages.po?catalog=startup`)
  const later = new Set<string>()
  const page = matchPage(pathname)
  if (page && !page.firstBundle) {
    closure(manifest, page.module, later)
    // the route module's own part of the catalog (web/catalog-split.ts)
    closure(manifest, `src/locales/${locale}/messages.po?catalog=route-${page.route.page}`, later)
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
    css: [...new Set([...later].filter((key) => !loaded.has(key)).flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loadedCss.has(file)),
  }
}

// The page's own chunks at low priority: they load alongside the entry without competing with what
// the first paint needs (the entry, its stylesheet, the first catalog part).
const preloadTags = (preloads: Preloads): string =>
  [
    ...preloads.first.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ...preloads.js.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(file)}" />`),
    ...preloads.css.map((file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${escapeHtml(file)}" />`),
  ].join('\n    ')

/**
 * Painted from the HTML while the app loads (replaced by its first render): the agency's name, so the
 * screen is not blank on a slow connection. Decorative: the app's own page is what is announced.
 */
export const bootSplash = (agency: Agency | null, nonce: string): { style: string; markup: string } => ({
  style: `<style nonce="${nonce}" id="boot-splash-style">.boot-splash{box-sizing:border-box;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1.5rem;margin:0;font:800 1.25rem/1.2 system-ui,sans-serif;color:var(--brand-3,#1e293b);text-align:center}</style>`,
  markup: `<p class="boot-splash" aria-hidden="true">${agency ? escapeHtml(agency.name) : 'Portal de viajes'}</p>`,
})

export const renderIndexHtml = (
  template: string,
  agency: Agency | null,
  nonce: string,
  preloads: Preloads = { first: [], js: [], css: [] },
  config: Config | null = null,
  early: { reads: EarlyReads; apiBase: string; script: string } | null = null,
): string => {
  const splash = bootSplash(agency, nonce)
  // The page's first API reads, started before the app's code (early-reads.ts); not during maintenance,
  // when every page goes to the notice.
  const earlyScript = early && agency && !config?.maintenance ? earlyReadsTags(early.reads, agency.id, early.apiBase, nonce, early.script) : ''
  // The agency's config (maintenance, build) in the page: the first route's guard needs it, and asking
  // for it from the page costs a round trip before anything shows. The page still polls it.
  const configScript = config ? `<script nonce="${nonce}">window.__CONFIG__=${inlineJson(config)};</script>` : ''
  const extra = [earlyScript, preloadTags(preloads), splash.style, configScript].filter(Boolean).join('\n    ')
  // The build's own tags get the nonce first, before anything from the agency is spliced in.
  // Function replacements: a `$&`, `$'` or `` $` `` in the agency's name must stay text, not splice the template.
  return template
    .replace(/<script(?![^>]*nonce=)/g, `<script nonce="${nonce}"`)
    .replace(/<style(?![^>]*nonce=)/g, `<style nonce="${nonce}"`)
    .replace(/<link rel="stylesheet"/g, `<link nonce="${nonce}" rel="stylesheet"`)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace('</head>', () => `    ${brandedHead(agency, nonce)}\n    ${extra}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${splash.markup}</div>`)
}

/** Stylesheets up to this size are put into the page rather than linked. */
export const INLINE_CSS_MAX_BYTES = 32 * 1024

/**
 * The build's entry stylesheet, put into the HTML: a linked one blocks the first paint for a round
 * trip (on a phone, 150 ms or more), while the page is fetched once per visit anyway (every later
 * page is drawn by the app). Only `/assets/…` files up to INLINE_CSS_MAX_BYTES; `url()`s in them are
 * absolute or data: (Vite writes them so), so they mean the same from the page.
 */
export const inlineStylesheets = (template: string, readAsset: (path: string) => string | null): string =>
  template.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g, (tag, href: string) => {
    const css = readAsset(href)
    if (css === null || Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES || /url\(\s*(?!['"]?(?:data:|\/|https?:))/i.test(css)) return tag
    // a `</style` (or any `</`) inside the CSS, in a string, must not end the element: `\/` is the same character to CSS
    // The disabled link is not fetched; it is what Vite's preloader looks for before loading a lazy
    // chunk's stylesheets: without it, the first lazy page loaded this one again, after the agency's
    // branding styles, and put the default colours back over the agency's.
    return `<style data-href="${href}">${css.replaceAll('</', '<\\/')}</style><link rel="stylesheet" href="${href}" disabled>`
  })

export const createPortalServer = (options: PortalServerOptions): Server => {
  const distDir = resolve(options.distDir)
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath)) throw new Error(`No build at ${distDir}: run \`npm run build\` first.`)
  const template = inlineStylesheets(readFileSync(indexPath, 'utf8'), (href) => {
    const file = join(distDir, href)
    return file.startsWith(join(distDir, 'assets')) && existsSync(file) ? readFileSync(file, 'utf8') : null
  })
  const readBuildJson = <T>(name: string): T | null => {
    const path = join(distDir, '.vite', name)
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null
  }
  // Written by the build (web/vite.config.ts): chunks per module.
  const manifest = readBuildJson<BuildManifest>('manifest.json')
  // Where the pages call the API: the build's VITE_API_URL (web/vite.config.ts), by default our own /api/customer.
  const browserApiUrl = readBuildJson<{ apiUrl: string | null }>('build-info.json')?.apiUrl ?? API_PATH
  // The page's first reads go where its client will ask (web/early-reads-plugin.ts writes the script).
  const earlyReadsPath = join(distDir, '.vite', 'early-reads.js')
  const earlyReadsScript = existsSync(earlyReadsPath) ? readFileSync(earlyReadsPath, 'utf8') : null
  // Bounded: the host comes from the request (X-Forwarded-Host included), so anyone can make up new ones.
  const agencies = new LRUCache<string, { agency: Agency | null }>({ max: options.maxCachedHosts ?? 1000 })
  const unknownHostMs = options.unknownHostCacheMs ?? 5_000
  const gzipCache = new Map<string, Buffer>()
  const cacheMs = options.cacheMs ?? 5 * 60_000
  const log = options.log ?? ((line: string) => console.log(line))
  const doFetch = options.fetchImpl ?? fetch

  // Per agency, briefly: a maintenance switch reaches new page loads within seconds.
  const configs = new Map<string, { config: Config | null; expires: number }>()
  const configMs = options.configCacheMs ?? 5_000
  const resolveConfig = async (agencyId: string): Promise<Config | null> => {
    const hit = configs.get(agencyId)
    if (hit && hit.expires > Date.now()) return hit.config
    let config: Config | null = null
    try {
      const res = await doFetch(`${options.apiUrl.replace(/\/$/, '')}/auth/config`, {
        headers: { Accept: 'application/json', agencyId },
        signal: AbortSignal.timeout(1500),
      })
      const body = res.ok ? ((await res.json()) as Partial<Config>) : null
      // anything but the expected shape is left for the page to ask for itself
      if (body && typeof body.maintenance === 'boolean' && typeof body.build === 'string') config = { maintenance: body.maintenance, build: body.build }
    } catch {
      config = null
    }
    configs.set(agencyId, { config, expires: Date.now() + (config ? configMs : 1_000) })
    return config
  }

  const resolveAgency = async (origin: string): Promise<Agency | null> => {
    const hit = agencies.get(origin)
    if (hit) return hit.agency
    try {
      const res = await doFetch(`${options.apiUrl.replace(/\/$/, '')}/agency`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ url: origin }),
        signal: AbortSignal.timeout(3000),
      })
      const agency = res.ok ? ((await res.json()) as Agency) : null
      // A known host for cacheMs; an unknown one (or an API failure) briefly: it may be set up any
      // moment, and made-up hosts must not fill the cache for long.
      agencies.set(origin, { agency }, { ttl: res.ok ? cacheMs : unknownHostMs })
      return agency
    } catch (error) {
      log(`agency lookup for ${origin} failed: ${(error as Error).message}`)
      agencies.set(origin, { agency: null }, { ttl: unknownHostMs })
      return null
    }
  }

  const sendFile = (req: IncomingMessage, res: ServerResponse, file: string) => {
    const type = MIME[extname(file)] ?? 'application/octet-stream'
    res.setHeader('Content-Type', type)
    const immutable = file.includes(`${join(distDir, 'assets')}`)
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
    const gzipOk = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /javascript|css|json|svg|html/.test(type)
    if (gzipOk) {
      let body = gzipCache.get(file)
      if (!body) {
        body = gzipSync(readFileSync(file), { level: 9 })
        gzipCache.set(file, body)
      }
      res.setHeader('Content-Encoding', 'gzip')
      res.setHeader('Vary', 'Accept-Encoding')
      res.setHeader('Content-Length', body.length)
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    res.setHeader('Content-Length', statSync(file).size)
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
  }

  return createServer(async (req, res) => {
    const started = Date.now()
    const url = new URL(req.url ?? '/', 'http://portal.local')
    res.on('finish', () =>
      log(`${req.method} ${redactPath(url.pathname)}${url.search ? redactPath(url.search) : ''} ${res.statusCode} ${Date.now() - started}ms`),
    )
    securityHeaders(req, res)
    if (url.pathname === API_PATH || url.pathname.startsWith(`${API_PATH}/`)) {
      const target = apiTarget(req.method ?? 'GET', req.url ?? '', options.apiUrl)
      if (!target) {
        res.statusCode = 404
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify({ code: 'not_found', message: 'No such operation in the customer API.' }))
        return
      }
      proxyApi(req, res, target, requestOrigin(req), options.apiTimeoutMs ?? 30_000)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405
      res.setHeader('Allow', 'GET, HEAD')
      res.end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      res.statusCode = 400
      res.end()
      return
    }
    // The build's own metadata (.vite/manifest.json, early-reads.js), any other dot-file and the source
    // maps (the build keeps them for debugging and error reports, not for every visitor) are not served.
    if (pathname.split('/').some((segment) => segment.startsWith('.')) || pathname.endsWith('.map')) {
      res.statusCode = 404
      res.end()
      return
    }
    const candidate = normalize(join(distDir, pathname))
    if (candidate.startsWith(distDir) && candidate !== indexPath && existsSync(candidate) && statSync(candidate).isFile()) {
      sendFile(req, res, candidate)
      return
    }
    // A missing file (/assets/…, /favicon.ico, /sitemap.xml, /wp-login.php) is a 404, not the app's page.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      res.statusCode = 404
      res.end()
      return
    }
    // every other path is a page of the app: branded HTML
    const nonce = randomBytes(16).toString('base64')
    const agency = await resolveAgency(requestOrigin(req))
    const config = agency ? await resolveConfig(agency.id) : null
    const reads = earlyReadsScript ? earlyReads(pathname) : null
    const early = reads && earlyReadsScript ? { reads, apiBase: browserApiUrl, script: earlyReadsScript } : null
    const html = renderIndexHtml(template, agency, nonce, pagePreloads(manifest, pathname, pageLocale(req)), config, early)
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, browserApiUrl, agency))
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 'no-store')
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    const body = gzip ? gzipSync(html) : Buffer.from(html)
    if (gzip) {
      res.setHeader('Content-Encoding', 'gzip')
      res.setHeader('Vary', 'Accept-Encoding')
    }
    res.setHeader('Content-Length', body.length)
    res.end(req.method === 'HEAD' ? undefined : body)
  })
}
