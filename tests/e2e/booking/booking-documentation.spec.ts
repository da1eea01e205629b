// The documentation tab as a traveller uses it: every form, SPEC §5's messages, the server's codes
// (dni_expired, dni_close_expiration, passport_expired, passport_close_expiration, *_wrong_format),
// guardians and the parental authorization with its PDF, the providers warning, file upload, and
// the pending-documentation modal. Writes go to bookings made for each test in the specs' own tenant.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { bornYearsAgo, freshBooking, isoFromToday, quietDialogs, signInAs } from '../support/booking-world'
import { signInFast, SOL } from '../support/portal'

// Each test buys or reads a booking and walks several forms through the API: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

const T = {
  es: {
    tab: 'Documentación',
    dni: 'DNI',
    passport: 'Pasaporte',
    saveDni: 'Guardar DNI',
    savePassport: 'Guardar pasaporte',
    number: 'Número de DNI',
    support: 'Número de soporte',
    issue: 'Fecha de expedición',
    expiry: 'Fecha de caducidad',
    passportNumber: 'Número de pasaporte',
    warningAccept: 'Entendido, guardar',
    required: [
      'Debes introducir el número de DNI',
      'Debes introducir el número de soporte',
      'Debes indicar la fecha de expedición',
      'Debes indicar la fecha de caducidad',
    ],
    dni_wrong_format: 'El DNI solo puede contener números y letras',
    dni_expired: 'El DNI está caducado',
    dni_close_expiration: 'El DNI caduca demasiado cerca de la fecha de regreso',
    passport_wrong_format: 'El número de pasaporte solo puede contener números y letras',
    passport_expired: 'El pasaporte está caducado',
    passport_close_expiration: 'El pasaporte caduca demasiado cerca de la fecha de regreso',
    done: 'Completado',
    saved: 'DNI guardado',
  },
  en: {
    tab: 'Documentation',
    dni: 'ID card (DNI)',
    passport: 'Passport',
    saveDni: 'Save ID card',
    savePassport: 'Save passport',
    number: 'ID card number',
    support: 'Support number',
    issue: 'Issue date',
    expiry: 'Expiry date',
    passportNumber: 'Passport number',
    warningAccept: 'Understood, save',
    required: ['Enter the ID card number', 'Enter the support number', 'Enter the issue date', 'Enter the expiry date'],
    dni_wrong_format: 'The ID card number may only contain numbers and letters',
    dni_expired: 'The ID card has expired',
    dni_close_expiration: 'The ID card expires too close to the return date',
    passport_wrong_format: 'The passport number may only contain numbers and letters',
    passport_expired: 'The passport has expired',
    passport_close_expiration: 'The passport expires too close to the return date',
    done: 'Completed',
    saved: 'ID card saved',
  },
} as const

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const section = (page: Page, title: string) =>
  page.locator('details.doc-section').filter({ has: page.locator('summary', { hasText: new RegExp(`^\\s*${escape(title)}`) }) })

async function open(section: Locator) {
  if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator('summary').click()
}

