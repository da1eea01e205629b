// The production server (npm run build, then npm run serve): the agency is resolved per request
// from X-Forwarded-Host/Proto or Host, and the first paint is already branded.
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { ensureHostileTenant, EVIL_GROUP, EVIL_NAME, hostileCustomerLink, watchForAttacks } from '../support/hostile'
import { bookByApi, freshCustomer, provider } from '../support/checkout'
import { API, apiToken, signInFast, chooseLanguage, TOKEN_KEY, userMenuButton } from '../support/portal'
import { buildOnce, type ProductionServer, startProductionServer } from '../support/production-server'

let server: ProductionServer | undefined
let port = 0
/** What the server logged (one line per request). */
let serverLog: string[] = []

/** A plain HTTP GET, as a proxy in front of the portal would send it (`bytes`: the body as sent, still encoded). */
const get = (path: string, headers: Record<string, string>, at = port) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: at, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes })
      })
    })
    req.on('error', reject)
    req.end()
  })

/** Holds the app's code back (a slow phone) until the returned function is called. */
async function holdCode(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe.configure({ mode: 'serial' })
// the portal installs as an app: its service worker (the suite blocks them elsewhere)
test.use({ serviceWorkers: 'allow' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  await buildOnce()
  // the requests of this file play the proxy in front (on loopback) too: their X-Forwarded-* headers are believed
  server = await startProductionServer(undefined, undefined, { trustedProxies: 'loopback' })
  port = server.port
  serverLog = server.log
})

test.afterAll(async () => {
  await server?.stop()
})

test('forwarded headers choose the agency: title, link preview, colours, extra CSS, agency data', async () => {
  const norte = await get('/auth/login', { Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': 'norte.localhost', 'X-Forwarded-Proto': 'https' })
  expect(norte.status).toBe(200)
  expect(norte.body).toContain('<title>Aventura Norte</title>')
  expect(norte.body).toContain('<meta property="og:site_name" content="Aventura Norte" />')
  expect(norte.body).toMatch(/<style id="brand-vars">:root\{--brand-1:#0f766e;/)
  expect(norte.body).toContain('window.__AGENCY__={"id":"ag-norte"')
  expect(String(norte.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/)

  const sol = await get('/', { Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': 'sol.localhost' })
  expect(sol.body).toContain('<title>Viajes Sol</title>')
  expect(sol.body).toMatch(/id="brand-vars">:root\{--brand-1:#c2410c;/)
  expect(sol.body).toMatch(/<style id="brand-extra">\.site-header/)

  // Without forwarded headers, the Host header decides.
  const mar = await get('/faq', { Host: 'mar.localhost' })
  expect(mar.body).toContain('<title>Mar Azul Viajes</title>')
})

test("each agency installs as its own app: a manifest and an icon per host, in the visitor's language", async ({ page }) => {
  const sol = await get('/manifest.webmanifest', { Host: `127.0.0.1:${port}`, 'X-Forwarded-Host': 'sol.localhost' })
  expect(sol.status).toBe(200)
  expect(sol.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
  expect(JSON.parse(sol.body)).toMatchObject({
    name: 'Viajes Sol',
    short_name: 'Viajes Sol',
    lang: 'es',
    start_url: '/',
    display: 'standalone',
    theme_color: '#c2410c',
    icons: [
      { src: '/app-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/app-icon.svg?maskable', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  })
  const norte = await get('/manifest.webmanifest', { Host: 'norte.localhost', 'Accept-Language': 'en-GB,en;q=0.9' })
  const norteManifest = JSON.parse(norte.body) as { name: string; short_name: string; lang: string; theme_color: string; description: string }
  expect(norteManifest).toMatchObject({ name: 'Aventura Norte', short_name: 'Aventura', lang: 'en', theme_color: '#0f766e' })
  expect(norteManifest.description).toBe('Aventura Norte: bookings, payments and documents for your group trips.')

  // the icon: Viajes Sol's logo on its background; an agency without a logo gets its initial on its colour
  const solIcon = await get('/app-icon.svg', { Host: 'sol.localhost' })
  expect(solIcon.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
  expect(solIcon.body).toMatch(/^<svg [^>]*viewBox="0 0 512 512"><rect [^>]*fill="#[0-9a-f]{6}"\/><image href="data:image\/svg\+xml/)
  expect(String(solIcon.headers['content-security-policy'])).toContain("default-src 'none'")
  const plain = await get('/app-icon.svg?maskable', { Host: 'norte.localhost' })
  expect(plain.body).toMatch(/<rect [^>]*fill="#0f766e"\/><text [^>]*fill="#ffffff">A<\/text><\/svg>$/)

  // the page links them, and Chromium reads the manifest as installable
  const html = await get('/', { Host: 'sol.localhost' })
  expect(html.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
  expect(html.body).toContain('<meta name="theme-color" content="#c2410c" />')
  expect(html.body).not.toContain('href="data:,"')
  await page.goto(`http://sol.localhost:${port}/auth/login`)
  const cdp = await page.context().newCDPSession(page)
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] }
  expect(errors).toEqual([])
  // with the service worker in control, Chromium finds nothing that stops the install (but the test
  // browser's own private profile)
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
})

test('in the browser: branded first paint, no lookup from the page, sign-in works under the CSP', async ({ page }) => {
  const origin = `http://norte.localhost:${port}`
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  let lookups = 0
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/customer/agency')) lookups += 1
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname)
  })

  await page.goto(`${origin}/auth/login`)
  await expect(page).toHaveTitle(/Aventura Norte/)
  await expect(page.getByRole('link', { name: /Aventura Norte/ }).first()).toHaveText('Aventura Norte')
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-1').trim())).toBe('#0f766e')
  expect(lookups).toBe(0)
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/production-norte-login.png', fullPage: true })

  await page.getByRole('tab', { name: 'Con contraseña' }).click()
  await page.getByLabel('Email', { exact: true }).fill('laura.martin@example.com')
  await page.getByLabel('Contraseña', { exact: true }).fill('viaje2026')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(1)
  // A tab of the booking page: code loaded by a lazy page itself.
  await page.getByRole('article').getByRole('link').first().click()
  await page.getByRole('tab', { name: 'Contacto' }).click()
  await expect(page.getByRole('tabpanel')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Contacto' })).toHaveAttribute('aria-selected', 'true')
  // The entry stylesheet is fetched once, by the page: never again by a lazy page's preloader (a late
  // copy would put the default colours back over the agency's), and the agency's colours hold.
  expect(stylesheets.filter((path) => /\/assets\/app-[\w-]+\.css$/.test(path))).toHaveLength(1)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-1').trim())).toBe('#0f766e')
  await page.screenshot({ path: 'test-results/screenshots/production-norte-bookings.png', fullPage: true })
  expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([])
})

test('before its code: the first paint is the agency’s frame, in the visitor’s language (two agencies, Spanish and English)', async ({ browser, request }) => {
  for (const [host, name, brand] of [
    ['sol.localhost', 'Viajes Sol', '#c2410c'],
    ['norte.localhost', 'Aventura Norte', '#0f766e'],
  ] as const) {
    for (const [language, lang] of [
      ['es-ES', 'es'],
      ['en-GB', 'en'],
    ] as const) {
      const context = await browser.newContext({ locale: language, serviceWorkers: 'block' })
      const page = await context.newPage()
      // what a phone shows while the app's code is still on its way: the HTML alone
      await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
      const res = await page.goto(`http://${host}:${port}/faq`)
      expect(res!.headers()['cache-control']).toContain('s-maxage=')
      expect(await page.locator('html').getAttribute('lang')).toBe(lang)
      await expect(page).toHaveTitle(name)
      // the app's own frame, from the server: the agency's mark, the language, signing in, the loading state
      await expect(page.getByRole('banner').getByRole('link', { name: lang === 'es' ? `${name}: inicio` : `${name}: home` })).toBeVisible()
      await expect(page.getByRole('button', { name: lang === 'es' ? 'Idioma: Español' : 'Language: English' })).toBeVisible()
      await expect(page.getByRole('link', { name: lang === 'es' ? 'Acceder' : 'Sign in' })).toBeVisible()
      await expect(page.getByRole('status').first()).toHaveText(lang === 'es' ? 'Cargando…' : 'Loading…')
      // and the page's own title, which needs no data
      await expect(page.getByRole('heading', { level: 1, name: lang === 'es' ? 'Preguntas frecuentes' : 'FAQ' })).toBeVisible()
      await expect(page.getByRole('contentinfo')).toContainText(name)
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-1').trim())).toBe(brand)
      await page.screenshot({ path: `test-results/screenshots/first-paint-${host.split('.')[0]}-${lang}.png` })
      await context.close()
    }
  }
  // a page only a customer sees, opened by one: the account menu (nameless: nothing personal is in a page), not "Acceder"
  const context = await browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' })
  await context.addCookies([{ name: TOKEN_KEY, value: await apiToken(request, 'ana.garcia@example.com'), url: `http://sol.localhost:${port}` }])
  const page = await context.newPage()
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.goto(`http://sol.localhost:${port}/booking/bkg-sol-1001`)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Acceder' })).toHaveCount(0)
  // a booking's title is its trip: the page says it is loading, the rest is the shape of what comes
  await expect(page.getByRole('status')).toHaveText('Cargando la reserva…')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screenshots/first-paint-sol-es-booking.png' })
  // pages whose title needs no data paint it with the frame, where the page draws it
  for (const [path, title, loading, drawnWhen] of [
    ['/', 'Mis reservas', 'Cargando tus reservas…', page.getByRole('list', { name: 'Reservas' })],
    ['/travelgroup/tg-sol-lon/checkout', 'Reserva tu plaza', 'Cargando la reserva…', page.getByRole('heading', { name: 'Elige tu pack' })],
  ] as const) {
    await page.goto(`http://sol.localhost:${port}${path}`)
    const heading = page.getByRole('heading', { level: 1, name: title })
    await expect(heading).toBeVisible()
    await expect(page.getByRole('status')).toHaveText(loading)
    await expectNoSeriousA11yViolations(page)
    const painted = await heading.boundingBox()
    await page.screenshot({ path: `test-results/screenshots/first-paint-sol-es${path.replace(/\//g, '-').replace(/-$/, '')}.png` })
    // with the code: the page's own heading lands where the painted one was
    await page.unroute(/\/assets\/.+\.js$/)
    await page.reload()
    await expect(drawnWhen).toBeVisible()
    const drawn = await heading.boundingBox()
    expect(Math.abs(drawn!.y - painted!.y), path).toBeLessThanOrEqual(1)
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  }
  await context.close()
})

test('the sign-in form is in the page before its code: what is typed there stays, and nothing is sent before the app can', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' })
  const page = await context.newPage()
  // the app's code held back, as on a slow phone, until the traveller has typed
  const release = await holdCode(page)
  const pages: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest()) pages.push(request.url())
  })
  await page.goto(`http://sol.localhost:${port}/auth/login`, { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1, name: 'Accede a tus reservas' })).toBeVisible()
  const email = page.getByLabel('Email', { exact: true })
  await email.fill('ana.garcia@example.com')
  // Enter, and the button: the browser would send the form itself, the address in the page's URL
  await email.press('Enter')
  const send = page.getByRole('button', { name: 'Enviarme el enlace' })
  await expect(send).toBeDisabled()
  await page.screenshot({ path: 'test-results/screenshots/first-paint-sol-es-login.png' })
  release()
  await expect(send).toBeEnabled()
  await expect(email).toHaveValue('ana.garcia@example.com')
  await send.click()
  await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado un enlace de acceso' })).toBeVisible()
  expect(pages).toEqual([`http://sol.localhost:${port}/auth/login`])
  await context.close()
})

test('a press on the painted header before the code is answered once the app has taken over, once', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' })
  await context.addCookies([{ name: TOKEN_KEY, value: await apiToken(request, 'ana.garcia@example.com'), url: `http://sol.localhost:${port}` }])
  const page = await context.newPage()
  // the app's code held back, as on a slow phone, while the traveller taps the header
  const release = await holdCode(page)
  await page.goto(`http://sol.localhost:${port}/`, { waitUntil: 'commit' })
  const language = page.getByRole('button', { name: 'Idioma: Español' })
  await language.click()
  await expect(page.getByRole('menu')).toHaveCount(0)
  release()
  // the same press, answered: the menu open on the language chosen, and not closed again by a second one
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeVisible()
  await expect(language).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('list', { name: 'Reservas' })).toBeVisible()
  await expect(language).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(language).toHaveAttribute('aria-expanded', 'false')
  await expect(language).toBeFocused()
  // from then on a press is React's alone: one press, one menu
  await userMenuButton(page).click()
  await expect(userMenuButton(page)).toHaveAttribute('aria-expanded', 'true')
  await context.close()
})

test('the app takes over the frame as painted: hydrated, never drawn again or taken away, in Spanish and English', async ({ browser, request }) => {
  // Before the app's code runs: the layout the server painted, watched from then on. Replaced (a render
  // instead of hydration) or taken away for a moment (a first render without it), the watcher says so.
  const watchFrame = () => {
    const w = window as unknown as { frameLayout?: Element | null; frameLost?: boolean }
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      w.frameLayout = document.querySelector('#root > .layout, #root > .guest-layout')
      new MutationObserver(() => {
        if (w.frameLayout && !w.frameLayout.isConnected) w.frameLost = true
      }).observe(document.getElementById('root')!, { childList: true })
    })
  }
  const origin = `http://sol.localhost:${port}`
  const token = await apiToken(request, 'ana.garcia@example.com')
  for (const [locale, lang] of [
    ['es-ES', 'es'],
    ['en-GB', 'en'],
  ] as const) {
    for (const [path, signedIn, ready] of [
      ['/auth/login', false, { es: 'Accede a tus reservas', en: 'Sign in to your bookings' }],
      ['/faq', false, { es: 'Preguntas frecuentes', en: 'FAQ' }],
      ['/', true, { es: 'Mis reservas', en: 'My bookings' }],
      ['/booking/bkg-sol-1001', true, null],
    ] as const) {
      const context = await browser.newContext({ locale, serviceWorkers: 'block' })
      if (signedIn) await context.addCookies([{ name: TOKEN_KEY, value: token, url: origin }])
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(error.message))
      await page.addInitScript(watchFrame)
      await page.goto(`${origin}${path}`)
      if (ready) await expect(page.getByRole('heading', { level: 1, name: ready[lang] })).toBeVisible()
      else await expect(page.getByRole('tablist')).toBeVisible()
      const frame = await page.evaluate(() => {
        const w = window as unknown as { frameLayout?: Element | null; frameLost?: boolean }
        return { painted: Boolean(w.frameLayout), kept: w.frameLayout?.isConnected === true, lost: w.frameLost === true }
      })
      expect(frame, `${path} in ${lang}`).toEqual({ painted: true, kept: true, lost: false })
      // React says so when a hydration fails (in production: errors #418, #423, #425)
      expect(
        problems.filter((text) => /hydrat|#41[89]|#42[35]/i.test(text)),
        `${path} in ${lang}`,
      ).toEqual([])
      await context.close()
    }
  }
  // A browser whose own languages differ from what it sent (a headless one sends no Accept-Language):
  // the page stays in the language it was drawn in, the frame kept, its catalog the only one fetched.
  const context = await browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'languages', { get: () => ['en-US'] })
    Object.defineProperty(navigator, 'language', { get: () => 'en-US' })
  })
  const catalogs: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/messages-/.test(request.url())) catalogs.push(request.url())
  })
  await page.addInitScript(watchFrame)
  await page.goto(`${origin}/faq`)
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible()
  expect(await page.locator('html').getAttribute('lang')).toBe('es')
  expect(await page.evaluate(() => (window as unknown as { frameLost?: boolean }).frameLost === true)).toBe(false)
  const { body: html } = await get('/faq', { Host: `sol.localhost:${port}`, 'Accept-Language': 'es-ES' })
  expect(
    catalogs.every((url) => html.includes(new URL(url).pathname)),
    catalogs.join(', '),
  ).toBe(true)
  await context.close()

  // A page drawn in Spanish (kept by the service worker before the traveller chose English) opened with the
  // English cookie: the app draws its page in English over the frame, no hydration of the other language.
  const chosen = await browser.newContext({ locale: 'es-ES', serviceWorkers: 'block' })
  await chosen.addCookies([{ name: 'lang', value: 'en', url: origin }])
  const reopened = await chosen.newPage()
  const problems: string[] = []
  reopened.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  reopened.on('pageerror', (error) => problems.push(error.message))
  await reopened.route(`${origin}/faq`, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }))
  await reopened.goto(`${origin}/faq`)
  await expect(reopened.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible()
  await expect(reopened.getByRole('button', { name: 'Language: English' })).toBeVisible()
  expect(problems.filter((text) => /hydrat|#41[89]|#42[35]/i.test(text))).toEqual([])
  await chosen.close()
})

test('the painted header answers while the saved reads are still coming back from IndexedDB; the page waits for them', async ({ browser, request }) => {
  const origin = `http://sol.localhost:${port}`
  const token = await apiToken(request, 'ana.garcia@example.com')
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.addCookies([{ name: TOKEN_KEY, value: token, url: origin }])
  const page = await context.newPage()
  // IndexedDB held shut until the test lets it open (a slow disk, a busy phone): the saved reads cannot come back
  await page.addInitScript(() => {
    const held: (() => void)[] = []
    let opened = false
    ;(window as unknown as { openIndexedDb: () => void }).openIndexedDb = () => {
      opened = true
      for (const go of held.splice(0)) go()
    }
    const realOpen = IDBFactory.prototype.open
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      let real: IDBOpenDBRequest | undefined
      const handlers: Record<string, ((event: Event) => void) | null> = {}
      const request = {
        get result() {
          return real?.result
        },
        get error() {
          return real?.error
        },
      }
      for (const type of ['success', 'error', 'upgradeneeded', 'blocked', 'complete', 'abort'])
        Object.defineProperty(request, `on${type}`, { get: () => handlers[type] ?? null, set: (handler) => (handlers[type] = handler) })
      const go = () => {
        real = realOpen.apply(this, args)
        for (const type of ['success', 'error', 'upgradeneeded', 'blocked']) real.addEventListener(type, (event) => handlers[type]?.call(request, event))
      }
      if (opened) go()
      else held.push(go)
      return request as unknown as IDBOpenDBRequest
    }
  })
  await page.goto(`${origin}/`)
  // the app has taken the frame over (it drops the HTML's session mark then), the saved reads still held
  await expect(page.locator('html')).not.toHaveAttribute('data-session', /.*/)
  // the page's own title painted with the frame, its list not drawn
  await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
  const bookings = page.getByRole('list', { name: 'Reservas' })
  await expect(bookings).toBeHidden()
  const account = userMenuButton(page)
  await account.focus()
  await page.keyboard.press('Enter')
  await expect(account).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(account).toHaveAttribute('aria-expanded', 'false')
  // the page itself comes once they are back
  await expect(bookings).toBeHidden()
  await page.evaluate(() => (window as unknown as { openIndexedDb: () => void }).openIndexedDb())
  await expect(bookings).toBeVisible()
  await context.close()
})

