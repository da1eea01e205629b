import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// These servers' requests come from the test on loopback, playing the proxy in front (TRUSTED_PROXIES=loopback).
const LOOPBACK_PROXY = parseTrustedProxies('loopback')
import { apiTarget } from '../../../web/server/api-proxy.ts'
import { contentSecurityPolicy, createPortalServer, redactPath } from '../../../web/server/portal-server.ts'
import { type BuildManifest, lowPriorityAppCode, pagePreloads, renderIndexHtml } from '../../../web/server/index-html.ts'
import { matchPage } from '../../../web/server/page-routes.ts'
import { parseTrustedProxies } from '../../../core/client-address.ts'
import { acceptedEncodings, createPageCache, matchesEtag, pickEncoding } from '../../../web/server/page-cache.ts'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'

const agencies: Record<string, unknown> = {
  'http://localhost:4173': {
    id: 'ag-sol',
    name: 'Viajes <Sol>',
    logo: null,
    color1: '#c2410c',
    color3: '#1e3a5f',
    color4: '#fff7ed',
    css_extra: 'body{background:url(https://evil.example/x.png)} h1{color:red}</style><script>alert(1)</script>',
    email: 'a@b.es',
    phone: '1',
    legal_notice_html: '',
  },
  'https://norte.example.com': {
    id: 'ag-norte',
    name: 'Aventura Norte',
    logo: { images: { original: 'https://cdn.norte.example.com/logo.png' } },
    color1: '#0f766e',
    color3: '#042f2e',
    color4: '#ecfeff',
    css_extra: null,
    email: 'a@b.es',
    phone: '1',
    legal_notice_html: '',
  },
}
const lookups: string[] = []
const logs: string[] = []
const configCalls: string[] = []
const fakeFetch = (async (requestUrl: string, init?: RequestInit) => {
  if (requestUrl.endsWith('/auth/config')) {
    const agencyId = new Headers(init?.headers).get('agencyId') ?? ''
    configCalls.push(agencyId)
    if (agencyId === 'ag-norte') return new Response('down', { status: 503 })
    return new Response(JSON.stringify({ maintenance: false, build: '2026.1', extra: '</script>' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  const { url } = JSON.parse(String(init?.body)) as { url: string }
  lookups.push(url)
  const agency = agencies[url]
  return new Response(JSON.stringify(agency ?? { code: 'not_found', message: 'x' }), {
    status: agency ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  })
}) as typeof fetch

let base = ''
const noInline = { scripts: [], styles: [] }

// A build: the entry, a lazy booking route with a chunk and CSS of its own, the catalog parts.
const manifest: BuildManifest = {
  'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_react.js'], css: ['assets/app.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_tabs.js': { file: 'assets/tabs.js', imports: ['_react.js'], css: ['assets/tabs.css'] },
  'src/app/routes/customer/booking.tsx': { file: 'assets/booking.js', imports: ['_react.js', '_tabs.js'], css: ['assets/booking.css'] },
  'src/app/routes/public/faq.tsx': { file: 'assets/faq.js', imports: ['_react.js'] },
  'src/locales/es/messages.po?catalog=startup': { file: 'assets/messages-es.js' },
  'src/locales/es/messages.po?catalog=rest': { file: 'assets/messages-es-rest.js' },
  'src/locales/es/messages.po?catalog=route-booking': { file: 'assets/messages-es-booking.js' },
  'src/locales/en/messages.po?catalog=startup': { file: 'assets/messages-en.js' },
  'src/locales/en/messages.po?catalog=rest': { file: 'assets/messages-en-rest.js' },
  'src/locales/en/messages.po?catalog=route-booking': { file: 'assets/messages-en-booking.js' },
}

const PAGE_JS = `export const page = '${'Mis reservas '.repeat(40)}'`

// fetch cannot set Host; node:http can, like a reverse proxy would
const get = (path: string, { headers = {}, at = base }: { headers?: Record<string, string>; at?: string } = {}) =>
  new Promise<{ status: number; headers: Headers; body: Buffer; text: () => Promise<string> }>((resolve, reject) => {
    const req = request(`${at}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const h = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v)
        // the bytes as sent: node:http decodes no Content-Encoding
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: h, body, text: async () => body.toString('utf8') })
      })
    })
    req.on('error', reject)
    req.end()
  })
let close = () => {}
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title><script type="module" src="/assets/app.js"></script><link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(dist, 'assets', 'app.css'), ':root{--brand-1:#1d4ed8}body{color:red}')
  writeFileSync(join(dist, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"]}')
  // compressed ahead by the build (vite-plugin-compression2), as `npm run build` leaves them
  writeFileSync(join(dist, 'assets', 'page.js'), PAGE_JS)
  writeFileSync(join(dist, 'assets', 'page.js.br'), brotliCompressSync(PAGE_JS))
  writeFileSync(join(dist, 'assets', 'page.js.gz'), gzipSync(PAGE_JS))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  // the booking route's Spanish texts as the build leaves them (web/catalog-split.ts); no English copy
  mkdirSync(join(dist, '.vite', 'route-messages', 'es'), { recursive: true })
  writeFileSync(join(dist, '.vite', 'route-messages', 'es', 'booking.json'), JSON.stringify({ messages: { trip: ['Tu viaje'] } }))
  const server = createPortalServer({
    distDir: dist,
    apiUrl: 'http://api.local/api/customer',
    fetchImpl: fakeFetch,
    log: (l) => logs.push(l),
    trustedProxies: LOOPBACK_PROXY,
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

describe('production portal server', () => {
  it('brands the first paint from the Host header and caches the agency per host', async () => {
    const first = await get(`/booking/1`, { headers: { host: 'localhost:4173' } })
    const html = await first.text()
    expect(first.status).toBe(200)
    expect(html).toContain('<title>Viajes &lt;Sol&gt;</title>')
    expect(html).toContain('<meta property="og:title" content="Viajes &lt;Sol&gt;" />')
    expect(html).toContain('--brand-1:#c2410c;--on-brand-1:#ffffff')
    expect(html).toContain('h1{color:red}')
    expect(html).not.toMatch(/url\s*\(/)
    expect(html).not.toContain('<script>alert(1)')
    await get(`/`, { headers: { host: 'localhost:4173' } })
    expect(lookups.filter((u) => u === 'http://localhost:4173')).toHaveLength(1)
  })

  describe('the per-host cache of agencies', () => {
    const startWith = async (options: { maxCachedHosts?: number; unknownHostCacheMs?: number; now?: () => number }) => {
      const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
      writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>')
      const server = createPortalServer({
        distDir: dist,
        apiUrl: 'http://api.invalid/api/customer',
        fetchImpl: fakeFetch,
        log: () => {},
        trustedProxies: LOOPBACK_PROXY,
        ...options,
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      const page = (host: string) =>
        new Promise<void>((resolve, reject) => {
          const req = request(
            `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
            { headers: { host: 'internal', 'x-forwarded-host': host } },
            (res) => {
              res.resume()
              res.on('end', resolve)
            },
          )
          req.on('error', reject)
          req.end()
        })
      return { page, close: () => server.close() }
    }
    const lookedUp = (host: string) => lookups.filter((u) => u === `http://${host}`).length

    it('keeps a bounded number of hosts: made-up X-Forwarded-Host values push out the least recently used, never grow it', async () => {
      const { page, close } = await startWith({ maxCachedHosts: 3, unknownHostCacheMs: 60_000 })
      try {
        await page('localhost:4173')
        const known = lookedUp('localhost:4173')
        for (let i = 1; i <= 10; i += 1) {
          await page(`bounded-${i}.example`)
          // the portal's own host, in use all along, stays in
          await page('localhost:4173')
        }
        expect(lookedUp('localhost:4173')).toBe(known)
        await page('bounded-10.example')
        expect(lookedUp('bounded-10.example')).toBe(1)
        await page('bounded-2.example')
        expect(lookedUp('bounded-2.example')).toBe(2)
      } finally {
        close()
      }
    })

    it('remembers a host without an agency only briefly', async () => {
      // the server's clock is the test's: however slow the machine, the two first pages fall inside the 5 s
      let now = 1_000_000
      const { page, close } = await startWith({ unknownHostCacheMs: 5_000, now: () => now })
      try {
        await page('brief.example')
        now += 4_999
        await page('brief.example')
        expect(lookedUp('brief.example')).toBe(1)
        now += 5_001
        await page('brief.example')
        expect(lookedUp('brief.example')).toBe(2)
      } finally {
        close()
      }
    })
  })

  it('prefers X-Forwarded-Host and X-Forwarded-Proto from a trusted proxy', async () => {
    const res = await get(`/`, { headers: { host: 'internal:8080', 'x-forwarded-host': 'norte.example.com', 'x-forwarded-proto': 'https' } })
    const html = await res.text()
    expect(html).toContain('<title>Aventura Norte</title>')
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https://cdn.norte.example.com")
  })

  it('believes no X-Forwarded-* header from a peer it does not trust: the page is its Host’s, plain HTTP, the chain cut', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>')
    const upstream = createHttpServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'], forwardedHost: req.headers['x-forwarded-host'] }))
    })
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
    // no TRUSTED_PROXIES: the default
    const server = createPortalServer({
      distDir: dist,
      apiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/customer`,
      fetchImpl: fakeFetch,
      log: () => {},
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      // a client (or a CDN that passes the header on, unkeyed) asks for another agency's page under this host
      const spoofed = { host: 'localhost:4173', 'x-forwarded-host': 'norte.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' }
      const page = await get('/', { headers: spoofed, at })
      expect(await page.text()).toContain('<title>Viajes &lt;Sol&gt;</title>')
      expect(page.headers.get('strict-transport-security')).toBeNull()
      const api = await get('/api/customer/auth/config', { headers: spoofed, at })
      expect(JSON.parse(await api.text())).toEqual({ forwardedFor: '127.0.0.1', forwardedHost: 'localhost:4173' })
    } finally {
      server.close()
      upstream.close()
    }
  })

  it('sends a CSP that allows the page’s own inline code by its hashes, and the usual security headers', async () => {
    const res = await get(`/`, { headers: { host: 'localhost:4173' } })
    const html = await res.text()
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).not.toContain('nonce')
    expect(html).not.toContain('nonce=')
    // every inline script and style of the page, and nothing else, by its SHA-256
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const scripts = [...html.matchAll(/<script(?![^>]*src=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => sha(match[1]!))
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => sha(match[1]!))
    expect(scripts.length).toBeGreaterThan(0)
    expect(styles.length).toBeGreaterThan(1)
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe(["'self'", ...new Set(scripts)].join(' '))
    expect(/style-src ([^;]+)/.exec(csp)?.[1]).toBe(["'self'", ...new Set(styles)].join(' '))
    // the tenant's CSS is hashed as neutralized, and the page holds only that form
    expect(html).toContain('<style id="brand-extra">')
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    // the pages call the API on the portal's own origin (no build-info here: /api/customer): nothing else to connect to
    expect(csp).toContain("connect-src 'self';")
    // forms post here and to the card provider (by default the API's origin, where the mock serves it)
    expect(csp).toContain("form-action 'self' http://api.local;")
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('makes a page once per agency, route and language, and serves it as a cache in front may keep it', async () => {
    const first = await get(`/booking/bkg-1`, { headers: { host: 'localhost:4173', 'accept-encoding': 'gzip, br' } })
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/)
    expect(first.headers.get('content-encoding')).toBe('br')
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300')
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
    // another booking of the same route: the same page (the browser's address fills the id in)
    const other = await get(`/booking/bkg-2`, { headers: { host: 'localhost:4173', 'accept-encoding': 'gzip' } })
    expect(other.headers.get('etag')).toBe(etag)
    expect(other.headers.get('content-encoding')).toBe('gzip')
    const plain = await get(`/booking/bkg-2`, { headers: { host: 'localhost:4173' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    // nothing of the address, nothing of the visitor: the same bytes for everyone
    expect(await plain.text()).not.toContain('bkg-')
    // what the browser has: 304, no body
    const again = await get(`/booking/bkg-3`, { headers: { host: 'localhost:4173', 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    // another language, route or agency is another page
    const english = await get(`/booking/bkg-1`, { headers: { host: 'localhost:4173', cookie: 'lang=en' } })
    expect(english.headers.get('etag')).not.toBe(etag)
    expect((await get(`/faq`, { headers: { host: 'localhost:4173' } })).headers.get('etag')).not.toBe(etag)
    expect((await get(`/booking/bkg-1`, { headers: { host: 'norte.example.com' } })).headers.get('etag')).not.toBe(etag)
  })

  it('lets only well-formed origins into the CSP: a tenant logo url cannot add a directive', () => {
    const withLogo = (original: string) => contentSecurityPolicy(noInline, '/api/customer', { logo: { images: { original } } } as never)
    expect(withLogo('https://cdn.example/logo.png')).toContain("img-src 'self' data: blob: https://cdn.example;")
    expect(withLogo('https://cdn.example:8443/logo.png')).toContain("img-src 'self' data: blob: https://cdn.example:8443;")
    for (const hostile of [
      'https://cdn.example;sandbox/logo.png',
      'https://a.example,b/logo.png',
      "https://cdn.example;script-src 'unsafe-inline'/x.png",
      'javascript:alert(1)',
    ]) {
      const csp = withLogo(hostile)
      expect(csp, hostile).toContain("img-src 'self' data: blob:;")
      // the number-data worker is made from its code as text (decision 048); the service worker is a file of ours
      expect(csp).toMatch(/; worker-src 'self' data:;/)
      expect(csp).not.toMatch(/sandbox|unsafe-inline|a\.example,b/)
      expect(csp.split('; ').map((d) => d.split(' ')[0])).toEqual([
        'default-src',
        'script-src',
        'style-src',
        'img-src',
        'font-src',
        'connect-src',
        'object-src',
        'base-uri',
        'form-action',
        'frame-ancestors',
        'worker-src',
        'manifest-src',
      ])
    }
  })

  it("lets forms post only to the portal and the card provider's plain origins", () => {
    expect(contentSecurityPolicy(noInline, '/api/customer', null)).toContain("form-action 'self';")
    const csp = contentSecurityPolicy(noInline, '/api/customer', null, [
      'https://pay.example/gateway/form',
      'https://pay.example',
      "https://x.example;script-src 'unsafe-inline'",
    ])
    expect(csp).toContain("form-action 'self' https://pay.example;")
    expect(csp).not.toContain('unsafe-inline')
  })

  it('names the API origin in connect-src only when the build calls one directly', () => {
    expect(contentSecurityPolicy(noInline, '/api/customer', null)).toContain("connect-src 'self';")
    expect(contentSecurityPolicy(noInline, 'https://api.example/v1/customer', null)).toContain("connect-src 'self' https://api.example;")
  })

  it('serves an unknown host unbranded instead of failing', async () => {
    const res = await get(`/`, { headers: { host: 'nobody.example' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>Portal de viajes</title>')
  })

  it('serves hashed assets immutable and never lists files outside the build', async () => {
    const asset = await get(`/assets/app.js`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const escape = await get(`/..%2f..%2fetc%2fpasswd`)
    expect(await escape.text()).not.toContain('root:')
    expect((await get(`/assets/missing.js`)).status).toBe(404)
  })

  it('keeps sign-in tokens out of its logs', async () => {
    await get(`/auth/autologin/cus-1/lnk_secret123`, { headers: { host: 'localhost:4173' } })
    expect(logs.join('\n')).not.toContain('lnk_secret123')
    expect(redactPath('/auth/autologin/cus-1/lnk_x')).toBe('/auth/autologin/***/***')
    expect(redactPath('/login?token=abc&x=1')).toBe('/login?token=***&x=1')
  })

  it('sends HSTS only to HTTPS requests (here or behind a proxy)', async () => {
    const https = await get(`/`, { headers: { host: 'localhost:4173', 'x-forwarded-proto': 'https' } })
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const asset = await get(`/assets/app.js`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(asset.headers.get('strict-transport-security')).toContain('max-age=')
    const http = await get(`/`, { headers: { host: 'localhost:4173' } })
    expect(http.headers.get('strict-transport-security')).toBeNull()
    for (const name of ['x-frame-options', 'permissions-policy', 'cross-origin-opener-policy']) expect(http.headers.get(name)).toBeTruthy()
  })

  it('never serves the build metadata, other dot-files or the source maps', async () => {
    expect((await get(`/assets/app.js`)).status).toBe(200)
    expect((await get(`/assets/app.js.map`)).status).toBe(404)
    expect((await get(`/.vite/manifest.json`)).status).toBe(404)
    expect((await get(`/.vite/early-reads.js`)).status).toBe(404)
    expect((await get(`/assets/.hidden`)).status).toBe(404)
  })

  it('writes a lazy page’s own texts into it, in its language, when the build left them; they are not announced then', async () => {
    const spanish = await (await get(`/booking/bkg-1`, { headers: { host: 'localhost:4173', 'accept-language': 'es-ES' } })).text()
    const written = /<script type="application\/json" id="route-messages">(.*?)<\/script>/.exec(spanish)
    expect(JSON.parse(written![1]!)).toEqual({ locale: 'es', route: 'booking', messages: { trip: ['Tu viaje'] } })
    expect(spanish).not.toContain('messages-es-booking.js')
    expect(spanish).toContain('href="/assets/booking.js"')
    // the same route in English, whose copy the build did not leave: announced instead
    const english = await (await get(`/booking/bkg-1`, { headers: { host: 'localhost:4173', 'accept-language': 'en' } })).text()
    expect(english).not.toContain('id="route-messages"')
    expect(english).toContain('href="/assets/messages-en-booking.js"')
    // the sign-in page's texts are all in the first bundle's part
    expect(await (await get(`/auth/login`, { headers: { host: 'localhost:4173' } })).text()).not.toContain('id="route-messages"')
    expect((await get(`/.vite/route-messages/es/booking.json`)).status).toBe(404)
  })

  it('announces the page’s chunks and its language’s catalog in the HTML, and paints the agency’s name while the app loads', async () => {
    const res = await get(`/booking/bkg-1`, { headers: { host: 'localhost:4173', 'accept-language': 'en-GB,en;q=0.9' } })
    const html = await res.text()
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/messages-en.js" />')
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/booking.js" />')
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/tabs.js" />')
    expect(html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/messages-en-booking.js" />')
    expect(html).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/booking.css" />')
    expect(html).not.toContain('href="/assets/react.js"')
    expect(html).toMatch(/<div id="root"><p class="boot-splash" aria-hidden="true">Viajes &lt;Sol&gt;<\/p><\/div>/)
    expect(html).toContain('<style id="boot-splash-style">')
  })

  it('preloads by the language cookie first, and nothing but the catalog for the sign-in page', () => {
    expect(pagePreloads(manifest, '/auth/login', 'es')).toEqual({ first: ['assets/messages-es.js'], js: [], css: [], texts: [] })
    expect(pagePreloads(manifest, '/booking/x', 'es')).toEqual({
      first: ['assets/messages-es.js'],
      js: ['assets/booking.js', 'assets/tabs.js'],
      css: ['assets/booking.css', 'assets/tabs.css'],
      // the booking route module's part of the catalog, not all the lazy messages
      texts: ['assets/messages-es-booking.js'],
    })
    expect(pagePreloads(null, '/faq', 'es')).toEqual({ first: [], js: [], css: [], texts: [] })
  })

  it('a page with its frame carries the texts the frame was drawn with, so their part of the catalog is not announced', () => {
    const template = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>'
    const preloads = pagePreloads(manifest, '/booking/x', 'es')
    const shell = { markup: '<main>Mis reservas</main>', frame: 'booking', messages: { locale: 'es' as const, messages: { a: ['Mis reservas'] } } }
    const framed = renderIndexHtml(template, null, { preloads, locale: 'es', shell })
    expect(framed).toContain('<script type="application/json" id="startup-messages">{"locale":"es","messages":{"a":["Mis reservas"]}}</script>')
    expect(framed).not.toContain('messages-es.js')
    expect(framed).toContain('href="/assets/messages-es-booking.js"')
    // no frame (it failed to draw): the app loads its texts as before
    const bare = renderIndexHtml(template, null, { preloads, locale: 'es', shell: null })
    expect(bare).not.toContain('startup-messages')
    expect(bare).toContain('href="/assets/messages-es.js"')
  })

  it('marks the page for its vitals, and with the share of page views the server takes when it takes a share', () => {
    const template = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>'
    expect(renderIndexHtml(template, null, { rum: { path: '/__rum', sample: 1 } })).toContain('<html lang="es" data-server-lang data-vitals="/__rum">')
    expect(renderIndexHtml(template, null, { rum: { path: '/__rum', sample: 0.1 } })).toContain(
      '<html lang="es" data-server-lang data-vitals="/__rum" data-vitals-sample="0.1">',
    )
    expect(renderIndexHtml(template, null, { rum: null })).not.toContain('data-vitals')
  })

  it('a lazy page carrying its own texts does not announce their part of the catalog', () => {
    const template = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>'
    const preloads = pagePreloads(manifest, '/booking/x', 'es')
    const routeMessages = { locale: 'es' as const, route: 'booking', messages: { b: ['Tu viaje </script><script>alert(1)</script>'] } }
    const carried = renderIndexHtml(template, null, { preloads, locale: 'es', routeMessages })
    const written = /<script type="application\/json" id="route-messages">(.*?)<\/script>/.exec(carried)
    expect(JSON.parse(written![1]!)).toEqual(routeMessages)
    expect(carried.match(/<script/g)).toHaveLength(carried.match(/<\/script>/g)!.length)
    expect(carried).not.toContain('messages-es-booking.js')
    expect(carried).toContain('href="/assets/booking.js"')
    // without them (a build without the copies): announced, loaded with the page's chunk
    expect(renderIndexHtml(template, null, { preloads, locale: 'es' })).toContain('href="/assets/messages-es-booking.js"')
  })

  it('an agency name with $ patterns stays text: the template is never spliced into the page', () => {
    const template =
      '<!doctype html><html><head><title>x</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>'
    const html = renderIndexHtml(template, {
      id: 'ag-x',
      name: "A$'B$`C$&D",
      logo: null,
      color1: '#000000',
      color3: '#000000',
      color4: '#ffffff',
      css_extra: null,
      email: 'a@b.es',
      phone: '1',
      legal_notice_html: '',
    } as never)
    expect(html).toContain('<title>A$&#39;B$`C$&amp;D</title>')
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html.match(/<body>/g)).toHaveLength(1)
  })
})

