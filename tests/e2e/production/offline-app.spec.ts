// The portal on the trip (issue 16): on the production build, the service worker and the saved query
// cache open a booking the traveller has visited with no network at all (the server stopped and the
// browser offline), its files included; and nothing of a customer outlives their session.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freshBooking, quietDialogs, signInAs, type FreshBooking } from '../support/booking-world'
import { API, lastMailedLink, openUserMenu, chooseLanguage } from '../support/portal'
import { buildOnce, type ProductionServer, startProductionServer } from '../support/production-server'

const serviceWorkerFile = fileURLToPath(new URL('../../../web/dist/service-worker.js', import.meta.url))
let server: ProductionServer

test.describe.configure({ mode: 'serial', timeout: 150_000 })
// what this file is about: the service worker (the suite blocks it elsewhere)
test.use({ serviceWorkers: 'allow' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  await buildOnce()
  server = await startProductionServer()
})

test.afterAll(async () => {
  await server.stop()
})

/** The booking's tenant on the production server (cookies are per host, so the session carries over). */
const originOf = (booking: FreshBooking) => `http://${booking.tenant.host}:${server.port}`

/** What this origin keeps for a customer: cache names, kept files, the saved query cache, local storage. */
const storedData = (page: Page) =>
  page.evaluate(async () => {
    const cacheNames = await caches.keys()
    const files = cacheNames.includes('portal-files') ? (await (await caches.open('portal-files')).keys()).map((r) => r.url) : []
    // opened only when it exists: opening creates it, and the app's own store would then be missing
    const exists = (await indexedDB.databases()).some((db) => db.name === 'portal-offline')
    const queries = exists
      ? await new Promise<string | null>((resolve, reject) => {
          const open = indexedDB.open('portal-offline')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('queries')) {
              db.close()
              resolve(null)
              return
            }
            const read = db.transaction('queries').objectStore('queries').get('queries')
            read.onsuccess = () => {
              db.close()
              resolve((read.result as string | undefined) ?? null)
            }
          }
        })
      : null
    return { cacheNames, files, queries, local: JSON.stringify({ ...localStorage }) }
  })

/** The worker is installed (the whole app cached) and controls the page. */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

const savedWith = async (page: Page, text: string) => expect.poll(async () => (await storedData(page)).queries ?? '', { timeout: 10_000 }).toContain(text)

const tab = (page: Page, name: string | RegExp) => page.getByRole('tablist').getByRole('tab', { name })

async function goOffline(page: Page) {
  await page.context().setOffline(true)
  await server.stop()
}

async function goOnline(page: Page) {
  server = await startProductionServer(server.port)
  await page.context().setOffline(false)
}

