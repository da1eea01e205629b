import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { clearScenarios, MAR, setScenarios, chooseLanguage } from '../support/portal'

// Scenarios are switched for ag-mar only (mar.localhost), which no other spec uses, and one test
// at a time: parallel tests on the other tenants never see them.
test.describe.configure({ mode: 'serial' })

test.afterEach(async ({ request }) => {
  await clearScenarios(request, 'ag-mar')
})

test('maintenance on sends every page to /maintenance; off sends /maintenance home', async ({ page, request }) => {
  await setScenarios(request, 'ag-mar', ['maintenance'])
  await page.goto(`${MAR}/faq`)
  await expect(page).toHaveURL(`${MAR}/maintenance`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Estamos en mantenimiento')
  await expect(page.getByRole('link', { name: 'reservas@marazul.example' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: 'test-results/screenshots/phone-es-mar-maintenance.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })
    await chooseLanguage(page, 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We are down for maintenance')
    await page.screenshot({ path: 'test-results/screenshots/desktop-en-mar-maintenance.png', fullPage: true })
    await chooseLanguage(page, 'es')
  }
  await page.goto(`${MAR}/no-such-page`)
  await expect(page).toHaveURL(`${MAR}/maintenance`)

  await clearScenarios(request, 'ag-mar')
  await page.goto(`${MAR}/maintenance`)
  // "/" needs sign-in: home, then the sign-in page.
  await expect(page).toHaveURL(`${MAR}/auth/login`)
})

test('the config is polled every 50 s: maintenance is followed without a reload', async ({ page, request }) => {
  await page.clock.install()
  await page.goto(`${MAR}/legal`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso legal')
  await setScenarios(request, 'ag-mar', ['maintenance'])
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))

  await page.clock.runFor(49_000)
  await expect(page).toHaveURL(`${MAR}/legal`)
  await page.clock.runFor(2_000)
  await expect(page).toHaveURL(`${MAR}/maintenance`)
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)

  await clearScenarios(request, 'ag-mar')
  await page.clock.runFor(51_000)
  await expect(page).not.toHaveURL(/\/maintenance$/)
})

test('a new build number reloads the page once and is stored', async ({ page, request }) => {
  await page.clock.install()
  await page.goto(`${MAR}/faq`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('portal.build'))).toBe('2026.11.21-1')
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))

  await setScenarios(request, 'ag-mar', ['new-build'])
  const reloaded = page.waitForEvent('load')
  await page.clock.runFor(51_000)
  await reloaded
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined()
  expect(await page.evaluate(() => localStorage.getItem('portal.build'))).toBe('2026.11.21-1-next')

  // Same build on the next polls: no more reloads.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 2))
  await page.clock.runFor(101_000)
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2)
})