test('the header never says "Acceder" to someone signed in, nor shows an account to someone who is not: before the app and as it takes over', async ({
  browser,
  request,
}) => {
  const origin = `http://sol.localhost:${port}`
  const token = await apiToken(request, 'ana.garcia@example.com')
  // On every frame from the first paint on: was the sign-in link or the account menu on screen?
  const watchHeader = () => {
    const w = window as unknown as { shown?: { signIn: boolean; account: boolean } }
    w.shown = { signIn: false, account: false }
    const look = () => {
      const visible = (selector: string) => document.querySelector(selector)?.checkVisibility({ visibilityProperty: true }) === true
      if (visible('.site-header__signin')) w.shown!.signIn = true
      if (visible('.user-menu')) w.shown!.account = true
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  }
  for (const [path, signedIn, shows] of [
    // a public page: its frame is drawn signed out
    ['/travelgroup/tg-sol-lon', true, { signIn: false, account: true }],
    ['/travelgroup/tg-sol-lon', false, { signIn: true, account: false }],
    // a customer's page: its frame is drawn signed in; without a session the visitor is sent to sign in
    ['/', true, { signIn: false, account: true }],
    ['/', false, { signIn: false, account: false }],
  ] as const) {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    if (signedIn) await context.addCookies([{ name: TOKEN_KEY, value: token, url: origin }])
    // the frame alone, the app's code held back
    const before = await context.newPage()
    await before.route(/\/assets\/.+\.js$/, (route) => route.abort())
    await before.goto(`${origin}${path}`)
    await expect(before.locator('.site-header')).toBeVisible()
    await expect(before.locator(signedIn ? '.site-header__signin' : '.user-menu')).toBeHidden()
    if (shows.signIn) await expect(before.getByRole('link', { name: 'Acceder' })).toBeVisible()
    await before.close()
    // then with the app, watched from the first paint until it has drawn the page itself
    const page = await context.newPage()
    await page.addInitScript(watchHeader)
    await page.goto(`${origin}${path}`)
    if (shows.account) await expect(page.locator('.user-menu')).toBeVisible()
    else if (shows.signIn) await expect(page.getByRole('link', { name: 'Acceder' })).toBeVisible()
    else await expect(page.getByRole('heading', { level: 1, name: 'Accede a tus reservas' })).toBeVisible()
    await expect(page.locator('html')).not.toHaveAttribute('data-session')
    const shown = await page.evaluate(() => (window as unknown as { shown: { signIn: boolean; account: boolean } }).shown)
    // never the wrong one: no "Acceder" for a session, no account without one
    expect(shown.account, `${path} ${signedIn ? 'signed in' : 'signed out'}`).toBe(signedIn)
    if (signedIn) expect(shown.signIn, `${path} signed in`).toBe(false)
    await context.close()
  }
})

test('a booking opened from its address: its data asked for once, started by the page itself before the app, in Spanish and English', async ({
  browser,
  request,
}) => {
  const origin = `http://norte.localhost:${port}`
  for (const [locale, tab, heading] of [
    ['es-ES', 'Experiencia', 'Tu viaje'],
    ['en-GB', 'Experience', 'Your trip'],
  ] as const) {
    const context = await browser.newContext({ locale, serviceWorkers: 'block' })
    const page = await context.newPage()
    const token = await signInFast(context, request, 'laura.martin@example.com', origin, 'ag-norte')
    const bookings = (await (await request.get(`${API}/booking`, { headers: { agencyId: 'ag-norte', Authorization: `Bearer ${token}` } })).json()) as {
      id: string
    }[]
    const id = bookings[0]!.id
    const reads: string[] = []
    page.on('request', (req) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname.startsWith('/api/customer/')) reads.push(new URL(req.url()).pathname)
    })
    await page.goto(`${origin}/booking/${encodeURIComponent(id)}`)
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByRole('button', { name: /Laura/ })).toBeVisible()
    // the page's HTML started these; the app took the answers instead of asking again (the config too: the first
    // route waits for it, so a second read would hold the page back a round trip)
    for (const path of [`/api/customer/booking/${id}`, `/api/customer/booking/${id}/travel-group`, '/api/customer/auth/profile', '/api/customer/auth/config']) {
      expect(
        reads.filter((read) => read === path),
        `${locale} ${path}`,
      ).toHaveLength(1)
    }
    const { body: html } = await get(`/booking/${encodeURIComponent(id)}`, { Host: `norte.localhost:${port}` })
    expect(html).toContain('__EARLY_READS__')
    expect(html).not.toContain(token)
    await context.close()
  }
})

