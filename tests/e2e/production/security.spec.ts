// Hostile input in the browser (issue 7, security): a tenant whose name, extra CSS, legal notice, FAQ
// and travel-group HTML try to run script or load from another site; and a sign-in link's token, which
// must leave no trace in the address bar, the history or a referrer. The production server's side
// (CSP, its logs) is in production-server.spec.ts; the sanitizers' unit tests in tests/unit.
import { expect, test } from '../support/test'
import { ensureHostileTenant, EVIL_GROUP, EVIL_NAME, evilOrigin, hostileCustomerLink, watchForAttacks } from '../support/hostile'
import { API, MOCK, SOL } from '../support/portal'

const EVIL = evilOrigin(SOL)

test.beforeAll(async ({ request }) => {
  await ensureHostileTenant(request)
})

test('a hostile tenant: its name is text, its CSS loads nothing, its HTML runs nothing', async ({ page }) => {
  const attacks = watchForAttacks(page)

  await page.goto(`${EVIL}/auth/login`)
  // The name is shown as text, and is the title, as typed.
  await expect(page.getByRole('link', { name: EVIL_NAME }).first()).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(EVIL_NAME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  // The extra CSS is applied, neutralized: no way to load, no way out of its <style>.
  const extra = await page.locator('style#brand-extra').textContent()
  expect(extra).not.toMatch(/url\s*\(|@import|@font-face|image-set\s*\(|<\/?(style|script)/i)

  await page.goto(`${EVIL}/legal`)
  await expect(page.getByText('Texto legal seguro.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'enlace bueno' })).toHaveAttribute('href', 'https://example.org/ok')
  await attacks.expectNothingHappened()

  await page.goto(`${EVIL}/faq`)
  await page.getByText('¿Es <b>seguro</b>?').click()
  await expect(page.getByText('Texto faq seguro.')).toBeVisible()
  // links that were javascript: are inert text now; clicking them does nothing
  for (const link of await page.locator('.faq-item__answer a', { hasText: /enlace js/i }).all()) await link.click()
  await attacks.expectNothingHappened()

  await page.goto(`${EVIL}/travelgroup/${EVIL_GROUP}`)
  await expect(page.getByText('Texto description seguro.')).toBeVisible()
  await page.locator('details.tg-terms > summary').click()
  await expect(page.getByText('Texto terms seguro.')).toBeVisible()
  await attacks.expectNothingHappened()
})

test('a sign-in link leaves no trace: address bar, history, referrers, other requests', async ({ page, request }) => {
  const mailed = await hostileCustomerLink(request, 'victima.historial@example.com')
  const link = `${EVIL}${new URL(mailed).pathname}`
  const token = link.split('/').pop()!
  const seen: { url: string; referer?: string }[] = []
  page.on('request', (r) => seen.push({ url: r.url(), referer: r.headers()['referer'] }))

  await page.goto('about:blank')
  await page.goto(link)
  await expect(page).toHaveURL(/\/travelgroup\/tg-evil-v1-a\/checkout(\?step=\w+)?$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(page.url()).not.toContain(token)
  // The link's entry was replaced, not pushed: back is where the browser was before it.
  expect(await page.evaluate(() => history.length)).toBe(2)
  await page.goBack()
  expect(page.url()).toBe('about:blank')
  await page.goForward()
  expect(page.url()).not.toContain(token)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // Leaving for another site: it is told nothing about where the user came from.
  await page.evaluate((href) => {
    const a = document.createElement('a')
    a.href = href
    a.textContent = 'fuera'
    document.body.append(a)
    a.click()
  }, `${MOCK}/__mock/health`)
  await expect(page).toHaveURL(`${MOCK}/__mock/health`)
  expect(await page.evaluate(() => document.referrer)).toBe('')

  // Only the page load itself carried the token in its address; the API got it in a body, never a URL;
  // no request named the page it came from.
  expect(seen.filter((r) => r.url.includes(token)).map((r) => r.url)).toEqual([link])
  expect(seen.filter((r) => r.referer?.includes(token))).toEqual([])
  expect(seen.filter((r) => r.url.startsWith(API) && r.referer)).toEqual([])
})