describe('the entry stylesheet', () => {
  it('is linked, not copied into the page, and comes before the agency’s styles, which must win', async () => {
    const html = await (await get(`/`, { headers: { host: 'localhost:4173' } })).text()
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">')
    expect(html).not.toContain('body{color:red}')
    expect(html.indexOf('/assets/app.css')).toBeLessThan(html.indexOf('id="brand-vars"'))
    // the same file every page links: cached by the browser (and the service worker) once for all of them
    const css = await get(`/assets/app.css`, { headers: { 'accept-encoding': 'identity' } })
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(css.body.toString()).toBe(':root{--brand-1:#1d4ed8}body{color:red}')
  })
})

describe('a first load’s page (web/server/page-routes.ts: React Router’s matcher over config/routes.universal.ts)', () => {
  it('ranks as the app does: static segments first, optional segments, the splat last', () => {
    const page = (path: string) => matchPage(path)?.route.page
    expect(page('/booking/bkg-1')).toBe('booking')
    // the optional segment: /booking/payments is its static form
    expect(page('/booking/payments')).toBe('booking-payments')
    expect(page('/booking/bkg-1/payments')).toBe('booking-payments')
    expect(page('/travelgroup')).toBe('travel-groups')
    expect(page('/travelgroup/tg-1/checkout')).toBe('checkout')
    expect(page('/')).toBe('bookings')
    expect(page('/nothing/here')).toBe('not-found')
    expect(matchPage('/auth/login')).toMatchObject({ module: 'src/app/routes/guest/login.tsx', firstBundle: true })
    expect(matchPage('/booking/bkg-1')).toMatchObject({ module: 'src/app/routes/customer/booking.tsx', firstBundle: false, params: { id: 'bkg-1' } })
    expect(matchPage('/travelgroup/tg%20x/checkout')?.params).toEqual({ id: 'tg x' })
  })
})