test("ICU's number data loads in a worker the page starts as it parses, before the app's code, under the CSP; the worker then ends", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(worker.url()))
  const release = await holdCode(page)
  // its end watched from the moment it is seen: a worker that answers at once may end before the next await
  const first = page.waitForEvent('worker').then((worker) => ({ worker, ended: new Promise((resolve) => worker.once('close', resolve)) }))
  await page.goto(`http://norte.localhost:${port}/auth/login`, { waitUntil: 'commit' })
  // made from its code as text while the app's code is still held: nothing of it waits for a download
  const { worker, ended } = await first
  expect(worker.url()).toMatch(/^data:text\/javascript,/)
  // it answered (its formatters made), and was ended
  await ended
  release()
  // the app has started (a tab answers), and started no second one
  await page.getByRole('tab', { name: 'With password' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
  expect(workers).toHaveLength(1)
  expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([])
  await context.close()
})

test('the built portal’s lazy parts bring their texts: a booking tab and a checkout step, in Spanish then English', async ({ page, context, request }) => {
  const origin = `http://localhost:${port}`
  await signInFast(context, request, 'ana.garcia@example.com', origin)
  // (a text missing from the part of the catalog that came with the code would show as its id)
  // A tab loaded on its own (its code and all lazy messages), then the language switched.
  await page.goto(`${origin}/booking/bkg-sol-1001`)
  await page.getByRole('tab', { name: 'Contacto' }).click()
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Contacto con la agencia' })).toBeVisible()
  await chooseLanguage(page, 'en')
  await expect(page.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Contact the agency' })).toBeVisible()

  // A fresh page load in English: the checkout's part of the catalog, then a later step's code.
  await page.goto(`${origin}/travelgroup/tg-sol-lon/checkout`)
  await expect(page.locator('#checkout-step-title')).toHaveText('Choose your pack')
  await page.getByRole('radio', { name: /^Basic pack/ }).check()
  await page.getByLabel('How many people are travelling?').selectOption('2')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.locator('#checkout-step-title')).toHaveText('Choose your rooms')
})

