// Screenshots of every shell page, phone and desktop, Spanish and English, two tenants, for a
// person to look at (test-results/screenshots/). Opt-in: SCREENSHOTS=1 npm run test:e2e -- screenshots
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { MAR, NORTE, openUserMenu, signInFast, SOL } from '../support/portal'

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots')
test.describe.configure({ mode: 'serial' })

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

const shot = async (page: Page, name: string) => {
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true })
}

for (const size of sizes) {
  for (const lang of ['es', 'en'] as const) {
    test(`${size.name} ${lang}`, async ({ page, context, request }) => {
      test.setTimeout(90_000)
      await page.setViewportSize({ width: size.width, height: size.height })
      for (const origin of [SOL, NORTE, MAR]) await context.addCookies([{ name: 'lang', value: lang, url: origin }])
      const tag = `${size.name}-${lang}`

      await page.goto(`${SOL}/auth/login`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-sol-login`)
      await page.getByRole('tab').nth(1).click()
      await page
        .getByRole('button')
        .filter({ hasText: /^(Entrar|Sign in)$/ })
        .click()
      await shot(page, `${tag}-sol-login-errors`)

      await page.goto(`${SOL}/auth/remember`)
      await shot(page, `${tag}-sol-remember`)

      await signInFast(context, request, 'ana.garcia@example.com', SOL, 'ag-sol')
      await page.goto(`${SOL}/`)
      await expect(page.getByRole('article').first()).toBeVisible()
      await shot(page, `${tag}-sol-bookings`)
      await openUserMenu(page)
      await page.waitForTimeout(300) // the menu's fade-in
      await page.screenshot({ path: `test-results/screenshots/${tag}-sol-menu.png` })
      await page.keyboard.press('Escape')

      await page.goto(`${SOL}/auth/password`)
      await shot(page, `${tag}-sol-password`)
      await page.goto(`${SOL}/faq`)
      await page.locator('details summary').first().click()
      await shot(page, `${tag}-sol-faq`)
      await page.goto(`${SOL}/legal`)
      await shot(page, `${tag}-sol-legal`)
      await page.goto(`${SOL}/nothing-here`)
      await shot(page, `${tag}-sol-404`)

      await signInFast(context, request, 'nuevo@example.com', SOL, 'ag-sol')
      await page.goto(`${SOL}/`)
      await expect(page.locator('.status-state')).toBeVisible()
      await shot(page, `${tag}-sol-empty`)

      await signInFast(context, request, 'laura.martin@example.com', NORTE, 'ag-norte')
      await page.goto(`${NORTE}/`)
      await expect(page.getByRole('article').first()).toBeVisible()
      await shot(page, `${tag}-norte-bookings`)
      await openUserMenu(page)
      await page.waitForTimeout(300) // the menu's fade-in
      await page.screenshot({ path: `test-results/screenshots/${tag}-norte-menu.png` })

      await page.goto(`${MAR}/faq`)
      await shot(page, `${tag}-mar-faq`)
    })
  }
}
