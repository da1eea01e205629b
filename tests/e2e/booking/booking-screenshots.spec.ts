// Screenshots of the booking page for a person to look at (test-results/screenshots/booking-*): every
// tab, the documentation forms, the cancellation breakdown and the pending-documentation modal, on a
// phone and a desktop, in Spanish and English. Opt-in: SCREENSHOTS=1 npm run test:e2e -- booking-screenshots
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { bornYearsAgo, freshBooking, quietDialogs, signInAs } from '../support/booking-world'
import { signInFast, SOL } from '../support/portal'

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots')

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

const shot = async (page: Page, name: string, fullPage = true) => {
  // no spinner left, and the fonts and images settled
  await expect(page.locator('.spinner')).toHaveCount(0)
  await page.waitForTimeout(250)
  await page.screenshot({ path: `test-results/screenshots/booking-${name}.png`, fullPage })
}

const TABS = ['experience', 'payments', 'refunds', 'documentation', 'rooming', 'notices', 'contact', 'group', 'packs', 'ballots', 'qr'] as const

for (const size of sizes) {
  for (const lang of ['es', 'en'] as const) {
    test(`${size.name} ${lang}`, async ({ page, context, request }) => {
      test.setTimeout(180_000)
      const tag = `${size.name}-${lang}`
      await page.setViewportSize({ width: size.width, height: size.height })
      await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
      await signInFast(context, request, 'ana.garcia@example.com')

      // the pending-documentation modal (a booking inside the documentation window)
      await page.goto(`${SOL}/booking/bkg-sol-1002`)
      await expect(page.getByRole('dialog')).toBeVisible()
      await shot(page, `${tag}-pending-modal`, false)

      await quietDialogs(page, 'bkg-sol-1001')
      for (const tab of TABS) {
        await page.goto(`${SOL}/booking/bkg-sol-1001${tab === 'experience' ? '' : `?tab=${tab}`}`)
        await expect(page.getByRole('tabpanel')).toBeVisible({ timeout: 20_000 })
        if (tab === 'notices') await page.locator('.notice summary').first().click()
        await shot(page, `${tag}-tab-${tab}`)
      }
      await page.goto(`${SOL}/booking/bkg-sol-1004?tab=refunds`)
      await shot(page, `${tag}-canceled-refunds`)
      await page.goto(`${SOL}/booking/bkg-sol-1004`)
      await shot(page, `${tag}-canceled-experience`)
      await page.goto(`${SOL}/booking/bkg-sol-1005?tab=review`)
      await shot(page, `${tag}-tab-review`)
      await page.goto(`${SOL}/booking/bkg-sol-1003`)
      await shot(page, `${tag}-invited`)

      // the documentation forms of a minor, every section open
      const minor = await freshBooking(request, { key: 'b', label: 'shots', travellers: [{ name: 'Nora', surname1: 'Prueba', birthdate: bornYearsAgo(15) }] })
      await signInAs(context, minor, lang)
      await quietDialogs(page, minor.bookingId)
      await page.goto(`${minor.tenant.origin}/booking/${minor.bookingId}?tab=documentation`)
      await expect(page.locator('details.doc-section').first()).toBeVisible({ timeout: 20_000 })
      const closed = page.locator('details.doc-section:not([open]) > summary')
      while ((await closed.count()) > 0) await closed.first().click()
      await shot(page, `${tag}-documentation-forms`)
      await page.locator('details.doc-section[open] form').first().locator('button[type=submit]').click()
      await shot(page, `${tag}-documentation-errors`)

      // the cancellation: the form with its messages, then the breakdown
      await page.goto(`${minor.tenant.origin}/booking/${minor.bookingId}`)
      await page.locator('.cancel-card button').click()
      const dialog = page.getByRole('dialog')
      await dialog.locator('button[type=submit]').click()
      await shot(page, `${tag}-cancel-form`, false)
      await dialog.locator('select').selectOption('health')
      await dialog.locator('input[name=iban]').fill('ES91 2100 0418 4502 0005 1332')
      await dialog.locator('button[type=submit]').click()
      await expect(dialog.locator('table.breakdown')).toBeVisible()
      await shot(page, `${tag}-cancel-breakdown`, false)
    })
  }
}