test('a page opened from its address carries its own texts: no catalog file fetched, in Spanish and English, and the other language still comes', async ({
  browser,
  request,
}) => {
  const origin = `http://localhost:${port}`
  for (const [locale, heading, otherHeading] of [
    ['es-ES', 'Alojamiento', 'Accommodation'],
    ['en-GB', 'Accommodation', 'Alojamiento'],
  ] as const) {
    const context = await browser.newContext({ locale, serviceWorkers: 'block' })
    await signInFast(context, request, 'ana.garcia@example.com', origin)
    const page = await context.newPage()
    const catalogs: string[] = []
    page.on('request', (req) => {
      if (/\/assets\/messages-/.test(req.url())) catalogs.push(new URL(req.url()).pathname)
    })
    await page.goto(`${origin}/travelgroup/tg-sol-lon`)
    // the route's own texts (a text missing from them would show as its id)
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    expect(catalogs, locale).toEqual([])
    // the other language: its parts are fetched, the page redrawn in it
    await chooseLanguage(page, locale === 'es-ES' ? 'en' : 'es')
    await expect(page.getByRole('heading', { level: 2, name: otherHeading })).toBeVisible()
    expect(catalogs.length, locale).toBeGreaterThan(0)
    await context.close()
  }
})

test('every script a page loads is marked for compiling as it streams in, the same in Brotli, gzip and plain', async ({ page, context, request }) => {
  const origin = `http://localhost:${port}`
  await signInFast(context, request, 'ana.garcia@example.com', origin)
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (/^\/assets\/.+\.js$/.test(pathname)) scripts.add(pathname)
  })
  // the first bundle, the checkout's chunks and a later step's
  await page.goto(`${origin}/travelgroup/tg-sol-lon/checkout`)
  await page.getByRole('radio', { name: /^Pack básico/ }).check()
  await page.getByLabel('¿Cuántas personas viajan?').selectOption('2')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.locator('#checkout-step-title')).toHaveText('Elige las habitaciones')
  expect(scripts.size).toBeGreaterThan(3)
  for (const path of scripts) {
    const plain = await get(path, { 'Accept-Encoding': 'identity' })
    const brotli = await get(path, { 'Accept-Encoding': 'br' })
    const gzip = await get(path, { 'Accept-Encoding': 'gzip' })
    expect([plain.headers['content-encoding'], brotli.headers['content-encoding'], gzip.headers['content-encoding']], path).toEqual([undefined, 'br', 'gzip'])
    // V8 reads the hint on a file's first line only (decision 031)
    expect(plain.body.startsWith('//# allFunctionsCalledOnLoad\n'), path).toBe(true)
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes), `${path}: Brotli`).toBe(true)
    expect(gunzipSync(gzip.bytes).equals(plain.bytes), `${path}: gzip`).toBe(true)
  }
})

