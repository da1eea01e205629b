// The booking page's tabs as a customer uses them, with axe on every tab: the demo bookings of Viajes
// Sol read as they are (confirmed, canceled, completed, invited), and what changes data (bank account,
// pack, rooming request) on bookings bought for the test in a tenant of its own.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freshBooking, quietDialogs, signInAs } from '../support/booking-world'
import { API, apiToken, signInFast, SOL } from '../support/portal'

// Each test buys or reads a booking and walks several forms through the API: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

const tablist = (page: Page) => page.getByRole('tablist', { name: /Secciones de la reserva|Booking sections/ })
const tab = (page: Page, name: string | RegExp) => tablist(page).getByRole('tab', { name })
const panel = (page: Page) => page.getByRole('tabpanel')

/** How many members Ana's London booking group has now, as the API says. */
async function groupMembers(request: APIRequestContext): Promise<number> {
  const token = await apiToken(request, 'ana.garcia@example.com')
  const res = await request.get(`${API}/booking/bkg-sol-1001`, { headers: { Authorization: `Bearer ${token}`, agencyId: 'ag-sol' } })
  return ((await res.json()) as { group: { members: unknown[] } }).group.members.length
}

async function show(page: Page, name: string | RegExp) {
  await tab(page, name).click()
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
}

test('a confirmed booking: every tab, the keyboard tablist, axe on each', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1001`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Londres 4º ESO')
  await expect(page.getByText('Confirmada', { exact: true })).toBeVisible()
  await expect(page.getByText('VS-LON01')).toBeVisible()
  const names = await tablist(page).getByRole('tab').allInnerTexts()
  expect(names.map((n) => n.split('\n')[0]!.trim())).toEqual([
    'Experiencia',
    'Pagos',
    'Reembolsos y facturas',
    'Documentación',
    'Habitaciones',
    'Avisos',
    'Contacto',
    'Datos del grupo',
    'Packs',
    'Papeletas',
    'Código QR',
  ])

  // experience
  await expect(panel(page).getByRole('heading', { name: 'Tu viaje' })).toBeVisible()
  await expect(panel(page).getByText(/^Faltan \d+ días para la salida$/)).toBeVisible()
  await expect(panel(page).getByRole('heading', { name: 'Tu pack: Pack básico' })).toBeVisible()
  await expect(panel(page).getByText('Lucía García López')).toBeVisible()
  await expect(panel(page).getByText('Menor de edad')).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Cancelar la reserva' })).toBeEnabled()
  await expectNoSeriousA11yViolations(page)

  // keyboard: roving tabindex, arrows, Home and End; the tab is in the address
  const experience = tab(page, 'Experiencia')
  await experience.focus()
  await page.keyboard.press('ArrowRight')
  await expect(tab(page, 'Pagos')).toBeFocused()
  await expect(tab(page, 'Pagos')).toHaveAttribute('aria-selected', 'true')
  await expect(tab(page, 'Pagos')).toHaveAttribute('tabindex', '0')
  await expect(experience).toHaveAttribute('tabindex', '-1')
  await expect(page).toHaveURL(/\?tab=payments$/)
  await page.keyboard.press('End')
  await expect(tab(page, 'Código QR')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(experience).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(tab(page, 'Código QR')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(experience).toHaveAttribute('aria-selected', 'true')

  // payments: the payments feature's terms and cart, composed into the tab
  await show(page, 'Pagos')
  await expect(panel(page).getByText('Resumen de pagos')).toBeVisible()
  await expect(panel(page).getByText('Plazo 1')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // refunds and invoices
  await show(page, 'Reembolsos y facturas')
  await expect(panel(page).getByText('No hay reembolsos en esta reserva')).toBeVisible()
  await expect(panel(page).getByRole('heading', { name: 'Cuenta bancaria para reembolsos' })).toBeVisible()
  const download = page.waitForEvent('download')
  await panel(page)
    .getByRole('button', { name: /^Descargar PDF de la factura F\d{4}-\d+$/ })
    .first()
    .click()
  expect((await download).suggestedFilename()).toMatch(/^factura-F\d{4}-\d+\.pdf$/)
  await expectNoSeriousA11yViolations(page)

  await show(page, 'Documentación')
  await expect(panel(page).getByRole('heading', { name: 'Documentación del viaje' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await show(page, 'Habitaciones')
  await expect(panel(page).getByText('Abierto: puedes pedir con quién compartir habitación')).toBeVisible()
  await expect(panel(page).getByLabel('Lucía García López')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // notices: opening one marks it read, and the counters follow
  await show(page, /^Avisos/)
  await expect(panel(page).getByRole('heading', { name: 'Quién recibe los avisos' })).toBeVisible()
  await expect(panel(page).getByText('tutor legal de Lucía · marta.lopez@example.com')).toBeVisible()
  const meeting = panel(page).locator('details', { hasText: 'Reunión informativa' })
  if (await meeting.getByText('Sin leer').isVisible()) {
    await meeting.locator('summary').click()
    await expect(meeting.getByText('El jueves a las 19:00 en el salón de actos del colegio.')).toBeVisible()
    await expect(meeting.getByText('Sin leer')).toHaveCount(0)
    await expect(tab(page, 'Avisos').locator('.tabs__badge')).toHaveCount(0)
  }
  await expectNoSeriousA11yViolations(page)

  await show(page, 'Contacto')
  await expect(panel(page).getByRole('link', { name: /hola@viajessol\.example/ })).toHaveAttribute('href', /^mailto:hola@viajessol\.example/)
  await expect(panel(page).getByRole('link', { name: /\+34 910 000 111/ })).toHaveAttribute('href', 'tel:+34910000111')
  await expectNoSeriousA11yViolations(page)

  await show(page, 'Datos del grupo')
  await expect(panel(page).getByRole('heading', { name: 'Tu grupo: Amigos de 4ºB' })).toBeVisible()
  await expect(panel(page).getByText('AMIGOS-4B')).toBeVisible()
  // the group's members are people who joined, not every traveller: both counts, each under its name
  // the group's members as the API counts them now (another test may have joined the group meanwhile)
  await expect(panel(page).locator('dt:has-text("Miembros del grupo") + dd')).toHaveText(String(await groupMembers(request)))
  await expect(panel(page).locator('dt:has-text("Viajeros de tu reserva") + dd')).toHaveText('2')
  await expectNoSeriousA11yViolations(page)

  await show(page, 'Packs')
  await expect(panel(page).locator('.pack--current')).toContainText('Pack básico')
  await expect(panel(page).getByRole('button', { name: 'Cambiar a este pack' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // ballots: share a block, download a ballot with its code, open its page
  await show(page, 'Papeletas')
  await panel(page).getByRole('button', { name: 'Compartir el talonario' }).click()
  await expect(panel(page).getByLabel('Texto para compartir')).toHaveValue(/¡Ayúdame a pagar mi viaje «Londres 4º ESO»/)
  const ballot = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Descargar la papeleta nº 103' }).click()
  expect((await ballot).suggestedFilename()).toBe('papeleta-103.svg')
  await expectNoSeriousA11yViolations(page)

  await show(page, 'Código QR')
  await expect(panel(page).getByRole('img', { name: 'Código QR de la reserva VS-LON01' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // nothing widens the page on a phone (the tab strip scrolls inside itself)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // a deep link opens its tab
  await page.goto(`${SOL}/booking/bkg-sol-1001?tab=group`)
  await expect(tab(page, 'Datos del grupo')).toHaveAttribute('aria-selected', 'true')
})

test('in English, on a desktop: tabs and content translated', async ({ page, context, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInFast(context, request, 'ana.garcia@example.com')
  await context.addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await page.goto(`${SOL}/booking/bkg-sol-1001?tab=refunds`)
  await expect(tab(page, 'Refunds and invoices')).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(panel(page).getByText('There are no refunds on this booking')).toBeVisible()
  await panel(page).getByRole('button', { name: 'Save account' }).click()
  await expect(panel(page).getByText('Enter the account holder')).toBeVisible()
  await expect(panel(page).getByText('Enter the account number')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await show(page, 'Experience')
  await expect(panel(page).getByRole('heading', { name: 'Your trip' })).toBeVisible()
  await expect(panel(page).getByText(/^\d+ days to departure$/)).toBeVisible()
  await show(page, 'QR code')
  await expect(panel(page).getByRole('img', { name: 'QR code of booking VS-LON01' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // every other tab in English (axe ran on each of them in Spanish)
  const headings: [tab: string, heading: string][] = [
    ['Documentation', 'Travel documentation'],
    ['Rooming', 'Rooming'],
    ['Contact', 'Contact the agency'],
    ['Group details', 'Your group: Amigos de 4ºB'],
    ['Packs', "The trip's packs"],
    ['Ballots', 'Talonario 100–109'],
  ]
  for (const [name, heading] of headings) {
    await show(page, name)
    await expect(panel(page).getByRole('heading', { name: heading, exact: true })).toBeVisible()
  }
  await show(page, 'Group details')
  await expect(panel(page).locator('dt:has-text("Group members") + dd')).toHaveText(String(await groupMembers(request)))
  await expect(panel(page).locator('dt:has-text("Travellers in your booking") + dd')).toHaveText('2')
  await show(page, /^Notifications/)
  await expect(panel(page).getByRole('heading', { name: 'Who receives the notices' })).toBeVisible()
  await show(page, 'Payments')
  // the documentation forms in English (read only here)
  await show(page, 'Documentation')
  await page.locator('summary', { hasText: 'Legal guardians' }).click()
  await expect(panel(page).getByRole('combobox', { name: 'Legal guardians' })).toHaveValue('mother_and_father')
  await expect(panel(page).getByRole('group', { name: 'Second guardian' })).toBeVisible()
  await expect(panel(page).getByText('Lucía is a minor and acts under their legal guardians.', { exact: false })).toBeVisible()
})

test('a canceled booking: refunds pending → in batch → paid, the cancellation request, no cancelling again', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1004`)
  await expect(page.getByText('Cancelada', { exact: true })).toBeVisible()
  const names = (await tablist(page).getByRole('tab').allInnerTexts()).map((n) => n.split('\n')[0]!.trim())
  expect(names).toEqual(['Experiencia', 'Pagos', 'Reembolsos y facturas', 'Avisos', 'Contacto'])
  await expect(panel(page).getByRole('heading', { name: 'Reserva cancelada' })).toBeVisible()
  await expect(panel(page).getByText('Exámenes', { exact: true })).toBeVisible()
  await expect(panel(page).getByRole('row', { name: /Depósito \(no reembolsable\)/ })).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Cancelar la reserva' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  await panel(page).getByRole('link', { name: 'Ver el estado del reembolso' }).click()
  await expect(tab(page, 'Reembolsos y facturas')).toHaveAttribute('aria-selected', 'true')
  const refunds = panel(page).locator('.refund')
  await expect(refunds).toHaveCount(3)
  const expectations = [
    ['Pagado', 'Transferencia', 'Cancelación'],
    ['En remesa', 'Tarjeta', 'Cancelación'],
    ['Pendiente', 'Efectivo', 'Otro motivo'],
  ]
  for (const [i, [status, type, reason]] of expectations.entries()) {
    const refund = refunds.nth(i)
    await expect(refund.locator('.refund-status')).toHaveText(status!)
    await expect(refund).toContainText(type!)
    await expect(refund).toContainText(reason!)
    await expect(refund.locator('.refund__amount')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/)
    await expect(refund.locator('[aria-current="step"]')).toHaveText(status!)
  }
  // the account the refunds go to, masked
  await expect(panel(page).getByText('ES91 **** 1332')).toBeVisible()
  // one date style on the whole booking: "3 nov 2026", never "03/11/2026"
  await expect(refunds.first()).toContainText(/Solicitado\s*\d{1,2} [a-z]+ \d{4}/)
  await expect(panel(page)).not.toContainText(/\d{2}\/\d{2}\/\d{4}/)
  await context.addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await page.reload()
  await expect(panel(page).locator('.refund').first()).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4}/)
  await expect(panel(page)).not.toContainText(/\d{2}\/\d{2}\/\d{4}/)
  await context.addCookies([{ name: 'lang', value: 'es', url: SOL }])
  await expectNoSeriousA11yViolations(page)
})

