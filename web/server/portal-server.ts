// The portal's production server: serves the built app and, for every page, resolves the agency from the
// host the request came to (X-Forwarded-Host/Proto from a trusted proxy, else Host; http by default), asks the API
// once per host (cached), and writes the branding into the HTML so the first paint is already the agency's.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import type { Agency } from '../../contract/generated/model/agency.ts'
import { acceptLanguageTags, type Locale, resolveLocale } from '../src/lib/i18n/locales.universal.ts'
import { API_PATH } from '../../contract/generated/api-operations.ts'
import { apiTarget, proxyApi } from './api-proxy.ts'
import { type BuildManifest, inlineSourceHashes, lowPriorityAppCode, pagePreloads, renderIndexHtml } from './index-html.ts'
import { acceptedEncodings, type ContentEncoding, createPageCache, matchesEtag, pickEncoding } from './page-cache.ts'
import { earlyReads, matchPage } from './page-routes.ts'
import type { Shell, ShellInput } from '../src/app/shell/shell.universal.ts'
import { appIconSvg, ICON_PATH, MANIFEST_PATH, webAppManifest } from './web-app-manifest.ts'
import { createRumSink, type RumOptions } from './rum-beacon.ts'
import { NO_TRUSTED_PROXIES, peerIsTrusted, type TrustedProxies } from '../../core/client-address.ts'
import { VITALS_PATH } from '../src/config/vitals.universal.ts'
import { ROUTE_MESSAGES_DIR, type RouteMessages } from '../src/lib/i18n/route-messages.universal.ts'

export type PortalServerOptions = {
  distDir: string
  /** the customer API base, e.g. http://localhost:3333/api/customer */
  apiUrl: string
  /**
   * Origins a page's form may post to besides its own: the card provider, where checkout sends the payer
   * (CSP form-action). Default: the API's origin, where the mock serves its test provider.
   */
  paymentOrigins?: string[]
  /** how long a resolved agency is reused, per host */
  cacheMs?: number
  log?: (line: string) => void
  fetchImpl?: typeof fetch
  /** how long an API call through the server may take (default 30 s) */
  apiTimeoutMs?: number
  /** hosts whose agency is remembered at most (least recently used first out; default 1000) */
  maxCachedHosts?: number
  /** how long a host with no agency (or a failed look-up) is remembered (default 5 s) */
  unknownHostCacheMs?: number
  /** the clock the caches' times are read from, in milliseconds (default performance.now; tests move their own) */
  now?: () => number
  /** pages kept made and compressed, one per agency, route and language (default 5000) */
  maxCachedPages?: number
  /**
   * The page's frame, from the app itself (web/dist-shell/render-shell.js, built by `npm run build`):
   * painted before the app's code arrives, then hydrated. Without it the page shows the agency's name.
   */
  renderShell?: (input: ShellInput) => Shell
  /** where the pages' Core Web Vitals are written (web/server/rum-beacon.ts); undefined: the pages send none */
  rum?: Omit<RumOptions, 'log' | 'now' | 'trustedProxies'>
  /**
   * The proxies in front (TRUSTED_PROXIES, core/client-address.ts): only from them are X-Forwarded-Host/-Proto read and
   * X-Forwarded-For followed to the client. Default none: a header a client sends changes nothing (decision 050).
   */
  trustedProxies?: TrustedProxies
}

/**
 * A page's HTML is the same for everyone on that host, route and language: a CDN or a reverse proxy may
 * keep it (`s-maxage`) and serve it a while longer as it checks for a new one; a browser checks every
 * time (`max-age=0`) and gets a 304 for what it has. The language comes from the `lang` cookie, else
 * Accept-Language: a cache in front keys on both (docs/deployment.md).
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300'
export const PAGE_VARY = 'Accept-Encoding, Accept-Language, Cookie'

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

/**
 * The portal url (protocol and host) a request was made to: as the proxy in front saw it when the request comes from
 * a trusted one (X-Forwarded-Host/-Proto), else from its own Host. From anyone else those headers are a client's
 * words: a CDN that passed them on unkeyed would keep another agency's page under this host (decision 050).
 */