async function visitBooking(page: Page, booking: FreshBooking) {
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${originOf(booking)}/booking/${booking.bookingId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await workerInControl(page)
}

test('a booking opened once reads with no network at all, in Spanish and English; signing out leaves nothing', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { label: 'sw-trip' })
  await signInAs(context, booking)
  await visitBooking(page, booking)
  const origin = originOf(booking)

  // the traveller looks at the tabs once, and downloads an invoice
  for (const name of ['Código QR', 'Contacto', 'Documentación', 'Pagos', 'Avisos', 'Reembolsos y facturas']) {
    await tab(page, name).click()
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0)
  }
  const invoice = page.getByRole('button', { name: /^Descargar PDF de la factura F\d{4}-\d+$/ }).first()
  const online = page.waitForEvent('download')
  await invoice.click()
  await online
  await savedWith(page, booking.bookingId)
  // the service worker keeps the file once it has answered with it (Workbox's cache write comes after the answer)
  await expect.poll(async () => (await storedData(page)).files).toEqual([expect.stringMatching(/\/api\/customer\/booking\/[^/]+\/invoice\/[^/]+\/render$/)])

  // every tab's reads are saved a moment after they arrive (app/offline-queries.ts)
  await savedWith(page, `/booking/${booking.bookingId}/payments`)
  // on the bus: no network, the page opened again from the home screen
  await goOffline(page)
  await page.goto(`${origin}/booking/${booking.bookingId}?tab=qr`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const notice = page.locator('#offline-notice')
  await expect(notice.locator('p').first()).toHaveText(/^Sin conexión · datos del \d{1,2} \w+ \d{4} a las \d{2}:\d{2}$/)
  await expect(page.getByRole('tabpanel').getByRole('img', { name: /^Código QR de la reserva / })).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/offline-booking-qr-es.png', fullPage: true })
  await tab(page, 'Contacto').click()
  await expect(page.getByRole('tabpanel')).toContainText('+34 910 000 999')
  await tab(page, 'Documentación').click()
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0)
  await tab(page, 'Reembolsos y facturas').click()
  const offlineCopy = page.waitForEvent('download')
  await invoice.click()
  const pdf = readFileSync((await (await offlineCopy).path())!)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  await expect(page.getByRole('button', { name: 'Guardar cuenta' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  // a page never opened says so instead of spinning
  await page.goto(`${origin}/travelgroup`)
  await expect(page.getByText('Esto no está guardado para verlo sin conexión. Se cargará cuando vuelvas a tener conexión.')).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/offline-not-kept-es.png', fullPage: true })

  // English, still offline: the language's texts come from the cache too
  await chooseLanguage(page, 'en')
  await expect(page.getByText('This isn’t saved for viewing offline. It will load when you’re back online.')).toBeVisible()
  await page.goto(`${origin}/booking/${booking.bookingId}?tab=payments`)
  await expect(notice.locator('p').first()).toHaveText(/^Offline · data from \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)
  await expect(notice).toContainText('Paying, saving and cancelling work again once you are back online.')
  // the payments themselves, in English, from what was saved
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Instalments', exact: true })).toBeVisible()
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screenshots/offline-booking-payments-en.png', fullPage: true })
  await expectNoSeriousA11yViolations(page)

  // back online: the notice goes by itself
  await goOnline(page)
  await expect(notice).toHaveCount(0)

  // another agency's portal on this browser sees nothing of this customer
  const other = await context.newPage()
  await other.goto(`http://localhost:${server.port}/auth/login`)
  const elsewhere = await storedData(other)
  expect(elsewhere.files).toEqual([])
  expect(elsewhere.queries ?? '').not.toContain(booking.bookingId)
  expect(elsewhere.local).not.toContain(booking.bookingId)
  await other.close()

  // signing out leaves nothing of the customer: no saved reads, no files, nothing in local storage
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect
    .poll(async () => {
      const left = await storedData(page)
      return { files: left.cacheNames.includes('portal-files'), queries: (left.queries ?? '').includes(booking.bookingId) }
    })
    .toEqual({ files: false, queries: false })
  const left = await storedData(page)
  expect(left.local).not.toContain(booking.bookingId)
  expect(left.local).not.toContain(booking.token)
  expect(left.local).not.toContain(booking.email)
})

async function revoke(request: APIRequestContext, booking: FreshBooking) {
  const res = await request.post(`${API}/auth/logout`, { headers: { agencyId: booking.tenant.id, Authorization: `Bearer ${booking.token}` } })
  expect(res.ok(), await res.text()).toBe(true)
}

test('a session the server ended (401) takes the saved booking and files with it', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { label: 'sw-expired' })
  await signInAs(context, booking)
  await visitBooking(page, booking)
  await tab(page, 'Reembolsos y facturas').click()
  const download = page.waitForEvent('download')
  await page
    .getByRole('button', { name: /^Descargar PDF de la factura F\d{4}-\d+$/ })
    .first()
    .click()
  await download
  await savedWith(page, booking.bookingId)
  await expect.poll(async () => (await storedData(page)).files).toHaveLength(1)

  await revoke(request, booking)
  await page.reload()
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect.poll(async () => (await storedData(page)).queries ?? '').not.toContain(booking.bookingId)
  expect((await storedData(page)).cacheNames).not.toContain('portal-files')
})

test('another customer signing in on the same browser finds nothing of the first one', async ({ page, context, request }) => {
  const first = await freshBooking(request, { label: 'sw-shared' })
  const second = await freshBooking(request, { label: 'sw-shared', tenant: first.tenant })
  await signInAs(context, first)
  await visitBooking(page, first)
  await savedWith(page, first.bookingId)

  // the second traveller opens their own sign-in link on the same phone
  const ask = await request.post(`${API}/auth/remember`, { headers: { agencyId: second.tenant.id }, data: { email: second.email, purpose: 'login_link' } })
  expect(ask.ok(), await ask.text()).toBe(true)
  const link = new URL(await lastMailedLink(request, second.email))
  await page.goto(`${originOf(second)}${link.pathname}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
  await savedWith(page, second.bookingId)
  expect((await storedData(page)).queries).not.toContain(first.bookingId)
})

test('a new build takes over at the next navigation, never by reloading the page under the traveller', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { label: 'sw-update' })
  await signInAs(context, booking)
  await visitBooking(page, booking)

  const original = readFileSync(serviceWorkerFile, 'utf8')
  try {
    // a deploy: the worker changes (and the server restarts, as a deploy does)
    writeFileSync(serviceWorkerFile, `${original}\n// e2e: another build\n`)
    await server.stop()
    server = await startProductionServer(server.port)
    let loads = 0
    page.on('load', () => (loads += 1))
    await page.evaluate(() => {
      ;(window as { stillHere?: boolean }).stillHere = true
    })
    // nothing happens to the open page
    await page.waitForTimeout(1500)
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true)

    // the next navigation finds the new worker, which takes over that page without reloading it
    await page.addInitScript(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        ;(window as { tookOver?: boolean }).tookOver = true
      })
    })
    await page.goto(`${originOf(booking)}/booking/${booking.bookingId}?tab=contact`)
    await expect.poll(() => page.evaluate(() => (window as { tookOver?: boolean }).tookOver ?? false)).toBe(true)
    await expect(page.getByRole('tabpanel')).toContainText('+34 910 000 999')
    expect(loads).toBe(1)
  } finally {
    writeFileSync(serviceWorkerFile, original)
  }
})
