import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { NORTE, openUserMenu, signInFast, SOL } from '../support/portal'

const brand1 = (page: import('@playwright/test').Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-1').trim())

test('two tenants on two hosts look different: logo or name, colours, footer', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com', SOL, 'ag-sol')
  await page.goto(`${SOL}/`)
  const header = page.locator('header.site-header')
  await expect(header.getByRole('img', { name: 'Viajes Sol' })).toBeVisible()
  expect(await brand1(page)).toBe('#c2410c')
  await expect(page).toHaveTitle(/Viajes Sol/)
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: /hola@viajessol\.example/ })).toHaveAttribute('href', 'mailto:hola@viajessol.example')
  await expect(footer.getByRole('link', { name: /\+34 910 000 111/ })).toHaveAttribute('href', 'tel:+34910000111')
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Viajes Sol`)
  await expect(footer.getByRole('link', { name: 'Aviso legal' })).toHaveAttribute('href', '/legal')
  // The agency's extra CSS is applied, neutralized.
  await expect(page.locator('style#brand-extra')).toHaveCount(1)

  await signInFast(context, request, 'laura.martin@example.com', NORTE, 'ag-norte')
  await page.goto(`${NORTE}/`)
  // No logo: the header shows the name.
  await expect(header.getByRole('img')).toHaveCount(0)
  await expect(header.getByRole('link', { name: /Aventura Norte/ })).toHaveText('Aventura Norte')
  expect(await brand1(page)).toBe('#0f766e')
  await expect(page).toHaveTitle(/Aventura Norte/)
  await expect(page.getByRole('contentinfo')).toContainText('info@aventuranorte.example')
  // Laura's one booking, on her own tenant only.
  await expect(page.getByRole('listitem')).toHaveCount(1)
  await openUserMenu(page)
  await expect(page.getByRole('menu')).toContainText('Laura Martín')
  await expectNoSeriousA11yViolations(page)
})

test('a host no agency is served on says so', async ({ page }) => {
  await page.goto(SOL.replace('://localhost', '://nadie.localhost') + '/')
  await expect(page.getByRole('alert')).toContainText('No reconocemos la agencia de esta dirección web')
  await expectNoSeriousA11yViolations(page)
})
