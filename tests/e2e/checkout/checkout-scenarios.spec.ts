// The mock's scenarios against the checkout and the payments: sold out, pack full, a minor buyer,
// a card the provider always declines, and terms past their dates, for the whole tenant and aimed at one trip, pack
// or booking. They run on the ag-norte tenant (norte.localhost), one at a time, and put the tenant back after each test.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import {
  bookByApi,
  chooseSummary,
  type Party,
  draftFor,
  freshCustomer,
  paymentsOf,
  payButton,
  provider,
  seedDraft,
  settled,
  stepHeading,
} from '../support/checkout'
import { aimScenario, clearScenarios, NORTE, setScenarios, TOKEN_KEY } from '../support/portal'

test.describe.configure({ mode: 'serial', timeout: 90_000 })

const AGENCY = 'ag-norte'
const GROUP = 'tg-norte-pic'
const SHOTS = 'test-results/screenshots'
/** Two travellers in a double, paying in three instalments: a booking with terms still to pay. */
const TWO_IN_INSTALMENTS: Party = { group: GROUP, members: 2, plan: 3, rooms: [{ hosting_id: `${GROUP}-hst-2`, quantity: 1 }] }

/** A customer of their own on the norte tenant (the demo ones stay as other specs expect them). */
async function signInNorte(page: Page) {
  const { token: tok } = await freshCustomer(page.request, AGENCY, GROUP)
  await page.context().addCookies([
    { name: TOKEN_KEY, value: tok, url: NORTE },
    { name: 'lang', value: 'es', url: NORTE },
  ])
  return tok
}

test.afterEach(async ({ request }) => {
  await clearScenarios(request, AGENCY)
})

