// Personal data messages (SPEC §5: travellers, the buyer as a person or a company, formats, a minor
// buyer with the minor warning), and nothing lost when the connection drops or the server fails.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import {
  ADULT,
  buyerSection,
  CHILD,
  chooseSummary,
  continueButton,
  draftFor,
  fillBuyerFrom,
  fillTraveller,
  payButton,
  seedDraft,
  settled,
  stepHeading,
  freshCustomer,
  travellerSection,
} from '../support/checkout'
import { SOL, TOKEN_KEY } from '../support/portal'

// Whole journeys on a shared, busy machine: more than the default 30 s each.
test.describe.configure({ timeout: 90_000 })

const GROUP = 'tg-sol-lon'
const SHOTS = 'test-results/screenshots'

async function signIn(page: Page) {
  const { token: tok } = await freshCustomer(page.request, 'ag-sol', GROUP)
  await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: SOL }])
}

test('personal data: every message for travellers and the buyer, and a minor cannot buy', async ({ page }) => {
  await signIn(page)
  await seedDraft(page, draftFor(GROUP, 'personal', { travellers: [{}, {}], buyer: {} }))
  await page.goto(`/travelgroup/${GROUP}/checkout?step=personal`)
  await expect(stepHeading(page)).toHaveText('Datos personales')

  const first = travellerSection(page, 1)
  await first.getByLabel('País').selectOption('')
  await continueButton(page).click()
  for (const message of [
    'Debes introducir tu nombre',
    'Debes introducir tu apellido',
    'Debes indicar la fecha de nacimiento',
    'Debes indicar el sexo',
    'Debes introducir el número de documento',
    'Debes indicar el país',
    'Debes indicar la provincia',
    'Debes indicar la ciudad',
    'Debes indicar tu código postal',
    'Debes introducir tu dirección',
  ]) {
    await expect(first.getByText(message, { exact: true })).toBeVisible()
  }
  const buyer = buyerSection(page)
  for (const message of [
    'Debes introducir tu nombre',
    'Debes introducir el NIF o pasaporte',
    'Debes introducir tu email',
    'Debes introducir tu teléfono',
    'Debes declarar que eres mayor de edad',
  ]) {
    await expect(buyer.getByText(message, { exact: true })).toBeVisible()
  }
  await expectNoSeriousA11yViolations(page)

  // Formats: numbers and letters only; an e-mail that is one.
  await first.getByLabel('Número de DNI').fill('1234-5678')
  await first.getByLabel(/^Email/).fill('marta@')
  await continueButton(page).click()
  await expect(first.getByText('El DNI solo puede contener números y letras')).toBeVisible()
  await expect(first.getByText('Email incorrecto')).toBeVisible()

  // A company buys: its name, its CIF, and someone who represents it.
  await buyer.getByRole('radio', { name: 'Una empresa' }).check()
  await buyer.getByLabel('CIF').fill('B-1234')
  await continueButton(page).click()
  await expect(buyer.getByText('Debes introducir el nombre de la empresa')).toBeVisible()
  await expect(buyer.getByText('El CIF solo puede contener números y letras')).toBeVisible()
  await expect(buyer.getByText('Debes declarar que representas a la empresa')).toBeVisible()
  await buyer.getByRole('radio', { name: 'Un particular' }).check()

  // An adult and a child; the child's data copied as the buyer's: a minor cannot make the purchase.
  await first.getByLabel(/^Email/).fill('')
  await fillTraveller(page, 1, { ...ADULT, email: undefined })
  await fillTraveller(page, 2, CHILD)
  await expect(travellerSection(page, 2).getByText(/^Viajero menor de edad en la fecha de salida/)).toBeVisible()
  await fillBuyerFrom(page, 2, { email: 'lucia@example.com', phone: '+34600999000' })
  await continueButton(page).click()
  const warning = page.getByRole('dialog', { name: 'Aviso para menores de edad' })
  await expect(warning).toContainText('El proceso de compra no puede ser realizado por un menor de edad')
  await settled(warning)
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
  await warning.getByRole('button', { name: 'Cambiar el comprador' }).click()
  await expect(buyer.getByText('El proceso de compra no puede ser realizado por un menor de edad')).toBeVisible()
  await expect(buyer.getByLabel('DNI, NIE o pasaporte')).toBeFocused()

  // The mother buys instead: on to the next step.
  await fillBuyerFrom(page, 1, { email: 'marta@example.com', phone: '+34600222333' })
  await continueButton(page).click()
  await expect(stepHeading(page)).toHaveText('Personaliza tu viaje')
})

