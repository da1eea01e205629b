// The invitation form (a guest asks to join a trip and gets a sign-in link), joining a group of
// friends by its code (with booking_group_mail_invalid), and the winner page.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { bookByApi, freshCustomer, token } from '../support/checkout'
import { lastMailedLink, SOL, TOKEN_KEY } from '../support/portal'

// Whole journeys on a shared, busy machine: more than the default 30 s each.
test.describe.configure({ timeout: 90_000 })

const SHOTS = 'test-results/screenshots'
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

test('a guest asks for an invitation: every message, then the e-mail with the sign-in link', async ({ page }) => {
  await page.goto('/travelgroup/tg-sol-rom')
  await page.getByRole('link', { name: 'Solicitar una invitación' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitar invitación' })).toBeVisible()
  await expect(page.getByText('Déjanos tus datos y te enviaremos la invitación', { exact: false })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Solicitar invitación' }).click()
  await expect(page.getByText('Debes introducir tu nombre')).toBeVisible()
  await expect(page.getByText('Debes introducir tu email')).toBeVisible()
  await expect(page.getByText('Debes introducir tu teléfono')).toBeVisible()
  await expect(page.getByText('Debes responder sí o no')).toBeVisible()
  await expect(page.getByLabel('Nombre y apellidos')).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  await blur(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-invitation-errors.png`, fullPage: true })

  const email = `invitada.${Date.now()}@example.com`
  await page.getByLabel('Nombre y apellidos').fill('Carmen Ruiz')
  await page.getByLabel('Email').fill('no-es-un-email')
  await page.getByLabel('Teléfono').fill('+34 600 333 444')
  await page.getByRole('radiogroup', { name: 'Quiero recibir ofertas y novedades de la agencia.' }).getByRole('radio', { name: 'No' }).check()
  await page.getByRole('checkbox', { name: /Acepto que mis datos se cedan/ }).check()
  await page.getByRole('button', { name: 'Solicitar invitación' }).click()
  await expect(page.getByText('Email incorrecto')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Solicitar invitación' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Revisa tu email' })).toContainText(email)
  await expectNoSeriousA11yViolations(page)
  const link = await lastMailedLink(page.request, email)
  expect(link).toContain('/auth/autologin/')
})

test('invitation form in English on a desktop (screenshot), and a customer who already booked', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.context().addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await page.goto('/travelgroup/tg-sol-lon/invitation')
  await expect(page.getByRole('heading', { level: 1, name: 'Request an invitation' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/desktop-en-invitation.png`, fullPage: true })
  // Ana already travels to London: she is asked to sign in instead.
  await page.getByLabel('Full name').fill('Ana García')
  await page.getByLabel('Email').fill('ana.garcia@example.com')
  await page.getByLabel('Phone').fill('+34600111222')
  await page.getByRole('radio', { name: 'Yes' }).check()
  await page.getByRole('button', { name: 'Request an invitation' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'You already have a booking on this trip' })).toBeVisible()
  void request
})

test('joining a group of friends by its link: a wrong e-mail, then joined', async ({ page }) => {
  const { token: tok } = await freshCustomer(page.request, 'ag-sol', 'tg-sol-lon')
  await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: SOL }])
  await bookByApi(page.request, tok, 'ag-sol', { group: 'tg-sol-lon', members: 2, plan: 1, rooms: [{ hosting_id: 'tg-sol-lon-hst-2', quantity: 1 }] }, SOL)

  // A wrong code answers like a missing group.
  await page.goto('/travelgroup/tg-sol-lon/invitation?group=grp-sol-1&code=NOPE')
  await expect(page.getByRole('alert').filter({ hasText: 'No hay ningún grupo con esa referencia y ese código' })).toBeVisible()
  await page.getByRole('button', { name: 'Escribirlos otra vez' }).click()
  await page.getByLabel('Código del grupo').fill('AMIGOS-4B')
  await page.getByRole('button', { name: 'Buscar el grupo' }).click()

  const join = page.getByRole('region', { name: 'Viajar con tu grupo de amigos' })
  await expect(join.getByText('Amigos de 4ºB')).toBeVisible()
  await expect(join.getByRole('list', { name: 'Miembros del grupo' })).toContainText('Ana García')
  await join.getByLabel(/^Invita a más amigos por email/).fill('pablo@example.com, mal@')
  await join.getByRole('button', { name: 'Unirme al grupo' }).click()
  await expect(join.getByText('Uno de los correos electrónicos introducidos no es válido: mal@').first()).toBeVisible()
  await expect(join.getByLabel(/^Invita a más amigos por email/)).toHaveValue('pablo@example.com, mal@')
  await expectNoSeriousA11yViolations(page)
  await join.getByLabel(/^Invita a más amigos por email/).fill('pablo@example.com')
  await join.getByRole('button', { name: 'Unirme al grupo' }).click()
  await expect(join.getByRole('status').filter({ hasText: 'Ya formas parte del grupo Amigos de 4ºB' })).toBeVisible()
  await expect(join.getByRole('list', { name: 'Miembros del grupo' })).toContainText('pablo')
  // The friend's e-mail links to the group itself: following it finds the group with no typing.
  const mail = await lastMailedLink(page.request, 'pablo@example.com')
  expect(mail).toContain('/travelgroup/tg-sol-lon/invitation?group=grp-sol-1&code=AMIGOS-4B')
  await page.goto(mail)
  await expect(page.getByRole('region', { name: 'Viajar con tu grupo de amigos' }).getByText('Amigos de 4ºB')).toBeVisible()
})

test('the winner page: a place the agency gave, and on to complete the booking', async ({ page }) => {
  const tok = await token(page.request, 'ana.garcia@example.com', 'ag-sol')
  await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: SOL }])
  await page.goto('/travelgroup/tg-sol-rom/winner')
  await expect(page.getByRole('heading', { level: 1, name: '¡Enhorabuena, tienes plaza!' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-winner.png`, fullPage: true })
  await page.getByRole('link', { name: 'Completar mi reserva' }).click()
  await expect(page).toHaveURL(/\/travelgroup\/tg-sol-rom\/checkout/)
  await expect(page.getByText(/Tienes una invitación para este viaje/)).toBeVisible()
  // Someone without a place there.
  await page.goto('/travelgroup/tg-sol-pir/winner')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Tu plaza ya está reservada|No tienes ninguna plaza asignada en este viaje/)
})
