import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'

// Smoke test for the placeholder shell: replace along with the page.

test('defaults to Spanish and is accessible', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portal de viajes en grupo')
  await expect(page.getByTestId('sample-amount')).toHaveText('1.234,56\u00a0€')
  await expectNoSeriousA11yViolations(page)
})

test('language switch persists in the lang cookie across reloads', async ({ page, context }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'English' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Group travel portal')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const cookie = (await context.cookies()).find((c) => c.name === 'lang')
  expect(cookie?.value).toBe('en')
  expect(cookie?.path).toBe('/')
  // ~365 days from now, with a day of slack for slow machines.
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(364)
  expect(days).toBeLessThanOrEqual(365)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Group travel portal')
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/\/$/) // never in the URL
  await expectNoSeriousA11yViolations(page)
})

test('dialog opens with focus inside, closes on Escape and returns focus', async ({ page }) => {
  await page.goto('/')
  const opener = page.getByRole('button', { name: 'Solicitar información' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Solicitar información' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Nombre')).toBeFocused()
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})
