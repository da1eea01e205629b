// The portal on a bad connection (issue 7, robustness): every page says clearly when a call failed and
// offers to try again, and trying again recovers; a failed call never clears a form; a payment is
// never made twice. The mock's slow and flaky scenarios run on a tenant of this file's own
// (resil.localhost), so the other specs' tenants never see them; failures that must happen exactly
// when a test needs them are injected in the browser instead.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { chooseSummary, draftFor, payButton, provider, seedDraft } from '../support/checkout'
import { API, clearScenarios, MOCK, setScenarios, signInWithPassword, SOL, TOKEN_KEY } from '../support/portal'

test.describe.configure({ mode: 'serial' })

const AGENCY = 'ag-resil-v1'
const RESIL = SOL.replace(/:\/\/[^:/]+/, '://resil.localhost')
const GROUP = 'tg-resil-v1-a'
const INVITED_TO = 'tg-resil-v1-b'
const EMAIL = 'resiliente@example.com'

let token = ''
let bookingId = ''

/** The tenant and its customer (invited to one trip: My bookings lists it); signed in through debug sign-in. */
async function setUp(request: APIRequestContext) {
  const tenant = await request.post(`${MOCK}/__mock/tenants`, {
    data: { id: AGENCY, name: 'Viajes Resiliencia', hosts: ['resil.localhost'], debug_login: true },
  })
  expect([201, 409], await tenant.text()).toContain(tenant.status())
  const headers = { agencyId: AGENCY }
  const invite = await request.post(`${API}/travelgroup/${INVITED_TO}/invite`, {
    headers,
    data: { name: 'Rosa Resiliente', email: EMAIL, phone: '+34600111222', commercial_consent: false, third_party_consent: false },
  })
  expect([201, 409], await invite.text()).toContain(invite.status())
  const debug = await request.post(`${API}/auth/debug`, { headers, data: { email: EMAIL } })
  expect(debug.status(), await debug.text()).toBe(200)
  token = ((await debug.json()) as { token: string }).token
  const list = await request.get(`${API}/booking`, { headers: { ...headers, Authorization: `Bearer ${token}` } })
  bookingId = ((await list.json()) as { id: string; travel_group: { id: string } }[]).find((b) => b.travel_group.id === INVITED_TO)!.id
}

const signIn = (page: Page) => page.context().addCookies([{ name: TOKEN_KEY, value: token, url: RESIL }])

test.beforeAll(async ({ request }) => {
  await setUp(request)
})

test.afterEach(async ({ request }) => {
  await clearScenarios(request, AGENCY)
})

/** Each page, what it shows when loaded, and the API call that loads it. */
const PAGES = [
  { path: '/', ready: /Mis reservas/, call: /\/api\/customer\/booking$/ },
  { path: '/faq', ready: /Preguntas frecuentes/, call: /\/api\/customer\/agency\/faq/ },
  { path: () => `/booking/${bookingId}`, ready: /Berlín|Granada/, call: () => new RegExp(`/api/customer/booking/${bookingId}$`) },
  { path: `/travelgroup/${GROUP}`, ready: /Berlín|Granada/, call: new RegExp(`/api/customer/travelgroup/${GROUP}$`) },
] as const

const resolve = <T>(value: T | (() => T)): T => (typeof value === 'function' ? (value as () => T)() : value)

test('a call that keeps failing: a clear message and a retry button on every page, and retrying recovers', async ({ page }) => {
  // five pages, each failing then recovering, beside the rest of the suite on 2 cores
  test.setTimeout(120_000)
  await signIn(page)
  for (const spec of PAGES) {
    // No answer at all, then a 503: the portal's own retries (two) fail too.
    let failing = true
    let calls = 0
    const pattern = resolve(spec.call)
    await page.route(pattern, async (route) => {
      if (route.request().method() !== 'GET' || !failing) return route.fallback()
      calls += 1
      if (calls % 2) await route.abort('connectionreset')
      else await route.fulfill({ status: 503, json: { code: 'service_unavailable', message: 'down' } })
    })
    await page.goto(`${RESIL}${resolve(spec.path)}`)
    await expect(page.getByRole('button', { name: 'Reintentar' }).first(), `${resolve(spec.path)}: a way to retry`).toBeVisible({ timeout: 10_000 })
    await expect(page.getByRole('alert').first(), `${resolve(spec.path)}: the failure is said`).toBeVisible()
    expect(calls, 'tried again by itself before giving up').toBeGreaterThanOrEqual(3)
    failing = false
    await page.getByRole('button', { name: 'Reintentar' }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.ready)
    await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0)
    await page.unroute(pattern)
  }
})