test('a completed trip: review with a required rating, then thanks', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1005`)
  await expect(page.getByText('Completada', { exact: true })).toBeVisible()
  await expect(tab(page, 'Documentación')).toHaveCount(0)
  await show(page, 'Valoración')
  const send = panel(page).getByRole('button', { name: 'Enviar valoración' })
  if (await send.isVisible()) {
    await send.click()
    await expect(panel(page).getByText('Selecciona una puntuación')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await panel(page).locator('label', { hasText: '4 de 5 estrellas' }).click()
    await panel(page).getByLabel('Cuéntanos qué te ha parecido').fill('Muy bien organizado, repetiremos.')
    await send.click()
  }
  await expect(panel(page).getByText('¡Gracias por tu valoración! Nos ayuda a preparar mejores viajes.')).toBeVisible()
  await expect(panel(page).getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // a trip that is over offers nothing more to buy (its extras' deadlines are past), in either language
  await show(page, 'Pagos')
  await expect(panel(page).getByRole('heading', { name: 'Plazos' })).toBeVisible()
  await expect(panel(page).getByRole('heading', { name: 'Añadir un extra o un seguro' })).toHaveCount(0)
  await expect(panel(page).getByLabel('Extra o seguro')).toHaveCount(0)
  await context.addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await page.reload()
  await expect(panel(page).getByRole('heading', { name: 'Instalments' })).toBeVisible()
  await expect(panel(page).getByRole('heading', { name: 'Add an extra or insurance' })).toHaveCount(0)
})

test('an invitation: "Completar reserva" leads to the checkout', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1003`)
  await expect(page.getByText('Invitación', { exact: true })).toBeVisible()
  const names = (await tablist(page).getByRole('tab').allInnerTexts()).map((n) => n.split('\n')[0]!.trim())
  expect(names).toEqual(['Experiencia', 'Avisos', 'Contacto', 'Packs'])
  await expect(page.getByRole('link', { name: 'Completar reserva' })).toHaveAttribute('href', '/travelgroup/tg-sol-rom/checkout')
  await expectNoSeriousA11yViolations(page)
})

