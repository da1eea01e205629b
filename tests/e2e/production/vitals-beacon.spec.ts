// What travellers really get: the production portal sends each page view's Core Web Vitals once, after the page
// is hidden, to its own origin; the server writes them as JSON lines holding the route's template, the agency,
// the vitals and the device's memory and connection — nothing of the traveller, the booking or the session.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '../support/test'
import { apiToken, TOKEN_KEY } from '../support/portal'
import { buildOnce, type ProductionServer, startProductionServer } from '../support/production-server'

let server: ProductionServer | undefined
let origin = ''
const rumFile = join(mkdtempSync(join(tmpdir(), 'portal-rum-')), 'rum.jsonl')
const lines = () => (existsSync(rumFile) ? readFileSync(rumFile, 'utf8').split('\n').filter(Boolean) : [])

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  await buildOnce()
  server = await startProductionServer(undefined, undefined, { rumFile })
  origin = `http://localhost:${server.port}`
})

test.afterAll(async () => {
  await server?.stop()
})

test('a page view sends its vitals once, after the page is hidden, and nothing personal', async ({ page, context, request }) => {
  const token = await apiToken(request, 'ana.garcia@example.com')
  await context.addCookies([{ name: TOKEN_KEY, value: token, url: origin }])
  await page.goto(`${origin}/booking/bkg-sol-1001`)
  await expect(page.locator('html')).toHaveAttribute('data-vitals', '/__rum')
  // the measuring code starts once the page is idle: a press before it is not one web-vitals sees (its LCP settles
  // at the first trusted press or leave, and this test's leaves are dispatched, not trusted)
  await expect(page.locator('html')).toHaveAttribute('data-vitals-measuring', '')
  const tabs = page.getByRole('tablist', { name: 'Secciones de la reserva' })
  await tabs.getByRole('tab', { name: /^Pagos/ }).click()
  await expect(page.getByRole('tabpanel')).toBeVisible()
  // settled and idle, still shown: nothing sent yet
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1_000)
  expect(lines()).toEqual([])

  // hidden, shown again, hidden again (as switching apps on a phone does; headless Chromium keeps every tab
  // visible, so the page is told), then left for good: one beacon
  const showAs = (state: 'hidden' | 'visible') =>
    page.evaluate((visibility) => {
      Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    }, state)
  await showAs('hidden')
  await expect.poll(() => lines().length).toBe(1)
  await showAs('visible')
  await showAs('hidden')
  await showAs('visible')
  await page.goto('about:blank')
  await page.waitForTimeout(500)
  expect(lines()).toHaveLength(1)

  const beacon = JSON.parse(lines()[0]!) as Record<string, unknown>
  expect(Object.keys(beacon).every((key) => ['at', 'route', 'agency', 'lcp', 'inp', 'cls', 'memory', 'connection'].includes(key))).toBe(true)
  expect(beacon).toMatchObject({ route: '/booking/:id', agency: 'ag-sol', lcp: expect.any(Number), cls: expect.any(Number) })
  // the tab was a tap: the page had an interaction to measure
  expect(beacon['inp']).toEqual(expect.any(Number))
  const written = lines()[0]!
  for (const personal of ['bkg-sol-1001', token, 'ana.garcia', 'Ana', 'tok_']) expect(written).not.toContain(personal)
  // the server's log names the beacon's path, never its contents
  expect(server!.log.filter((line) => line.startsWith('POST /__rum'))).toEqual([expect.stringMatching(/^POST \/__rum 204 \d+ms$/)])
})

test('a server that takes no vitals marks no page, and its pages send none', async ({ page }) => {
  const off = await startProductionServer()
  try {
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    await page.goto(`http://localhost:${off.port}/auth/login`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.locator('html').getAttribute('data-vitals')).toBeNull()
    await page.goto('about:blank')
    expect(requests).not.toContain('/__rum')
    expect((await fetch(`http://localhost:${off.port}/__rum`, { method: 'POST', body: '{}' })).status).toBe(404)
  } finally {
    await off.stop()
  }
})

test('a server that takes a share of the page views: a view out of it loads no measuring code and sends nothing; one in it says the share', async ({
  page,
}) => {
  const sampledFile = join(mkdtempSync(join(tmpdir(), 'portal-rum-')), 'rum.jsonl')
  const sampled = await startProductionServer(undefined, undefined, { rumFile: sampledFile, rumSample: 0.1 })
  const sampledLines = () => (existsSync(sampledFile) ? readFileSync(sampledFile, 'utf8').split('\n').filter(Boolean) : [])
  const hide = () =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    })
  try {
    // the page's draw, made certain: first a view out of the tenth, then one in it
    for (const [draw, sent] of [
      [0.5, false],
      [0.05, true],
    ] as const) {
      const requests: string[] = []
      const onRequest = (request: { url(): string }) => requests.push(new URL(request.url()).pathname)
      page.on('request', onRequest)
      await page.addInitScript((value) => (Math.random = () => value), draw)
      await page.goto(`http://localhost:${sampled.port}/auth/login`)
      await expect(page.locator('html')).toHaveAttribute('data-vitals-sample', '0.1')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      // the measuring code is loaded once the page is idle (main.tsx), and only for a view in the sample
      await expect.poll(() => requests.some((path) => /\/assets\/vitals-beacon-/.test(path)), { timeout: 10_000 }).toBe(sent)
      await hide()
      if (sent) await expect.poll(() => sampledLines().length).toBe(1)
      else {
        await page.waitForTimeout(500)
        expect(requests).not.toContain('/__rum')
        expect(sampledLines()).toEqual([])
      }
      page.off('request', onRequest)
      await page.goto('about:blank')
    }
    expect(JSON.parse(sampledLines()[0]!)).toMatchObject({ route: '/auth/login', sample: 0.1 })
  } finally {
    await sampled.stop()
  }
})