test('the flaky scenario: every page ends up shown, with retry where a call gave up', async ({ page, request }) => {
  test.setTimeout(60_000)
  await setScenarios(request, AGENCY, ['flaky'])
  await signIn(page)
  for (const spec of [...PAGES, { path: '/legal', ready: /Aviso legal/ }]) {
    const path = resolve(spec.path)
    await page.goto(`${RESIL}${path}`)
    const retry = page.getByRole('button', { name: 'Reintentar' }).first()
    // One call in four fails (a 503 or a dropped connection): the page either recovers by itself or says so and offers a retry.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      // both at once when the page is shown and one of its parts offers its own retry (a section whose read gave up)
      await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: spec.ready }).or(retry).first()).toBeVisible({ timeout: 15_000 })
      if (!(await retry.isVisible())) break
      await retry.click()
    }
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(spec.ready)
    // the guard's config read may fail too: it is only logged, never the error page
    await expect(page.getByRole('heading', { name: 'Algo no ha ido bien', level: 1 })).toHaveCount(0)
  }
})

test('the slow scenario: a loading state at once, then the page', async ({ page, request }) => {
  await setScenarios(request, AGENCY, ['slow'])
  await signIn(page)
  // A page opened from its address starts its reads with the HTML and is drawn with their answers; a page
  // reached from another one asks once it is shown, and says it is loading meanwhile.
  await page.goto(`${RESIL}/faq`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  await page.getByRole('link', { name: 'Viajes Resiliencia: inicio' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Cargando tus reservas…' })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: 'Cargando tus reservas…' })).toHaveCount(0)
})

test('sign-in: what was typed stays after a failed call, and the next try signs in', async ({ page }) => {
  let fail = 2
  await page.route('**/api/customer/auth/login', async (route) => {
    if (fail-- > 0) await (fail ? route.abort('connectionreset') : route.fulfill({ status: 503, json: { code: 'service_unavailable', message: 'down' } }))
    else await route.fallback()
  })
  await page.goto(`${SOL}/auth/login`)
  await signInWithPassword(page, 'ana.garcia@example.com')
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ana.garcia@example.com')
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('viaje2026')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('viaje2026')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()

  // The e-mail link form too.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await page.route('**/api/customer/auth/remember', (route) => route.abort('connectionreset'), { times: 1 })
  await page.goto(`${SOL}/auth/login`)
  await page.getByLabel('Email', { exact: true }).fill('enlace-no-existe@example.com')
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('enlace-no-existe@example.com')
})

test('checkout: an answer lost on the way keeps every choice, and paying again books and charges once', async ({ page, request }) => {
  test.setTimeout(60_000)
  const since = new Date().toISOString()
  const headers = { agencyId: AGENCY, Authorization: `Bearer ${token}` }
  const inGroup = async () =>
    ((await (await request.get(`${API}/booking`, { headers })).json()) as { id: string; travel_group: { id: string } }[])
      .filter((b) => b.travel_group.id === GROUP)
      .map((b) => b.id)
  // (a mock reused from an earlier run may hold a booking from then)
  const before = await inGroup()
  await signIn(page)
  await seedDraft(page, draftFor(GROUP, 'summary'))
  await page.goto(`${RESIL}/travelgroup/${GROUP}/checkout`)
  await chooseSummary(page, 'single')

  // The server books, but the answer never arrives (the connection drops on the way back).
  let dropped = 0
  await page.route(`**/api/customer/travelgroup/${GROUP}/checkout`, async (route) => {
    if (dropped > 0) return route.fallback()
    dropped += 1
    // sent from Node, which (unlike Chromium) does not resolve *.localhost: the same server by its plain name
    await route.fetch({
      url: route
        .request()
        .url()
        .replace(/:\/\/[^.:/]+\.localhost/, '://localhost'),
    })
    await route.abort('connectionreset')
  })
  await payButton(page).click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  expect(dropped).toBe(1)
  // Nothing chosen is lost.
  await expect(page.getByRole('radio', { name: /^Pago único/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: /^Tarjeta/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /^He leído y acepto/ })).toBeChecked()

  // Again, impatiently: the same attempt (same key) is sent once more, not a new booking.
  await payButton(page).dblclick()
  await provider(page, 'approve')
  await expect(page).toHaveURL(new RegExp(`/travelgroup/${GROUP}/success\\?booking=`))
  const booked = new URL(page.url()).searchParams.get('booking')!

  expect((await inGroup()).filter((id) => !before.includes(id))).toEqual([booked])
  const { payments } = (await (await request.get(`${API}/booking/${booked}/payments`, { headers })).json()) as { payments: { status: string }[] }
  expect(payments.map((p) => p.status)).toEqual(['paid'])
  // The mock's journal: two checkout requests reached it (the lost one, the retry; the double click sent
  // one), and the payment was checked, never redirected or retried twice.
  const journal = (await (await request.get(`${MOCK}/__mock/journal?limit=500`)).json()) as {
    entries: { time: string; method: string; path: string; status: number; agency: string | null }[]
  }
  const ours = journal.entries.filter((e) => e.agency === AGENCY && e.time >= since && e.method === 'POST')
  expect(ours.filter((e) => e.path.endsWith(`/travelgroup/${GROUP}/checkout`))).toHaveLength(2)
  const perPayment = new Map<string, number>()
  for (const e of ours.filter((x) => /\/payment\/[^/]+\/(redirect|retry)$/.test(x.path))) perPayment.set(e.path, (perPayment.get(e.path) ?? 0) + 1)
  expect([...perPayment.values()].every((n) => n === 1)).toBe(true)
})