test("a guardian sees the minor's booking; an unknown booking is not found", async ({ page, context, request }) => {
  await signInFast(context, request, 'marta.lopez@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1001?tab=documentation`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Londres 4º ESO')
  await page.goto(`${SOL}/booking/bkg-sol-1002`)
  await expect(page.getByText('No encontramos esta reserva')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Volver a mis reservas' })).toHaveAttribute('href', '/')
})

test('bank account with the IBAN checksum (client and server), a new pack, a rooming request', async ({ page, context, request }) => {
  const booking = await freshBooking(request, {
    key: 'a',
    label: 'money',
    travellers: [
      { name: 'Clara', surname1: 'Ruiz', birthdate: '1990-03-14' },
      { name: 'Iván', surname1: 'Ruiz', birthdate: '1988-11-02', gender: 'male' },
    ],
  })
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=refunds`)

  const account = panel(page).getByRole('form', { name: 'Cuenta bancaria para reembolsos' })
  await account.getByRole('button', { name: 'Guardar cuenta' }).click()
  await expect(account.getByText('Debes indicar el beneficiario')).toBeVisible()
  await expect(account.getByText('Debes indicar el número de cuenta')).toBeVisible()
  await account.getByLabel('Beneficiario').fill('Marta Prueba')
  await account.getByLabel('Número de cuenta (IBAN)').fill('ES91 2100 0418 4502 0005 1333')
  await account.getByRole('button', { name: 'Guardar cuenta' }).click()
  await expect(account.getByText('El número de cuenta (IBAN) no es válido')).toBeVisible()
  // the server checks too: a request that slips past the form gets the `iban` field error, shown in place
  await page.route(
    '**/api/customer/booking/*/bank-account',
    (route) => route.continue({ postData: JSON.stringify({ owner: 'Marta Prueba', iban: 'ES0000000000000000000000' }) }),
    { times: 1 },
  )
  await account.getByLabel('Número de cuenta (IBAN)').fill('ES91 2100 0418 4502 0005 1332')
  await account.getByRole('button', { name: 'Guardar cuenta' }).click()
  await expect(account.getByText('El número de cuenta (IBAN) no es válido')).toBeVisible()
  await expect(account.getByLabel('Número de cuenta (IBAN)')).toHaveValue('ES91 2100 0418 4502 0005 1332')
  await account.getByRole('button', { name: 'Guardar cuenta' }).click()
  await expect(page.getByRole('status').getByText('Cuenta bancaria guardada')).toBeVisible()
  await expect(panel(page).getByText('ES91 **** 1332')).toBeVisible()

  await show(page, 'Packs')
  await panel(page).getByRole('button', { name: 'Cambiar a este pack' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cambiar de pack' })
  await expect(dialog).toContainText('Pasarás del Pack básico')
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
  await dialog.getByRole('button', { name: 'Confirmar el cambio' }).click()
  await expect(page.getByRole('status').getByText('Has cambiado al Pack completo')).toBeVisible()
  await expect(panel(page).locator('.pack--current')).toContainText('Pack completo')

  await show(page, 'Habitaciones')
  const rooming = panel(page).getByRole('form', { name: 'Petición de habitaciones' })
  await rooming.getByRole('button', { name: 'Enviar petición' }).click()
  await expect(rooming.locator('.field__error', { hasText: 'Elige una habitación' })).toHaveCount(2)
  const options = await rooming
    .getByLabel('Clara Ruiz Prueba')
    .locator('option:not([disabled])')
    .evaluateAll((list) =>
      list.map((o) => {
        const [, occupied, capacity] = /· (\d+) de (\d+) ocupadas$/.exec(o.textContent ?? '') ?? []
        return { value: (o as HTMLOptionElement).value, free: Number(capacity ?? 0) - Number(occupied ?? 0) }
      }),
    )
  const tight = options.find((o) => o.free === 1)
  if (tight) {
    // two people do not fit in a room with one place left: said before calling
    await rooming.getByLabel('Clara Ruiz Prueba').selectOption(tight.value)
    await rooming.getByLabel('Iván Ruiz Prueba').selectOption(tight.value)
    await rooming.getByRole('button', { name: 'Enviar petición' }).click()
    await expect(rooming.getByRole('alert')).toHaveText(/^En Habitación \d+ no caben 2 personas más$/)
  }
  const room = options.find((o) => o.free >= 2)!.value
  await rooming.getByLabel('Clara Ruiz Prueba').selectOption(room)
  await rooming.getByLabel('Iván Ruiz Prueba').selectOption(room)
  await rooming.getByRole('button', { name: 'Enviar petición' }).click()
  await expect(page.getByRole('status').getByText('Hemos enviado tu petición de habitaciones')).toBeVisible()
  await expect(panel(page).getByText('Petición enviada: la agencia la revisará')).toBeVisible()
  await expect(panel(page).locator('.rooms__member--mine')).toHaveCount(2)
  // the choice and the list of rooms tell the same: the room now holds the two travellers
  const chosen = rooming.getByLabel('Clara Ruiz Prueba').locator(`option[value="${room}"]`)
  const [, name, occupied, capacity] = /^(.+) · (\d+) de (\d+) ocupadas$/.exec((await chosen.textContent()) ?? '')!
  await expect(
    panel(page)
      .locator('.rooms__room', { hasText: `${name} (${occupied} de ${capacity} plazas)` })
      .locator('.rooms__member--mine'),
  ).toHaveCount(2)
  await expectNoSeriousA11yViolations(page)
})

test('the ballot page: shown with its code, downloadable; a wrong code is not found; without one, a form', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1001?tab=ballots`)
  const link = panel(page).getByRole('link', { name: 'Ver la papeleta nº 104' })
  const href = (await link.getAttribute('href'))!
  const code = new URL(href, SOL).searchParams.get('code')!
  // from the booking: a way back to its ballots, in Spanish and English
  await link.click()
  await expect(page.getByRole('img', { name: `Papeleta con el código ${code}` })).toBeVisible()
  await page.getByRole('link', { name: 'Volver a la reserva' }).click()
  await expect(page).toHaveURL(`${SOL}/booking/bkg-sol-1001?tab=ballots`)
  await expect(page.getByRole('tab', { name: /Papeletas/ })).toHaveAttribute('aria-selected', 'true')
  await context.addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await page.reload()
  await panel(page).getByRole('link', { name: 'View ballot no. 104' }).click()
  await expect(page.getByRole('link', { name: 'Back to the booking' })).toHaveAttribute('href', '/booking/bkg-sol-1001?tab=ballots')
  await context.addCookies([{ name: 'lang', value: 'es', url: SOL }])
  // public: a fresh browser without a session (reached by its link: no booking to go back to)
  await context.clearCookies()
  await page.goto('about:blank')
  await page.goto(`${SOL}${href}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Papeleta del sorteo')
  await expect(page.getByRole('img', { name: `Papeleta con el código ${code}` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Volver a la reserva' })).toHaveCount(0)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar la papeleta' }).click()
  expect((await download).suggestedFilename()).toBe(`papeleta-${code}.svg`)
  await expectNoSeriousA11yViolations(page)

  await page.goto(`${SOL}/ballot/bkg-sol-1001-bal-104?code=WRONG-00`)
  await expect(page.getByText('No encontramos esta papeleta')).toBeVisible()
  await page.goto(`${SOL}/ballot`)
  await page.getByRole('button', { name: 'Ver la papeleta' }).click()
  await expect(page.getByText('Debes introducir el número de la papeleta')).toBeVisible()
  await page.getByLabel('Identificador de la papeleta').fill('bkg-sol-1001-bal-104')
  await page.getByLabel('Código').fill(code)
  await page.getByRole('button', { name: 'Ver la papeleta' }).click()
  await expect(page.getByRole('img', { name: `Papeleta con el código ${code}` })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('notices from the API are sanitized in the browser: no script, handler or javascript: link survives', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  const hostile =
    '<p>Salida a las <strong>8:00</strong>.</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
    '<a href="javascript:window.__pwned = 3">pulsa</a> <a href="https://example.org/plan">Plan</a><iframe src="https://example.org"></iframe>' +
    '<p onclick="window.__pwned = 4" style="position:fixed;inset:0">texto</p><form action="https://example.org"><input name="iban"></form>'
  await page.route('**/api/customer/booking/bkg-sol-1001/notices', (route) =>
    route.fulfill({
      json: [{ id: 'ntc-hostile', title: 'Aviso raro', body_html: hostile, created_at: '2026-11-01T08:00:00Z', read_at: '2026-11-02T08:00:00Z' }],
    }),
  )
  await page.goto(`${SOL}/booking/bkg-sol-1001?tab=notices`)
  const notice = panel(page).locator('details', { hasText: 'Aviso raro' })
  await notice.locator('summary').click()
  const body = notice.locator('.prose')
  await expect(body.getByText('texto')).toBeVisible()
  await expect(body.locator('strong')).toHaveText('8:00')
  await expect(body.getByRole('link', { name: 'Plan' })).toHaveAttribute('href', 'https://example.org/plan')
  await expect(body.locator('script, iframe, img, form, input, [style], [onclick], [onerror]')).toHaveCount(0)
  expect(await body.getByText('pulsa').getAttribute('href')).toBeNull()
  await body.getByText('pulsa').click()
  await body.getByText('texto').click()
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
})

test('on a phone the tab strip shows it scrolls: its cut edge fades until the last tab is in view', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1001`)
  const strip = page.locator('.tabs')
  const list = page.getByRole('tablist')
  await expect(list).toBeVisible()
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(strip).toHaveAttribute('data-more-end', 'true')
  await expect(strip).not.toHaveAttribute('data-more-start')
  await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
  await expect(strip).toHaveAttribute('data-more-start', 'true')
  await expect(strip).not.toHaveAttribute('data-more-end')
  await expectNoSeriousA11yViolations(page)
})

test('on a phone a tab opened by its address, past the strip’s edge, is brought into view', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1001?tab=refunds`)
  const list = page.getByRole('tablist')
  await expect(list.getByRole('tab', { selected: true })).toHaveText(/Reembolsos/)
  await expect(list.getByRole('tab', { selected: true })).toBeInViewport({ ratio: 1 })
  expect(await list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
})
