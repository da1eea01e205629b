import { expect, test } from '../support/test'
import { chooseLanguage } from '../support/portal'
import { expectNoSeriousA11yViolations } from '../support/axe'

test('Spanish by default; the switch persists in the lang cookie, never in the URL', async ({ page, context }) => {
  await page.goto('/auth/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('button', { name: 'Idioma: Español' }).click()
  // each language named in itself, marked with its own lang
  await expect(page.getByRole('menuitemradio')).toHaveText(['Español', 'English'])
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your bookings')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeFocused()
  const cookie = (await context.cookies()).find((c) => c.name === 'lang')
  expect(cookie?.value).toBe('en')
  expect(cookie?.path).toBe('/')
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(364)
  expect(days).toBeLessThanOrEqual(365)

  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your bookings')
  await expect(page).toHaveURL(/\/auth\/login$/)
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByText('Enter your email')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Public pages fetch their texts in the chosen language.
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ')
  await expect(page.getByText('When do I pay?')).toBeVisible()
  await chooseLanguage(page, 'es')
  await expect(page.getByText('¿Cuándo tengo que pagar?')).toBeVisible()
})

test.describe('with an English browser', () => {
  test.use({ locale: 'en-GB' })

  test('the browser language applies when there is no cookie; the cookie wins over it', async ({ page, context }) => {
    await page.goto('/auth/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your bookings')

    await context.addCookies([{ name: 'lang', value: 'es', url: page.url() }])
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accede a tus reservas')
  })
})