test('the mock’s control API and card provider are out of reach through the portal; only files that exist are served', async ({ page, request }) => {
  const origin = `http://localhost:${port}`
  // what an attacker would try from the public port: anyone's sign-in link, the scenarios, a forged payment
  for (const [method, path] of [
    ['GET', '/api/customer/__mock/outbox?to=ana.garcia%40example.com'],
    ['PUT', '/api/customer/__mock/scenarios'],
    ['GET', '/api/customer/x/__mock/tenants'],
    ['GET', '/api/customer/..;/__mock/health'],
    ['POST', '/api/customer/__provider/complete'],
  ] as const) {
    const res = await request.fetch(`${origin}${path}`, { method })
    expect(res.status(), `${method} ${path}`).toBe(404)
    expect(await res.text()).not.toMatch(/mails|scenarios|tenants|seed|Pasarela/)
  }
  // an operation of the contract still goes through
  expect((await request.get(`${origin}/api/customer/auth/config`, { headers: { agencyId: 'ag-sol' } })).status()).toBe(200)

  const robots = await request.get(`${origin}/robots.txt`)
  expect(robots.headers()['content-type']).toContain('text/plain')
  expect(await robots.text()).toContain('Disallow: /')
  for (const missing of ['/mockServiceWorker.js', '/favicon.ico', '/sitemap.xml', '/wp-login.php']) {
    expect((await request.get(`${origin}${missing}`)).status(), missing).toBe(404)
  }
  // a page of the app is still the app
  await page.goto(`${origin}/faq`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a forwarded host reaches the page from a trusted proxy only: the browser behind it gets that agency', async ({ page }) => {
  // The proxy (on loopback, as the browser is) is played by rewriting the page request's headers.
  const behindProxy = async (at: number) => {
    await page.unrouteAll()
    await page.route(`http://127.0.0.1:${at}/**`, async (route) => {
      const headers = { ...route.request().headers(), 'x-forwarded-host': 'mar.localhost', 'x-forwarded-proto': 'http' }
      await route.continue({ headers })
    })
    await page.goto(`http://127.0.0.1:${at}/faq`)
  }
  await behindProxy(port)
  await expect(page).toHaveTitle(/Mar Azul Viajes/)
  await expect(page.locator('header').getByRole('img', { name: 'Mar Azul Viajes' })).toBeVisible()
  await expect(page.getByText('¿Cuándo tengo que pagar?')).toBeVisible()
  // a server that trusts no proxy (the default): a client's X-Forwarded-Host is not another agency's page under this host
  const untrusting = await startProductionServer()
  try {
    await behindProxy(untrusting.port)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).not.toHaveTitle(/Mar Azul Viajes/)
    expect((await get('/faq', { Host: 'sol.localhost', 'X-Forwarded-Host': 'mar.localhost' }, untrusting.port)).body).toContain('<title>Viajes Sol</title>')
  } finally {
    await untrusting.stop()
  }
})