describe('the customer API on the portal’s origin', () => {
  let portal = ''
  let closeAll = () => {}
  const seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = []

  beforeAll(async () => {
    const upstream = createHttpServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body })
        if (req.url?.startsWith('/api/customer/booking/slow')) return // never answers
        res.statusCode = req.url?.includes('missing') ? 404 : 200
        res.setHeader('content-type', 'application/json')
        res.setHeader('x-upstream', 'yes')
        res.end(JSON.stringify({ path: req.url }))
      })
    })
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r))
    const apiUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/customer`
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>')
    const server = createPortalServer({
      distDir: dist,
      apiUrl,
      fetchImpl: fakeFetch,
      log: (l) => logs.push(l),
      apiTimeoutMs: 300,
      trustedProxies: LOOPBACK_PROXY,
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    portal = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    closeAll = () => {
      server.close()
      upstream.close()
    }
  })
  afterAll(() => closeAll())

  it('passes calls on with their method, query, body and headers, and the answer back', async () => {
    const res = await fetch(`${portal}/api/customer/booking/bkg-1/bank-account?lang=es`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer tok_secret', agencyId: 'ag-sol', 'content-type': 'application/json', Origin: 'http://localhost:4173' },
      body: JSON.stringify({ a: 1 }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-upstream')).toBe('yes')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.json()).toEqual({ path: '/api/customer/booking/bkg-1/bank-account?lang=es' })
    const call = seen.at(-1)!
    expect(call).toMatchObject({ method: 'PUT', body: '{"a":1}' })
    expect(call.headers).toMatchObject({ authorization: 'Bearer tok_secret', agencyid: 'ag-sol', origin: 'http://localhost:4173' })
    expect(call.headers['x-forwarded-proto']).toBe('http')
    // who asked, for the API's throttling
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1')
    // the chain a trusted proxy sent, and the proxy itself
    await fetch(`${portal}/api/customer/auth/config`, { headers: { 'x-forwarded-for': '203.0.113.50' } })
    expect(seen.at(-1)!.headers['x-forwarded-for']).toBe('203.0.113.50, 127.0.0.1')
    expect(logs.join('\n')).not.toContain('tok_secret')
    expect((await fetch(`${portal}/api/customer/booking/missing`)).status).toBe(404)
  })

  it('never leaves the API’s path: dot segments, encoded or not, and look-alike prefixes', async () => {
    const before = seen.length
    for (const path of ['/api/customer/../../__mock/reset', '/api/customer/%2e%2e/%2e%2e/__mock/reset', '/api/customer/%2E%2E/x', '/api/customerx/booking']) {
      const raw = await new Promise<number>((resolve) => {
        const req = request(`${portal}${path}`, { method: 'POST' }, (r) => {
          r.resume()
          resolve(r.statusCode ?? 0)
        })
        req.end()
      })
      expect([404, 405], path).toContain(raw)
    }
    expect(seen.slice(before).filter((c) => c.url?.includes('__mock') || !c.url?.startsWith('/api/customer/'))).toEqual([])
  })

  it('an API that does not answer in time is a 503 the client retries', async () => {
    const res = await fetch(`${portal}/api/customer/booking/slow`)
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ code: 'service_unavailable' })
  })

  it('maps the contract’s operations onto the API base, and nothing else', () => {
    expect(apiTarget('POST', '/api/customer/auth/login', 'http://api.example/v1/customer')?.href).toBe('http://api.example/v1/customer/auth/login')
    expect(apiTarget('GET', '/api/customer/booking/bkg-1/payments?x=1', 'http://api.example/v1/customer/')?.href).toBe(
      'http://api.example/v1/customer/booking/bkg-1/payments?x=1',
    )
    expect(apiTarget('HEAD', '/api/customer/booking/bkg-1', 'http://api.example/v1/customer')?.pathname).toBe('/v1/customer/booking/bkg-1')
    for (const [method, path] of [
      ['GET', '/api/customer'],
      ['GET', '/api/customer/'],
      ['GET', '/api/customer/__mock/outbox?to=ana.garcia@example.com'],
      ['PUT', '/api/customer/__mock/scenarios'],
      ['GET', '/api/customer/x/__mock/tenants'],
      ['GET', '/api/customer/..;/__mock/health'],
      ['GET', '/api/customer/../admin'],
      ['GET', '/api/customer//evil.example/x'],
      ['GET', '/api/customer/booking/..'],
      ['GET', '/api/customer/booking/%2e%2E'],
      ['DELETE', '/api/customer/booking/bkg-1'],
      ['POST', '/api/customer/__provider/complete'],
    ]) {
      expect(apiTarget(method!, path!, 'http://api.example/v1/customer'), `${method} ${path}`).toBeNull()
    }
  })

  it('the control API and the card provider of a mock behind it are never reached (404 from the portal, nothing sent)', async () => {
    const before = seen.length
    for (const [method, path] of [
      ['GET', '/api/customer/__mock/outbox?to=ana.garcia%40example.com'],
      ['PUT', '/api/customer/__mock/scenarios'],
      ['GET', '/api/customer/x/__mock/tenants'],
      ['GET', '/api/customer/..;/__mock/health'],
      ['POST', '/api/customer/__provider/complete'],
    ]) {
      const res = await fetch(`${portal}${path}`, { method })
      expect(res.status, path).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'not_found' })
    }
    expect(seen.length).toBe(before)
  })
})

describe('the agency’s config and the page', () => {
  it('is never written into the page (a page a cache keeps must not hold a maintenance switch back): its read starts with the page', async () => {
    const html = await (await get(`/faq`, { headers: { host: 'localhost:4173' } })).text()
    expect(html).not.toContain('__CONFIG__')
    expect(html).not.toContain('"maintenance"')
    expect(configCalls).toEqual([])
  })
})

describe('what a page request gets (web/server/page-cache.ts)', () => {
  it('picks Brotli, then gzip, then none; a q=0 refuses one', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(pickEncoding('*')).toBe('gzip')
    expect(pickEncoding('identity')).toBe('identity')
    expect(pickEncoding(undefined)).toBe('identity')
    expect(pickEncoding('br;q=0, gzip;q=0.0')).toBe('identity')
  })

  it('sends a file gzipped only to a client that takes gzip', async () => {
    expect((await get(`/assets/app.js`, { headers: { 'accept-encoding': 'gzip, br' } })).headers.get('content-encoding')).toBe('gzip')
    expect((await get(`/assets/app.js`, { headers: { 'accept-encoding': 'br, gzip;q=0' } })).headers.get('content-encoding')).toBeNull()
    expect([...acceptedEncodings('*')]).toEqual(['*', 'gzip'])
  })

  it('sends the Brotli or gzip body the build made ahead, by what the browser takes: the same file once decoded', async () => {
    const take = (acceptEncoding: string) => get(`/assets/page.js`, { headers: { 'accept-encoding': acceptEncoding } })
    const br = await take('gzip, deflate, br, zstd')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Number(br.headers.get('content-length'))).toBe(br.body.length)
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE_JS)
    const gz = await take('gzip, br;q=0')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(PAGE_JS)
    const plain = await take('identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(plain.body.toString()).toBe(PAGE_JS)
    // a file the build did not compress (the service worker is written after it) goes gzipped
    expect((await get(`/assets/app.js`, { headers: { 'accept-encoding': 'br, gzip' } })).headers.get('content-encoding')).toBe('gzip')
  })

  it('answers 304 to a tag it sent, weak or strong, in a list or as *', () => {
    const etag = 'W/"abc"'
    expect(matchesEtag('W/"abc"', etag)).toBe(true)
    expect(matchesEtag('"abc"', etag)).toBe(true)
    expect(matchesEtag('"x", W/"abc"', etag)).toBe(true)
    expect(matchesEtag('*', etag)).toBe(true)
    expect(matchesEtag('"abcd"', etag)).toBe(false)
    expect(matchesEtag(undefined, etag)).toBe(false)
  })

  it('makes a page once however many ask for it at the same time, and every encoding says the same', async () => {
    const cache = createPageCache(2)
    let made = 0
    const make = async () => {
      made += 1
      return { html: '<p>hola</p>'.repeat(100), csp: "default-src 'self'" }
    }
    const [a, b] = await Promise.all([cache.get('k', make), cache.get('k', make)])
    expect(made).toBe(1)
    expect(a).toBe(b)
    expect(gunzipSync(a.bodies.gzip).toString()).toBe(a.bodies.identity.toString())
    expect(brotliDecompressSync(a.bodies.br).toString()).toBe(a.bodies.identity.toString())
    expect(a.bodies.br.length).toBeLessThan(a.bodies.identity.length / 10)
    // bounded: the least recently used goes
    await cache.get('k2', make)
    await cache.get('k3', make)
    expect(cache.size).toBe(2)
    await cache.get('k', make)
    expect(made).toBe(4)
  })
})

describe('the page before its code', () => {
  it('says its language from the first byte and lets the app’s code load after what the first paint needs', async () => {
    const english = await (await get(`/faq`, { headers: { host: 'localhost:4173', 'accept-language': 'en-GB,en;q=0.9' } })).text()
    expect(english).toMatch(/^<!doctype html><html lang="en" data-server-lang>/)
    const spanish = await (await get(`/faq`, { headers: { host: 'localhost:4173' } })).text()
    expect(spanish).toMatch(/^<!doctype html><html lang="es" data-server-lang>/)
    expect(lowPriorityAppCode('<script type="module" crossorigin src="/a.js"></script><link rel="modulepreload" crossorigin href="/b.js">')).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/a.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/b.js">',
    )
  })
})

describe('the page’s frame in the page', () => {
  const startWith = async (renderShell: NonNullable<Parameters<typeof createPortalServer>[0]['renderShell']>) => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="es"><head><title>x</title></head><body><div id="root"></div></body></html>')
    const seen: string[] = []
    const server = createPortalServer({
      distDir: dist,
      apiUrl: 'http://api.invalid/api/customer',
      fetchImpl: fakeFetch,
      log: (line) => seen.push(line),
      renderShell,
      trustedProxies: LOOPBACK_PROXY,
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const page = async (path: string, host: string) => {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers: { 'x-forwarded-host': host } })
      return res.text()
    }
    return { page, seen, close: () => server.close() }
  }

  it('is painted in #root instead of the agency’s name, rendered once per route and language', async () => {
    const calls: string[] = []
    const { page, close } = await startWith(({ agency, locale, pathname }) => {
      calls.push(`${agency.id} ${locale} ${pathname}`)
      return {
        markup: `<header class="frame">${agency.id}</header>`,
        frame: pathname.startsWith('/auth') ? 'login' : 'booking',
        messages: { locale, messages: { greeting: ['Hola </script><script>alert(1)</script>'] } },
      }
    })
    try {
      const html = await page('/booking/b-1', 'localhost:4173')
      // the page it frames, for the browser to check before hydrating it
      expect(html).toContain('<div id="root" data-frame="booking"><header class="frame">ag-sol</header></div>')
      expect(html).not.toContain('boot-splash')
      // the texts it was drawn with, as data the page cannot mistake for markup, and not announced for download
      const written = /<script type="application\/json" id="startup-messages">(.*?)<\/script>/.exec(html)
      expect(JSON.parse(written![1]!)).toEqual({ locale: 'es', messages: { greeting: ['Hola </script><script>alert(1)</script>'] } })
      expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length)
      await page('/booking/b-2', 'localhost:4173')
      await page('/auth/login', 'localhost:4173')
      expect(calls).toEqual(['ag-sol es /booking/b-1', 'ag-sol es /auth/login'])
      // a host with no agency: the app's own page says so, no frame
      expect(await page('/', 'nobody.example')).toContain('boot-splash')
    } finally {
      close()
    }
  })

  it('a frame that fails leaves the agency’s name, and says why in the log', async () => {
    const { page, seen, close } = await startWith(() => {
      throw new Error('no catalog')
    })
    try {
      const html = await page('/faq', 'localhost:4173')
      expect(html).toContain('<div id="root"><p class="boot-splash" aria-hidden="true">Viajes &lt;Sol&gt;</p>')
      expect(seen.join('\n')).toContain("the page's frame could not be rendered: no catalog")
    } finally {
      close()
    }
  })
})