test('the connection drops while paying: nothing is lost, the same attempt goes through afterwards', async ({ page }) => {
  await signIn(page)
  await seedDraft(page, draftFor(GROUP, 'summary'))
  const keys: string[] = []
  await page.route('**/api/customer/travelgroup/*/checkout', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key)
    await route.abort('internetdisconnected')
  })
  await page.goto(`/travelgroup/${GROUP}/checkout`)
  await chooseSummary(page, 'single')
  await page.getByLabel(/^Cupón de descuento/).fill('AMIGO50')
  await page.getByRole('button', { name: 'Aplicar' }).click()
  await expect(page.getByText('Cupón AMIGO50 aplicado.')).toBeVisible()
  await payButton(page).click()
  const alert = page.getByRole('alert').filter({ hasText: 'No se ha podido conectar' })
  await expect(alert).toContainText('No se ha perdido nada de lo que has escrito')
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-connection-lost.png`, fullPage: true })

  // A reload keeps every choice.
  await page.reload()
  await expect(page.getByRole('radio', { name: /^Pago único/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /^He leído y acepto/ })).toBeChecked()
  await expect(page.getByText('Cupón AMIGO50 aplicado.')).toBeVisible()
  await payButton(page).click()
  await expect(page.getByRole('alert').filter({ hasText: 'No se ha podido conectar' })).toBeVisible()

  // Back online: the same attempt (the same idempotency key) books once.
  await page.unroute('**/api/customer/travelgroup/*/checkout')
  const sent = page.waitForRequest((r) => r.url().endsWith(`/travelgroup/${GROUP}/checkout`) && r.method() === 'POST')
  await payButton(page).click()
  const body = (await sent).postDataJSON() as { idempotency_key: string; voucher_code: string }
  expect(keys).toHaveLength(2)
  expect(new Set([...keys, body.idempotency_key]).size).toBe(1)
  expect(body.voucher_code).toBe('AMIGO50')
  await expect(page).toHaveURL(/\/__provider\/pay/)
})

test('the server fails while loading: what to do, and a retry that works', async ({ page }) => {
  await signIn(page)
  let fail = true
  await page.route(`**/api/customer/travelgroup/${GROUP}`, async (route) => {
    if (fail && route.request().method() === 'GET') {
      await route.fulfill({ status: 503, json: { code: 'service_unavailable', message: 'Down for a moment' } })
      return
    }
    await route.continue()
  })
  await page.goto(`/travelgroup/${GROUP}/checkout`)
  // (a 503 is retried twice, a few seconds apart, before it is shown)
  await expect(page.getByRole('alert')).toContainText('El servicio no está disponible en este momento', { timeout: 15_000 })
  await expect(page.getByText('Lo que ya habías escrito sigue guardado en este navegador.')).toBeVisible()
  fail = false
  await page.getByRole('button', { name: 'Reintentar' }).click()
  await expect(stepHeading(page)).toBeVisible()
})

test('the later steps’ reads come after the first step: it shows without them, and the step that needs one that failed says so and retries', async ({
  page,
}) => {
  await signIn(page)
  let fail = true
  await page.route(`**/api/customer/travelgroup/${GROUP}/extras`, async (route) => {
    if (fail) {
      await route.fulfill({ status: 503, json: { code: 'service_unavailable', message: 'Down for a moment' } })
      return
    }
    await route.continue()
  })
  // a draft with an extra chosen for the first traveller
  await seedDraft(page, draftFor(GROUP, 'pack', { extras: [{ item_id: `${GROUP}-ext-1`, member_index: 0 }] }))
  await page.goto(`/travelgroup/${GROUP}/checkout?step=pack`)
  // the first step does not wait for the extras (decision 041); the cart cannot price one it has not read
  await expect(stepHeading(page)).toHaveText('Elige tu pack')
  const cart = page.getByRole('complementary', { name: 'Tu reserva' })
  await expect(cart).toContainText('Calculando…')

  await page.getByRole('button', { name: /^Personalización/ }).click()
  // (a 503 is retried twice, a few seconds apart, before it is shown)
  await expect(page.getByRole('alert')).toContainText('El servicio no está disponible en este momento', { timeout: 15_000 })
  await expect(stepHeading(page)).toHaveCount(0)
  // nothing is being worked out any more: the cart does not say it is
  await expect(cart).toContainText('Sin calcular')
  fail = false
  await page.getByRole('button', { name: 'Reintentar' }).click()
  await expect(stepHeading(page)).toHaveText('Personaliza tu viaje')
  await expect(cart).toContainText(/Total estimado\s*[\d.]+,\d\d\s€/)
  await expectNoSeriousA11yViolations(page)
})
