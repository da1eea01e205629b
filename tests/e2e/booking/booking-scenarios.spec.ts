// The mock's scenarios that change what a booking page shows: expired-passport, expired-dni,
// rooming-confirmed and already-traveled. Each test switches them on its own tenant only (so other
// specs never see them) and switches them off afterwards.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freshBooking, quietDialogs, signInAs, type Tenant } from '../support/booking-world'
import { aimScenario, clearScenarios, setScenarios, signInFast, SOL } from '../support/portal'

// Each test buys or reads a booking and walks several forms through the API: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

let tenant: Tenant | null = null
test.afterEach(async ({ request }) => {
  if (tenant) await clearScenarios(request, tenant.id)
  tenant = null
})

const section = (page: Page, title: string) =>
  page.locator('details.doc-section').filter({ has: page.locator('summary', { hasText: new RegExp(`^\\s*${title}`) }) })

test('expired-passport: the passport on file reads as expired, and saving one gives passport_expired', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { key: 'a', label: 'expired-passport' })
  tenant = booking.tenant
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=documentation`)
  const passport = section(page, 'Pasaporte')
  await passport.locator('summary').click()
  await passport.getByLabel('Número de pasaporte').fill('PAA123456')
  await passport.getByLabel('Fecha de caducidad').fill('2034-01-31')
  await passport.getByRole('button', { name: 'Guardar pasaporte' }).click()
  await expect(passport.locator('.doc-badge')).toHaveText('Completado')

  await setScenarios(request, booking.tenant.id, ['expired-passport'])
  await page.reload()
  await section(page, 'Pasaporte').locator('summary').click()
  await expect(
    section(page, 'Pasaporte').getByText('El documento guardado no es válido: está caducado o caduca antes de la vuelta. Actualízalo.'),
  ).toBeVisible()
  await expect(section(page, 'Pasaporte').locator('.doc-badge')).not.toHaveText('Completado')
  await section(page, 'Pasaporte').getByRole('button', { name: 'Guardar pasaporte' }).click()
  await expect(section(page, 'Pasaporte').getByText('El pasaporte está caducado')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('expired-dni: the DNI on file reads as expired, and saving one gives dni_expired', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { key: 'b', label: 'expired-dni' })
  tenant = booking.tenant
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=documentation`)
  const dni = section(page, 'DNI')
  await dni.locator('summary').click()
  await dni.getByLabel('Número de soporte').fill('BAA123456')
  await dni.getByLabel('Fecha de expedición').fill('2021-05-01')
  await dni.getByLabel('Fecha de caducidad').fill('2031-05-01')
  await dni.getByRole('button', { name: 'Guardar DNI' }).click()
  await expect(dni.locator('.doc-badge')).toHaveText('Completado')

  await setScenarios(request, booking.tenant.id, ['expired-dni'])
  await page.reload()
  await section(page, 'DNI').locator('summary').click()
  await expect(section(page, 'DNI').getByText('El documento guardado no es válido: está caducado o caduca antes de la vuelta. Actualízalo.')).toBeVisible()
  await section(page, 'DNI').getByRole('button', { name: 'Guardar DNI' }).click()
  await expect(section(page, 'DNI').getByText('El DNI está caducado')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('rooming-confirmed: a request sent as the list closes gets rooming_list_already_confirmed, then the confirmed state', async ({
  page,
  context,
  request,
}) => {
  const booking = await freshBooking(request, { key: 'a', label: 'rooming' })
  tenant = booking.tenant
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=rooming`)
  const form = page.getByRole('form', { name: 'Petición de habitaciones' })
  const select = form.getByLabel('Clara Ruiz Prueba')
  const room = await select.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')
  await select.selectOption(room!)

  await setScenarios(request, booking.tenant.id, ['rooming-confirmed'])
  await form.getByRole('button', { name: 'Enviar petición' }).click()
  await expect(page.getByRole('alert').getByText('El reparto de habitaciones ya está confirmado').first()).toBeVisible()
  await expect(page.getByText('Confirmado por la agencia')).toBeVisible()
  await expect(page.getByText('La agencia ya ha confirmado el reparto de habitaciones. Si necesitas un cambio, contacta con ella.')).toBeVisible()
  await expect(form).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('Confirmado por la agencia')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Petición de habitaciones' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})

test('already-traveled: cancelling gives booking_already_traveled and the booking stays as it was', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { key: 'a', label: 'traveled' })
  tenant = booking.tenant
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await setScenarios(request, booking.tenant.id, ['already-traveled'])
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}`)
  await page.getByRole('button', { name: 'Cancelar la reserva' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Motivo de la cancelación').selectOption('change')
  await dialog.getByLabel('IBAN', { exact: true }).fill('ES9121000418450200051332')
  await dialog.getByRole('button', { name: 'Ver cuánto me devolvéis' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('No se puede cancelar la reserva porque el viaje ya se ha realizado')
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
  await dialog.getByRole('button', { name: 'No cancelar' }).click()
  await expect(page.locator('.booking-status')).toHaveText('Confirmada')
})

test('pack-full: changing to a pack that filled up meanwhile gives travel_group_pack_full, in the dialog', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { key: 'a', label: 'pack-full' })
  tenant = booking.tenant
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=packs`)
  await page.getByRole('button', { name: 'Cambiar a este pack' }).click()
  await setScenarios(request, booking.tenant.id, ['pack-full'])
  const dialog = page.getByRole('dialog', { name: 'Cambiar de pack' })
  await dialog.getByRole('button', { name: 'Confirmar el cambio' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('No quedan plazas en el pack seleccionado')
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(page.locator('.pack--current')).toContainText('Pack básico')
})

test('expired-passport aimed at one demo passenger: Jorge’s documentation asks for his passport, the others’ stay as they were', async ({
  page,
  context,
  request,
}) => {
  // Jorge (bkg-sol-1002, Pyrenees, inside the documentation window) travels on his passport: the one document he needs.
  const JORGE = { member: 'mem-sol-jorge' }
  try {
    await signInFast(context, request, 'ana.garcia@example.com')
    await quietDialogs(page, 'bkg-sol-1002')
    await page.goto(`${SOL}/booking/bkg-sol-1002?tab=documentation`)
    const travellers = page.getByRole('navigation', { name: 'Viajeros' })
    const jorge = travellers.getByRole('button', { name: /Jorge Martín Gil/ })
    const ana = travellers.getByRole('button', { name: /Ana García López/ })
    await expect(jorge).toContainText('Completa')
    const anaBefore = await ana.locator('.doc-badge').textContent()

    await aimScenario(request, 'expired-passport', JORGE)
    await page.reload()
    await expect(jorge.locator('.doc-badge')).toHaveText(/pendiente/)
    await expect(ana.locator('.doc-badge')).toHaveText(anaBefore!)
    await jorge.click()
    const passport = section(page, 'Pasaporte')
    await expect(passport.locator('.doc-badge')).toHaveText('Pendiente')
    // what needs doing is open already
    await expect(passport).toHaveAttribute('open', '')
    await expect(passport.getByText('El documento guardado no es válido: está caducado o caduca antes de la vuelta. Actualízalo.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: 'test-results/screenshots/phone-es-expired-passport-one-passenger.png', fullPage: true })
  } finally {
    await clearScenarios(request, JORGE)
  }
})