test('a hostile tenant behind the CSP: name as text, nothing loaded from elsewhere, nothing run', async ({ page, request }) => {
  await ensureHostileTenant(request)
  const origin = `http://evil.localhost:${port}`
  const attacks = watchForAttacks(page)
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text())
  })

  const res = await page.goto(`${origin}/legal`)
  const csp = (await res!.allHeaders())['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/)
  expect(csp).not.toMatch(/unsafe-inline|nonce-/)
  expect(csp).not.toContain('attacker.example')
  await expect(page).toHaveTitle(new RegExp(`${EVIL_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await expect(page.getByRole('link', { name: EVIL_NAME }).first()).toBeVisible()
  await expect(page.getByText('Texto legal seguro.')).toBeVisible()
  await page.goto(`${origin}/faq`)
  await page.getByText('¿Es <b>seguro</b>?').click()
  await expect(page.getByText('Texto faq seguro.')).toBeVisible()
  await page.goto(`${origin}/travelgroup/${EVIL_GROUP}`)
  await expect(page.getByText('Texto description seguro.')).toBeVisible()
  await attacks.expectNothingHappened()
  // DOMPurify parses the hostile HTML into an inert document that shares the page's CSP, so the CSP
  // reports (and blocks) the handlers, style attributes and <base> it meets there before the sanitizer
  // drops them. Anything else reported would be something that reached the page.
  expect(violations.filter((text) => !/inline event handler|inline style|base URI/.test(text))).toEqual([])
})

test('a sign-in link through the production server: no trace of it in the server’s log', async ({ page, request }) => {
  const mailed = new URL(await hostileCustomerLink(request, 'victima.registro@example.com'))
  const [, , , id, token] = mailed.pathname.split('/')
  await page.goto(`http://evil.localhost:${port}${mailed.pathname}`)
  await expect(page).toHaveURL(/\/travelgroup\/tg-evil-v1-a\/checkout/)
  await expect.poll(() => serverLog.some((line) => line.startsWith('GET /auth/autologin/'))).toBe(true)
  expect(serverLog.filter((line) => line.includes(token!) || line.includes(id!))).toEqual([])
  expect(serverLog.some((line) => /^GET \/auth\/autologin\/\*\*\*\/\*\*\* 200 /.test(line))).toBe(true)
})

test('a card payment under the CSP: the form goes to the provider and nowhere else, and the payer comes back', async ({ page, request }) => {
  const origin = `http://localhost:${port}`
  const csp = (await get('/', { Host: `localhost:${port}` })).headers['content-security-policy']
  // forms post to the portal and to the card provider (by default the API's origin, where the mock serves it)
  expect(String(csp)).toContain(`form-action 'self' ${new URL(API).origin};`)

  const { token: tok } = await freshCustomer(request, 'ag-sol', 'tg-sol-rom', 'Pago Producción')
  const bookingId = await bookByApi(
    request,
    tok,
    'ag-sol',
    { group: 'tg-sol-rom', members: 2, plan: 3, rooms: [{ hosting_id: 'tg-sol-rom-hst-2', quantity: 1 }] },
    origin,
  )
  await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: origin }])
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text())
  })
  await page.goto(`${origin}/booking/${bookingId}/payments`)
  await page.getByRole('button', { name: /^Pagar el plazo 2 / }).click()
  await provider(page, 'approve')
  await expect(page).toHaveURL(new RegExp(`^${origin}/payment/pay-`))
  await expect(page.getByRole('heading', { level: 1, name: 'Pago realizado correctamente' })).toBeVisible()
  expect(violations).toEqual([])
})