for (const lang of ['es', 'en'] as const) {
  test(`DNI and passport (${lang}): required fields, wrong format, expired, too close to the return, then saved`, async ({ page, context, request }) => {
    const t = T[lang]
    // group b: national trip, the service requires a DNI; returns 53 days from today
    const booking = await freshBooking(request, { key: 'b', label: `docs-${lang}` })
    await signInAs(context, booking, lang)
    await quietDialogs(page, booking.bookingId, { providers: false })
    await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=documentation`)
    await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true')

    const dni = section(page, t.dni)
    await open(dni)
    const form = dni.locator('form')
    await form.getByLabel(t.number, { exact: true }).fill('')
    await form.getByRole('button', { name: t.saveDni }).click()
    for (const message of t.required) await expect(form.getByText(message)).toBeVisible()

    await form.getByLabel(t.number, { exact: true }).fill('1234-5678Z')
    await form.getByLabel(t.support, { exact: true }).fill('BAA123456')
    await form.getByLabel(t.issue, { exact: true }).fill('2020-01-10')
    await form.getByLabel(t.expiry, { exact: true }).fill(isoFromToday(-3))
    await form.getByRole('button', { name: t.saveDni }).click()
    // the first documentation save of the session asks about sending the data to providers
    const warning = page.getByRole('dialog')
    await expect(warning).toBeVisible()
    await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
    await warning.getByRole('button', { name: t.warningAccept }).click()
    await expect(form.getByText(t.dni_wrong_format)).toBeVisible()
    // what was typed stays
    await expect(form.getByLabel(t.number, { exact: true })).toHaveValue('1234-5678Z')

    await form.getByLabel(t.number, { exact: true }).fill('12345678Z')
    await form.getByRole('button', { name: t.saveDni }).click()
    await expect(form.getByText(t.dni_expired)).toBeVisible()
    await form.getByLabel(t.expiry, { exact: true }).fill(isoFromToday(52))
    await form.getByRole('button', { name: t.saveDni }).click()
    await expect(form.getByText(t.dni_close_expiration)).toBeVisible()
    await form.getByLabel(t.expiry, { exact: true }).fill('2034-06-30')
    await form.getByRole('button', { name: t.saveDni }).click()
    await expect(page.getByRole('status').getByText(t.saved)).toBeVisible()
    await expect(dni.locator('.doc-badge')).toHaveText(t.done)

    const passport = section(page, t.passport)
    await open(passport)
    const pform = passport.locator('form')
    await pform.getByLabel(t.passportNumber, { exact: true }).fill('PA 1234')
    await pform.getByLabel(t.expiry, { exact: true }).fill('2034-06-30')
    await pform.getByRole('button', { name: t.savePassport }).click()
    await expect(pform.getByText(t.passport_wrong_format)).toBeVisible()
    await pform.getByLabel(t.passportNumber, { exact: true }).fill('PAA123456')
    await pform.getByLabel(t.expiry, { exact: true }).fill(isoFromToday(-1))
    await pform.getByRole('button', { name: t.savePassport }).click()
    await expect(pform.getByText(t.passport_expired)).toBeVisible()
    // valid at the return, but not 90 days after it
    await pform.getByLabel(t.expiry, { exact: true }).fill(isoFromToday(100))
    await pform.getByRole('button', { name: t.savePassport }).click()
    await expect(pform.getByText(t.passport_close_expiration)).toBeVisible()
    await pform.getByLabel(t.expiry, { exact: true }).fill('2034-06-30')
    await pform.getByRole('button', { name: t.savePassport }).click()
    await expect(passport.locator('.doc-badge')).toHaveText(t.done)
    await expectNoSeriousA11yViolations(page)
  })
}

test('personal data with allergies and medical notes, buyer, emergency contact: messages, server codes, saved', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { key: 'b', label: 'personal' })
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=documentation`)

  const personal = section(page, 'Datos personales')
  await open(personal)
  const form = personal.locator('form')
  await form.getByLabel('Nombre', { exact: true }).fill('')
  await form.getByLabel('Primer apellido', { exact: true }).fill('')
  await form.getByLabel('Dirección', { exact: true }).fill('')
  await form.getByLabel('Código postal', { exact: true }).fill('')
  await form.getByLabel('Ciudad', { exact: true }).fill('')
  await form.getByRole('button', { name: 'Guardar datos personales' }).click()
  for (const message of [
    'Debes introducir tu nombre',
    'Debes introducir tu apellido',
    'Debes introducir tu dirección',
    'Debes indicar tu código postal',
    'Debes indicar la ciudad',
  ]) {
    await expect(form.getByText(message)).toBeVisible()
  }
  // the first invalid field has focus
  await expect(form.getByLabel('Nombre', { exact: true })).toBeFocused()
  await form.getByLabel('Nombre', { exact: true }).fill('Clara')
  await form.getByLabel('Primer apellido', { exact: true }).fill('Ruiz')
  await form.getByLabel('Dirección', { exact: true }).fill('Calle Luna 3')
  await form.getByLabel('Código postal', { exact: true }).fill('28004')
  await form.getByLabel('Ciudad', { exact: true }).fill('Madrid')
  await form.getByLabel('Número de documento', { exact: true }).fill('1234 5678')
  await form.getByLabel('Alergias').fill('Frutos secos')
  await form.getByLabel('Observaciones médicas').fill('Asma leve: lleva inhalador')
  await form.getByRole('button', { name: 'Guardar datos personales' }).click()
  await expect(form.getByText('El DNI solo puede contener números y letras')).toBeVisible()
  await form.getByLabel('Tipo de documento').selectOption('passport')
  await form.getByRole('button', { name: 'Guardar datos personales' }).click()
  await expect(form.getByText('El número de pasaporte solo puede contener números y letras')).toBeVisible()
  await form.getByLabel('Número de documento', { exact: true }).fill('PAA765432')
  await form.getByRole('button', { name: 'Guardar datos personales' }).click()
  await expect(page.getByRole('status').getByText('Datos personales guardados')).toBeVisible()

  const buyer = section(page, 'Datos de facturación')
  await open(buyer)
  const bform = buyer.locator('form')
  await bform.getByLabel('NIF (DNI o pasaporte)').fill('8765-4321X')
  await bform.getByRole('button', { name: 'Guardar datos de facturación' }).click()
  await expect(bform.getByText('El NIF solo puede contener números y letras')).toBeVisible()
  // the whole option card is the radio's label
  await bform
    .locator('label')
    .filter({ hasText: /^Empresa$/ })
    .click()
  await bform.getByRole('button', { name: 'Guardar datos de facturación' }).click()
  await expect(bform.getByText('Debes introducir el nombre de la empresa')).toBeVisible()
  await bform.getByLabel('Nombre de la empresa').fill('Viajes Prueba S.L.')
  await bform.getByLabel('CIF').fill('B-12345678')
  await bform.getByRole('checkbox', { name: 'Declaro que represento a la empresa y puedo contratar en su nombre' }).check()
  await bform.getByRole('button', { name: 'Guardar datos de facturación' }).click()
  await expect(bform.getByText('El CIF solo puede contener números y letras')).toBeVisible()
  await bform.getByLabel('CIF').fill('B12345678')
  await bform.getByRole('button', { name: 'Guardar datos de facturación' }).click()
  await expect(page.getByRole('status').getByText('Datos de facturación guardados')).toBeVisible()

  const emergency = section(page, 'Contacto de emergencia')
  await expect(emergency.locator('.doc-badge')).toHaveText('Opcional')
  await open(emergency)
  const eform = emergency.locator('form')
  await eform.getByRole('button', { name: 'Guardar contacto de emergencia' }).click()
  for (const message of ['Debes introducir el nombre', 'Debes introducir el primer apellido', 'Debes introducir el email', 'Debes introducir el teléfono']) {
    await expect(eform.getByText(message)).toBeVisible()
  }
  await eform.getByLabel('Nombre', { exact: true }).fill('Luis')
  await eform.getByLabel('Primer apellido', { exact: true }).fill('Ruiz')
  await eform.getByLabel('Email').fill('luis.ruiz@example.com')
  await eform.getByLabel('Teléfono').fill('+34600333444')
  await eform.getByRole('button', { name: 'Guardar contacto de emergencia' }).click()
  await expect(emergency.locator('.doc-badge')).toHaveText('Completado')

  // everything is kept: after a reload the forms show what was saved
  await page.reload()
  await open(section(page, 'Datos personales'))
  await expect(page.getByLabel('Alergias')).toHaveValue('Frutos secos')
  await expect(page.getByLabel('Observaciones médicas')).toHaveValue('Asma leve: lleva inhalador')
  await expectNoSeriousA11yViolations(page)
})

