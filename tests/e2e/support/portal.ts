import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import type { ScenarioTarget } from '../../../contract/mock-control.ts'

// Where things run in the e2e suite (see tests/playwright.config.ts).
export const MOCK = process.env.E2E_MOCK_URL ?? 'http://localhost:3333'
export const API = `${MOCK}/api/customer`
export const PASSWORD = 'viaje2026'

/**
 * Tenants by portal origin. Chromium resolves *.localhost to loopback, and the mock maps hosts to
 * agencies. Tests that switch scenarios use ag-mar only (one spec file, serially), so parallel
 * tests on the other tenants are never affected.
 */
export const SOL = process.env.E2E_BASE_URL ?? 'http://localhost:5173'
export const NORTE = SOL.replace('://localhost', '://norte.localhost')
export const MAR = SOL.replace('://localhost', '://mar.localhost')

export const TOKEN_KEY = 'auth._token.local'

/** Signs in through the form, by e-mail and password. */
export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('tab', { name: /Con contraseña|With password/ }).click()
  await page.getByLabel(/^(Email)$/).fill(email)
  await page.getByLabel(/^(Contraseña|Password)$/).fill(password)
  await page.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click()
}

/** A session token straight from the API, for tests about something other than signing in. */
export async function apiToken(request: APIRequestContext, email: string, agencyId = 'ag-sol', password = PASSWORD): Promise<string> {
  const res = await request.post(`${API}/auth/login`, { headers: { agencyId }, data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { token: string }).token
}

/** Signs the browser context in without the form (the cookie is enough for the portal). */
export async function signInFast(context: BrowserContext, request: APIRequestContext, email: string, origin = SOL, agencyId = 'ag-sol') {
  const token = await apiToken(request, email, agencyId)
  await context.addCookies([{ name: TOKEN_KEY, value: token, url: origin }])
  return token
}

/** The newest mailed sign-in link for an address. */
export async function lastMailedLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | null = null
  await expect
    .poll(async () => {
      const res = await request.get(`${MOCK}/__mock/outbox?to=${encodeURIComponent(to)}`)
      const { mails } = (await res.json()) as { mails: { link: string | null }[] }
      link = mails[0]?.link ?? null
      return link
    })
    .not.toBeNull()
  return link!
}

/** A payment's redirect action, as the API answers it. */
export type PaymentAction = { payment_id: string; fields: Record<string, string> }

/** The payer approves or declines at the card provider: its form, signed by the API, posted as is. */
export async function decideAtProvider(request: APIRequestContext, action: PaymentAction, outcome: 'approve' | 'decline') {
  const res = await request.post(`${MOCK}/__provider/complete`, {
    form: { payment: action.payment_id, signature: action.fields.signature ?? '', outcome },
    maxRedirects: 0,
  })
  expect(res.status(), await res.text()).toBe(303)
}

export async function setScenarios(request: APIRequestContext, agency: string, names: string[]) {
  const res = await request.put(`${MOCK}/__mock/scenarios`, { data: { names, target: { tenant: agency } } })
  expect(res.ok(), await res.text()).toBe(true)
}

/** One scenario aimed at one trip, pack, booking or passenger (what `travel-portal scenario add NAME --pack …` sends). */
export async function aimScenario(request: APIRequestContext, name: string, target: ScenarioTarget) {
  const res = await request.post(`${MOCK}/__mock/scenarios`, { data: { names: [name], target } })
  expect(res.ok(), await res.text()).toBe(true)
}

/** Switches off the scenarios matching a place (every one in a tenant, or one aimed at a booking…). */
export async function clearScenarios(request: APIRequestContext, where: string | ScenarioTarget) {
  const filter = typeof where === 'string' ? { tenant: where } : where
  const res = await request.delete(`${MOCK}/__mock/scenarios?${new URLSearchParams(filter as Record<string, string>).toString()}`)
  expect(res.ok(), await res.text()).toBe(true)
}

/** Opens the user menu in the header. */
export async function openUserMenu(page: Page) {
  await userMenuButton(page).click()
  await expect(page.getByRole('menu')).toBeVisible()
}

export const userMenuButton = (page: Page) => page.locator('.site-header .menu-button:not(.language-menu) [aria-haspopup="menu"]')

/** Switches the language through the header's language menu, as a person would. */
export async function chooseLanguage(page: Page, locale: 'es' | 'en') {
  await page.getByRole('button', { name: /^(Idioma|Language): / }).click()
  await page.getByRole('menuitemradio', { name: locale === 'es' ? 'Español' : 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}