export const requestOrigin = (req: IncomingMessage, trusted: TrustedProxies): string => {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()
  const forwarded = peerIsTrusted(req, trusted)
  const host = (forwarded && first(req.headers['x-forwarded-host'])) || first(req.headers.host) || 'localhost'
  const proto = (forwarded && first(req.headers['x-forwarded-proto'])) || 'http'
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
 * inline: the hash sources of the page's inline scripts and styles.
 * browserApiUrl: where the pages call the API (the build's VITE_API_URL): a path on the portal's own
 * origin needs nothing beyond 'self'; another origin is named. paymentOrigins: where a form may post
 * besides the portal itself (the card provider); anything not a plain origin is left out.
 */
export const contentSecurityPolicy = (
  inline: { scripts: readonly string[]; styles: readonly string[] },
  browserApiUrl: string | null,
  agency: Agency | null,
  paymentOrigins: readonly string[] = [],
): string => {
  const api = cspOrigin(browserApiUrl)
  const formTargets = [...new Set(paymentOrigins.map(cspOrigin).filter((o): o is string => o !== null))]
  const logo = agency?.logo?.images.original
  const logoSource = logo?.startsWith('data:') ? 'data:' : cspOrigin(logo)
  return [
    "default-src 'self'",
    // the page's own inline elements by their hashes (index-html.ts inlineSourceHashes), no 'unsafe-inline'
    `script-src 'self'${inline.scripts.map((source) => ` ${source}`).join('')}`,
    `style-src 'self'${inline.styles.map((source) => ` ${source}`).join('')}`,
    // the logo's origin only: tenant CSS (already neutralized) could not load from anywhere else either
    `img-src 'self' data: blob:${logoSource && logoSource !== 'data:' ? ` ${logoSource}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${api ? ` ${api}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    // no form sends what a traveller typed anywhere but here and to the card provider
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
    // data: for the number-data worker, made from its code as text (decision 048): only the page's own script can
    // start a worker, so this lets in nothing a script of ours could not already run
    "worker-src 'self' data:",
    "manifest-src 'self'",
  ].join('; ')
}

const securityHeaders = (origin: string, res: ServerResponse) => {
  // HTTPS (here or at the proxy in front): browsers keep to it for a year.
  if (origin.startsWith('https:')) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  // no page ever hands its address (which may hold a sign-in link) to another site
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

/** The page's language as the app will pick it (web/src/lib/i18n/locales.universal.ts): the `lang` cookie, then the browser's languages, then Spanish. */
export const pageLocale = (req: IncomingMessage): Locale =>
  resolveLocale({ cookie: String(req.headers.cookie ?? ''), languages: acceptLanguageTags(String(req.headers['accept-language'] ?? '')) })

export const createPortalServer = (options: PortalServerOptions): Server => {
  const distDir = resolve(options.distDir)
  const indexPath = join(distDir, 'index.html')
  const serviceWorkerPath = join(distDir, 'service-worker.js')
  if (!existsSync(indexPath)) throw new Error(`No build at ${distDir}: run \`npm run build\` first.`)
  // The entry stylesheet stays linked (decision 028): cached across pages and visits, and a CDN's
  // HTTP/2 fetches it beside the page at no cost to the first paint.
  const template = lowPriorityAppCode(readFileSync(indexPath, 'utf8'))
  const readBuildJson = <T>(name: string): T | null => {
    const path = join(distDir, '.vite', name)
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null
  }
  // Written by the build (web/vite.config.ts): chunks per module.
  const manifest = readBuildJson<BuildManifest>('manifest.json')
  // Where the pages call the API: the build's VITE_API_URL (web/vite.config.ts), by default our own /api/customer.
  const browserApiUrl = readBuildJson<{ apiUrl: string | null }>('build-info.json')?.apiUrl ?? API_PATH
  const paymentOrigins = options.paymentOrigins ?? [options.apiUrl]
  // The page's first reads go where its client will ask (web/early-reads-plugin.ts writes the script).
  const earlyReadsPath = join(distDir, '.vite', 'early-reads.js')
  const earlyReadsScript = existsSync(earlyReadsPath) ? readFileSync(earlyReadsPath, 'utf8') : null
  const unknownHostMs = options.unknownHostCacheMs ?? 5_000
  const pages = createPageCache(options.maxCachedPages ?? 5000)
  const cacheMs = options.cacheMs ?? 5 * 60_000
  const log = options.log ?? ((line: string) => console.log(line))
  const doFetch = options.fetchImpl ?? fetch
  const trustedProxies = options.trustedProxies ?? NO_TRUSTED_PROXIES
  const rum =
    options.rum === undefined ? undefined : createRumSink({ ...options.rum, log, trustedProxies, ...(options.now === undefined ? {} : { now: options.now }) })

  // Bounded: the host comes from the request (X-Forwarded-Host included), so anyone can make up new ones.
  // A known host for cacheMs; an unknown one (or an API failure) briefly: it may be set up any moment, and
  // made-up hosts must not fill the cache for long. Kept past its time while it is asked for again. Each
  // record carries its digest: the pages' key, so a record that changed (new branding) makes new pages and
  // one looked up again unchanged keeps them.
  type HostAgency = { agency: Agency | null; digest: string }
  const withDigest = (agency: Agency | null): HostAgency => ({
    agency,
    digest: agency ? createHash('sha256').update(JSON.stringify(agency)).digest('base64url').slice(0, 16) : '',
  })
  const agencies = new LRUCache<string, HostAgency>({
    max: options.maxCachedHosts ?? 1000,
    ttl: cacheMs,
    // read the clock at every look-up (lru-cache otherwise keeps a reading for 1 ms with a timer of its own)
    perf: { now: options.now ?? (() => performance.now()) },
    ttlResolution: 0,
    allowStale: true,
    fetchMethod: async (origin, _stale, { options: entry }) => {
      try {
        const res = await doFetch(`${options.apiUrl.replace(/\/$/, '')}/agency`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ url: origin }),
          signal: AbortSignal.timeout(3000),
        })
        const agency = res.ok ? ((await res.json()) as Agency) : null
        if (!agency) entry.ttl = unknownHostMs
        return withDigest(agency)
      } catch (error) {
        log(`agency lookup for ${origin} failed: ${(error as Error).message}`)
        entry.ttl = unknownHostMs
        return withDigest(null)
      }
    },
  })
  const resolveHost = async (origin: string): Promise<HostAgency> => (await agencies.fetch(origin)) ?? withDigest(null)
  const resolveAgency = async (origin: string): Promise<Agency | null> => (await resolveHost(origin)).agency

  // The frame, or null (no agency: the page that says so is the app's; a failure: the agency's name instead).
  const frameOf = (agency: Agency | null, locale: Locale, pathname: string): Shell | null => {
    if (!agency || !options.renderShell) return null
    try {
      return options.renderShell({ agency, locale, pathname })
    } catch (error) {
      log(`the page's frame could not be rendered: ${(error as Error).message}`)
      return null
    }
  }

  // A lazy page's own texts as the build left them (web/catalog-split.ts), or null: then the page announces their chunk.
  const routeMessagesOf = (locale: Locale, pathname: string): RouteMessages | null => {
    const page = matchPage(pathname)
    if (!page || page.firstBundle) return null
    const path = join(distDir, ROUTE_MESSAGES_DIR, locale, `${page.route.page}.json`)
    if (!existsSync(path)) return null
    try {
      const { messages } = JSON.parse(readFileSync(path, 'utf8')) as Pick<RouteMessages, 'messages'>
      return { locale, route: page.route.page, messages }
    } catch (error) {
      log(`the page's texts could not be read: ${(error as Error).message}`)
      return null
    }
  }

  // A file of the build as the browser takes it, read once and kept (the build is a few megabytes, and
  // a request reaches this only for a file that exists): a script, stylesheet or SVG compressed as the
  // build made it ahead (`.br` and `.gz` beside each, web/vite.config.ts), else gzipped here once (the
  // service worker is written after the build compresses); anything, as it is.
  const bodies = new Map<string, Buffer | null>()
  const bodyOf = (file: string, encoding: ContentEncoding): Buffer | null => {
    const key = `${encoding}:${file}`
    let body = bodies.get(key)
    if (body === undefined) {
      const ahead = `${file}.${encoding === 'br' ? 'br' : 'gz'}`
      body =
        encoding === 'identity'
          ? readFileSync(file)
          : existsSync(ahead)
            ? readFileSync(ahead)
            : encoding === 'gzip'
              ? gzipSync(readFileSync(file), { level: 9 })
              : null
      bodies.set(key, body)
    }
    return body
  }

  const sendFile = (req: IncomingMessage, res: ServerResponse, file: string) => {
    const type = MIME[extname(file)] ?? 'application/octet-stream'
    res.setHeader('Content-Type', type)
    const immutable = file.includes(`${join(distDir, 'assets')}`)
    // the service worker is checked for a new build on every navigation, never from a cache
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : file === serviceWorkerPath ? 'no-cache' : 'public, max-age=300')
    let encoding: ContentEncoding = 'identity'
    if (/javascript|css|json|svg|html/.test(type)) {
      res.setHeader('Vary', 'Accept-Encoding')
      const accepted = acceptedEncodings(req.headers['accept-encoding'])
      encoding = accepted.has('br') && bodyOf(file, 'br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity'
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
    }
    const body = bodyOf(file, encoding)!
    res.setHeader('Content-Length', body.length)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  return createServer(async (req, res) => {
    const started = Date.now()
    const url = new URL(req.url ?? '/', 'http://portal.local')
    res.on('finish', () =>
      log(`${req.method} ${redactPath(url.pathname)}${url.search ? redactPath(url.search) : ''} ${res.statusCode} ${Date.now() - started}ms`),
    )
    const origin = requestOrigin(req, trustedProxies)
    securityHeaders(origin, res)
    if (url.pathname === API_PATH || url.pathname.startsWith(`${API_PATH}/`)) {
      const target = apiTarget(req.method ?? 'GET', req.url ?? '', options.apiUrl)
      if (!target) {
        res.statusCode = 404
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify({ code: 'not_found', message: 'No such operation in the customer API.' }))
        return
      }
      proxyApi(req, res, target, origin, trustedProxies, options.apiTimeoutMs ?? 30_000)
      return
    }
    if (url.pathname === VITALS_PATH) {
      if (rum) rum.handle(req, res)
      else {
        res.statusCode = 404
        res.end()
      }
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
    if (pathname === MANIFEST_PATH || pathname === ICON_PATH) {
      const agency = await resolveAgency(origin)
      const body = pathname === MANIFEST_PATH ? JSON.stringify(webAppManifest(agency, pageLocale(req))) : appIconSvg(agency, url.searchParams.has('maskable'))
      res.setHeader('Content-Type', pathname === MANIFEST_PATH ? 'application/manifest+json; charset=utf-8' : 'image/svg+xml; charset=utf-8')
      // an agency may change its branding; the manifest is in the visitor's language
      res.setHeader('Cache-Control', 'public, max-age=300')
      res.setHeader('Vary', 'Accept-Language, Cookie')
      // opened on its own, the icon is an inert picture
      res.setHeader('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
      res.setHeader('Content-Length', Buffer.byteLength(body))
      res.end(req.method === 'HEAD' ? undefined : body)
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
    // every other path is a page of the app: branded HTML, made once per agency (every host of it, and every
    // host with none, share it), route and language
    const { agency, digest } = await resolveHost(origin)
    const locale = pageLocale(req)
    const route = matchPage(pathname)?.route
    // the footer's year is in the frame: a new year, a new page
    const key = JSON.stringify([digest, route?.page ?? '', locale, new Date().getFullYear()])
    const page = await pages.get(key, async () => {
      const reads = earlyReadsScript ? earlyReads(pathname) : null
      const early = reads && earlyReadsScript ? { reads, apiBase: browserApiUrl, script: earlyReadsScript } : null
      const shell = frameOf(agency, locale, pathname)
      const html = renderIndexHtml(template, agency, {
        preloads: pagePreloads(manifest, pathname, locale),
        early,
        locale,
        shell,
        rum: rum ? { path: VITALS_PATH, sample: options.rum?.sample ?? 1 } : null,
        routeMessages: routeMessagesOf(locale, pathname),
      })
      return { html, csp: contentSecurityPolicy(inlineSourceHashes(html), browserApiUrl, agency, paymentOrigins) }
    })
    res.setHeader('Content-Security-Policy', page.csp)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', PAGE_CACHE_CONTROL)
    res.setHeader('Vary', PAGE_VARY)
    res.setHeader('ETag', page.etag)
    if (matchesEtag(req.headers['if-none-match'], page.etag)) {
      res.statusCode = 304
      res.end()
      return
    }
    const encoding = pickEncoding(req.headers['accept-encoding'])
    const body = page.bodies[encoding]
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', body.length)
    res.end(req.method === 'HEAD' ? undefined : body)
  })
}