test('a minor: guardians (six types), who receives the notices, the authorization only after the guardians, signed, its PDF; a passport scan', async ({
  page,
  context,
  request,
}) => {
  // group a: international, 120 days away (the authorization can still be signed)
  const booking = await freshBooking(request, { key: 'a', label: 'minor', travellers: [{ name: 'Nora', surname1: 'Prueba', birthdate: bornYearsAgo(15) }] })
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=documentation`)

  await expect(page.getByText('Nora es menor de edad y actúa bajo sus tutores legales: indica quiénes son para que también reciban los avisos.')).toBeVisible()
  const authorization = section(page, 'Autorización de los tutores')
  await open(authorization)
  await expect(authorization.getByText('Para firmar la autorización, completa antes los datos de los tutores legales.')).toBeVisible()
  await expect(authorization.getByRole('button', { name: 'Firmar la autorización' })).toHaveCount(0)

  const guardians = section(page, 'Tutores legales')
  await expect(guardians.locator('.doc-badge')).toHaveText('Pendiente')
  const gform = guardians.locator('form')
  const types = gform.getByLabel('Tutores legales')
  await expect(types.locator('option')).toHaveText([
    'Selecciona quiénes son',
    'Madre y padre',
    'Solo la madre',
    'Solo el padre',
    'Tutor o tutora legal',
    'Dos madres',
    'Dos padres',
  ])
  await types.selectOption('two_mothers')
  await expect(gform.getByRole('group', { name: 'Segundo tutor o tutora' })).toBeVisible()
  await gform.getByRole('button', { name: 'Guardar tutores legales' }).click()
  for (const message of [
    'Debes introducir el nombre',
    'Debes introducir el primer apellido',
    'Debes introducir el email',
    'Debes introducir el teléfono',
    'Debes introducir el número de documento',
  ]) {
    await expect(gform.getByRole('group', { name: 'Primer tutor o tutora' }).getByText(message)).toBeVisible()
  }
  await types.selectOption('mother')
  await expect(gform.getByRole('group', { name: 'Segundo tutor o tutora' })).toHaveCount(0)
  const first = gform.getByRole('group', { name: 'Datos del tutor o tutora' })
  await first.getByLabel('Nombre', { exact: true }).fill('Marta')
  await first.getByLabel('Primer apellido', { exact: true }).fill('Prueba')
  await first.getByLabel('Email').fill(booking.email)
  await first.getByLabel('Teléfono').fill('+34600222333')
  await first.getByLabel('Número de documento (DNI o pasaporte)').fill('8765-4321X')
  await gform.getByRole('button', { name: 'Guardar tutores legales' }).click()
  await expect(first.getByText('El DNI solo puede contener números y letras')).toBeVisible()
  await first.getByLabel('Número de documento (DNI o pasaporte)').fill('87654321X')
  await gform.getByRole('button', { name: 'Guardar tutores legales' }).click()
  await expect(guardians.locator('.doc-badge')).toHaveText('Completado')
  // the guardians receive the notices too, and the portal says so
  await expect(page.getByText(`Los avisos sobre su reserva y su documentación también les llegan a ellos: Marta Prueba (${booking.email}).`)).toBeVisible()

  // now the authorization can be signed
  const aform = authorization.locator('form')
  await aform.getByRole('button', { name: 'Firmar la autorización' }).click()
  await expect(aform.getByText('Debes aceptar la autorización para firmarla')).toBeVisible()
  await aform.getByRole('checkbox', { name: /autorizo a Nora a participar en el viaje/ }).check()
  await aform.getByRole('button', { name: 'Firmar la autorización' }).click()
  await expect(authorization.getByText('Firmada por Marta Prueba (Marta Prueba)')).toBeVisible()
  await expect(authorization.locator('.doc-badge')).toHaveText('Completado')
  const download = page.waitForEvent('download')
  await authorization.getByRole('button', { name: 'Descargar la autorización (PDF)' }).click()
  const pdf = await download
  expect(pdf.suggestedFilename()).toMatch(/^autorizacion-Nora-.+\.pdf$/)
  const bytes = await (await pdf.createReadStream()).toArray()
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-')

  // a passport with its scan
  const passport = section(page, 'Pasaporte')
  await open(passport)
  const pform = passport.locator('form')
  await pform.getByLabel('Número de pasaporte').fill('PNO123456')
  await pform.getByLabel('Fecha de caducidad').fill('2034-01-31')
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
  await pform.getByLabel(/Copia del pasaporte/).setInputFiles({ name: 'pasaporte.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByRole('status').getByText('Archivo subido: pasaporte.png')).toBeVisible()
  await expect(pform.getByText('Archivo guardado:')).toBeVisible()
  await pform.getByRole('button', { name: 'Guardar pasaporte' }).click()
  await expect(passport.locator('.doc-badge')).toHaveText('Completado')
  await expectNoSeriousA11yViolations(page)
})

test('the pending-documentation modal: once per session, and it leads to the documentation', async ({ page, context, request }) => {
  // bkg-sol-1002: departure inside the documentation window, Ana's DNI and passport missing (read only here)
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto(`${SOL}/booking/bkg-sol-1002`)
  const modal = page.getByRole('dialog', { name: 'Documentación pendiente' })
  await expect(modal).toBeVisible()
  await expect(modal).toContainText('Tienes documentación pendiente. Debes completarla para poder mantener tu reserva.')
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
  await modal.getByRole('button', { name: 'Completar documentación' }).click()
  await expect(modal).toBeHidden()
  await expect(page).toHaveURL(/\?tab=documentation$/)
  const tab = page.getByRole('tab', { name: /Documentación/ })
  await expect(tab).toHaveAttribute('aria-selected', 'true')
  await expect(tab).toBeFocused()
  // both documents are required and either completes: the portal says so
  await expect(page.getByText('Basta con uno de los dos documentos: el DNI o el pasaporte.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('tab', { name: /Documentación/ })).toBeVisible()
  await page.waitForTimeout(300)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the parental authorization cannot be signed less than 60 days before departure', async ({ page, context, request }) => {
  // group b leaves in 50 days
  const booking = await freshBooking(request, {
    key: 'b',
    label: 'late-authorization',
    travellers: [{ name: 'Leo', surname1: 'Prueba', birthdate: bornYearsAgo(12), gender: 'male' }],
  })
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=documentation`)
  const guardians = section(page, 'Tutores legales')
  const gform = guardians.locator('form')
  await gform.getByLabel('Tutores legales').selectOption('legal_guardian')
  const who = gform.getByRole('group', { name: 'Datos del tutor o tutora' })
  await who.getByLabel('Nombre', { exact: true }).fill('Rosa')
  await who.getByLabel('Primer apellido', { exact: true }).fill('Prueba')
  await who.getByLabel('Email').fill(booking.email)
  await who.getByLabel('Teléfono').fill('+34600222333')
  await who.getByLabel('Número de documento (DNI o pasaporte)').fill('87654321X')
  await gform.getByRole('button', { name: 'Guardar tutores legales' }).click()
  await expect(guardians.locator('.doc-badge')).toHaveText('Completado')
  const authorization = section(page, 'Autorización de los tutores')
  await open(authorization)
  await expect(authorization.getByText('La autorización ya no se puede firmar: debe firmarse al menos 60 días antes de la salida')).toBeVisible()
  await expect(authorization.getByRole('button', { name: 'Firmar la autorización' })).toHaveCount(0)
  // the PDF is still there, unsigned
  await expect(authorization.getByRole('button', { name: 'Descargar la autorización (PDF)' })).toBeVisible()
})