test('sold out: the trip says so, and the summary cannot hold seats', async ({ page, request }) => {
  await setScenarios(request, AGENCY, ['sold-out'])
  await signInNorte(page)
  await page.goto(`${NORTE}/travelgroup/${GROUP}`)
  await expect(page.getByRole('alert').filter({ hasText: 'Ya no quedan plazas disponibles en este grupo' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Reservar plaza' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Solicitar una invitación' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await seedDraft(page, draftFor(GROUP, 'summary'))
  await page.goto(`${NORTE}/travelgroup/${GROUP}/checkout`)
  await expect(stepHeading(page)).toHaveText('Resumen y pago')
  const alerts = page.getByRole('alert').filter({ hasText: 'Ya no quedan plazas disponibles en este grupo' })
  await expect(alerts).toHaveCount(2)
  await expect(page.getByText('Tus datos se han guardado por si se liberan plazas.', { exact: false })).toBeVisible()
  await expect(payButton(page)).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-sold-out.png`, fullPage: true })
})

test('pack full: the message, then the pack step shows every pack full; nothing typed is lost', async ({ page, request }) => {
  await setScenarios(request, AGENCY, ['pack-full'])
  await signInNorte(page)
  await seedDraft(page, draftFor(GROUP, 'summary'))
  await page.goto(`${NORTE}/travelgroup/${GROUP}/checkout`)
  const alert = page.getByRole('alert').filter({ hasText: 'No quedan plazas en el pack seleccionado' })
  await expect(alert).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await alert.getByRole('button', { name: 'Cambiar de pack' }).click()
  await expect(stepHeading(page)).toHaveText('Elige tu pack')
  await expect(page.getByRole('radio', { name: /^Pack básico/ })).toBeDisabled()
  await expect(page.getByText('Completo', { exact: true })).toHaveCount(2)
  await page
    .getByRole('navigation', { name: 'Pasos de la reserva' })
    .getByRole('button', { name: /Datos personales/ })
    .click()
  await expect(page.getByRole('region', { name: /^Viajero 1/ }).getByLabel('Nombre', { exact: true })).toHaveValue('Marta')
})

test('a minor buyer: the server says so, and the minor warning explains who has to buy', async ({ page, request }) => {
  await setScenarios(request, AGENCY, ['minor-buyer'])
  await signInNorte(page)
  await seedDraft(page, draftFor(GROUP, 'summary'))
  await page.goto(`${NORTE}/travelgroup/${GROUP}/checkout`)
  await expect(page.getByText(/Tus plazas están reservadas hasta las/)).toBeVisible()
  await chooseSummary(page, 'single')
  await payButton(page).click()
  const alert = page.getByRole('alert').filter({ hasText: 'El proceso de compra no puede ser realizado por un menor de edad' })
  await expect(alert).toBeVisible()
  await alert.getByRole('button', { name: 'Corregirlo' }).click()

  await expect(stepHeading(page)).toHaveText('Datos personales')
  const warning = page.getByRole('dialog', { name: 'Aviso para menores de edad' })
  await expect(warning).toContainText('El proceso de compra no puede ser realizado por un menor de edad')
  await expect(warning).toContainText('la madre, el padre o el tutor legal')
  await settled(warning)
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
  await page.screenshot({ path: `${SHOTS}/phone-es-minor-warning.png` })
  await warning.getByRole('button', { name: 'Cambiar el comprador' }).click()
  await expect(warning).toBeHidden()
  await expect(
    page.getByRole('region', { name: 'Datos del comprador' }).getByText('El proceso de compra no puede ser realizado por un menor de edad'),
  ).toBeVisible()
})

test('the card is declined: the error and "Reintentar pago", declined again, then a retry that succeeds', async ({ page, request }) => {
  await setScenarios(request, AGENCY, ['payment-fails'])
  const tok = await signInNorte(page)
  await seedDraft(page, draftFor(GROUP, 'summary'))
  await page.goto(`${NORTE}/travelgroup/${GROUP}/checkout`)
  await chooseSummary(page, 'single')
  await payButton(page).click()
  await provider(page, 'approve')

  await expect(page).toHaveURL(/\/payment\/pay-/)
  await expect(page.getByRole('heading', { level: 1, name: 'Se produjo un error en el pago.' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-payment-failed.png`, fullPage: true })
  await page.getByRole('button', { name: 'Reintentar pago' }).click()
  await provider(page, 'approve')
  await expect(page.getByRole('heading', { level: 1, name: 'Se produjo un error en el pago.' })).toBeVisible()

  await clearScenarios(request, AGENCY)
  await page.getByRole('button', { name: 'Reintentar pago' }).dblclick()
  await provider(page, 'approve')
  await expect(page).toHaveURL(new RegExp(`/travelgroup/${GROUP}/success\\?booking=`))
  await expect(page.getByRole('heading', { level: 1, name: '¡Reserva confirmada!' })).toBeVisible()
  const bookingId = new URL(page.url()).searchParams.get('booking')!
  const { payments } = await paymentsOf(request, tok, AGENCY, bookingId)
  expect(payments.map((p) => p.status).sort()).toEqual(['failed', 'failed', 'paid'])
})

test('terms past their dates: the payments page says so for terms, extras and insurance', async ({ page, request }) => {
  const tok = await signInNorte(page)
  const bookingId = await bookByApi(request, tok, AGENCY, { group: GROUP, members: 2, plan: 3, rooms: [{ hosting_id: `${GROUP}-hst-2`, quantity: 1 }] }, NORTE)
  await setScenarios(request, AGENCY, ['term-expired'])
  await page.goto(`${NORTE}/booking/${bookingId}/payments`)
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible()
  const terms = page.getByRole('region', { name: 'Plazos' })
  await expect(terms.getByRole('listitem').filter({ hasText: 'Plazo 1' })).toContainText('Pagado')
  const second = terms.getByRole('listitem').filter({ hasText: 'Plazo 2' })
  await expect(second).toContainText('Vencido')
  await expect(second).toContainText('Ha vencido el plazo de pago')
  await expect(second.getByRole('button')).toHaveCount(0)

  const extra = page.getByRole('region', { name: 'Añadir un extra o un seguro' })
  // the options: a placeholder, three extras, two insurances
  await extra.getByLabel('Extra o seguro').selectOption({ index: 2 })
  await extra.getByRole('button', { name: /^Pagar/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Ha vencido el plazo para pagar el extra' })).toBeVisible()
  await extra.getByLabel('Extra o seguro').selectOption({ index: 4 })
  await extra.getByRole('button', { name: /^Pagar/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Ha vencido el plazo para pagar el seguro' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

// Aimed scenarios: the mixed states travellers meet, one trip, pack or booking changed and the rest as it was.

test('pack-full aimed at one pack: that pack is shown full, the other stays bookable', async ({ page, request }) => {
  await aimScenario(request, 'pack-full', { travelGroup: GROUP, pack: `${GROUP}-pck-1` })
  await signInNorte(page)
  await seedDraft(page, draftFor(GROUP, 'pack'))
  await page.goto(`${NORTE}/travelgroup/${GROUP}/checkout`)
  await expect(stepHeading(page)).toHaveText('Elige tu pack')
  await expect(page.getByRole('radio', { name: /^Pack básico/ })).toBeDisabled()
  await expect(page.getByText('Completo', { exact: true })).toHaveCount(1)
  const other = page.getByRole('radio', { name: /^Pack completo/ })
  await expect(other).toBeEnabled()
  await other.check()
  await expect(other).toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-one-pack-full.png`, fullPage: true })
})

test('sold-out aimed at one trip: that trip says so, the agency’s other trip still takes bookings', async ({ page, request }) => {
  await aimScenario(request, 'sold-out', { travelGroup: GROUP })
  await signInNorte(page)
  await page.goto(`${NORTE}/travelgroup/${GROUP}`)
  await expect(page.getByRole('alert').filter({ hasText: 'Ya no quedan plazas disponibles en este grupo' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Reservar plaza' })).toHaveCount(0)
  await page.goto(`${NORTE}/travelgroup/tg-norte-isl`)
  await expect(page.getByRole('link', { name: 'Reservar plaza' })).not.toHaveCount(0)
  await expect(page.getByRole('alert').filter({ hasText: 'Ya no quedan plazas disponibles en este grupo' })).toHaveCount(0)
})

test('term-expired aimed at one booking: its instalment is overdue, the same buyer’s other booking can still pay', async ({ page, request }) => {
  const tok = await signInNorte(page)
  const overdue = await bookByApi(request, tok, AGENCY, TWO_IN_INSTALMENTS, NORTE)
  const onTime = await bookByApi(request, tok, AGENCY, TWO_IN_INSTALMENTS, NORTE)
  await aimScenario(request, 'term-expired', { booking: overdue })

  await page.goto(`${NORTE}/booking/${overdue}/payments`)
  const second = page.getByRole('region', { name: 'Plazos' }).getByRole('listitem').filter({ hasText: 'Plazo 2' })
  await expect(second).toContainText('Vencido')
  await expect(second).toContainText('Ha vencido el plazo de pago')
  await expect(second.getByRole('button')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`${NORTE}/booking/${onTime}/payments`)
  const pending = page.getByRole('region', { name: 'Plazos' }).getByRole('listitem').filter({ hasText: 'Plazo 2' })
  await expect(pending).not.toContainText('Vencido')
  await expect(pending.getByRole('button', { name: /^Pagar/ })).toBeVisible()
})

test('payment-fails aimed at one booking: its term is declined at the provider, the other booking’s is paid', async ({ page, request }) => {
  const tok = await signInNorte(page)
  const declined = await bookByApi(request, tok, AGENCY, TWO_IN_INSTALMENTS, NORTE)
  const paid = await bookByApi(request, tok, AGENCY, TWO_IN_INSTALMENTS, NORTE)
  await aimScenario(request, 'payment-fails', { booking: declined })

  const payTermTwo = async (bookingId: string) => {
    await page.goto(`${NORTE}/booking/${bookingId}/payments`)
    const term = page.getByRole('region', { name: 'Plazos' }).getByRole('listitem').filter({ hasText: 'Plazo 2' })
    await term.getByRole('button', { name: /^Pagar el plazo 2/ }).click()
    await provider(page, 'approve')
    await expect(page).toHaveURL(/\/payment\/pay-/)
  }
  await payTermTwo(declined)
  await expect(page.getByRole('heading', { level: 1, name: 'Se produjo un error en el pago.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reintentar pago' })).toBeVisible()
  await payTermTwo(paid)
  await expect(page.getByRole('heading', { level: 1, name: 'Pago realizado correctamente' })).toBeVisible()
})
