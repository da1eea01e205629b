// The whole booking journey as a customer goes through it: browse, six steps, pay at the provider,
// back to the portal. Spanish with a single payment on a phone; English with instalments on a
// desktop, with a declined card first and a retry that succeeds. Axe on every step.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import {
  ADULT,
  bookingOf,
  buyerSection,
  chooseSummary,
  continueButton,
  euros,
  fillBuyerFrom,
  fillTraveller,
  payButton,
  paymentsOf,
  provider,
  SECOND,
  settled,
  stepHeading,
  freshCustomer,
  travellerSection,
} from '../support/checkout'
import { signInFast, SOL, TOKEN_KEY } from '../support/portal'

// Whole journeys on a shared, busy machine: more than the default 30 s each.
test.describe.configure({ timeout: 90_000 })

const SHOTS = 'test-results/screenshots'
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A customer of their own (invited to `group`), signed in, in `lang`. */
async function signIn(page: Page, group: string, lang: 'es' | 'en') {
  const { token: tok } = await freshCustomer(page.request, 'ag-sol', group)
  await page.context().addCookies([
    { name: TOKEN_KEY, value: tok, url: SOL },
    { name: 'lang', value: lang, url: SOL },
  ])
  return tok
}

test.describe('checkout journey', () => {
  test('Spanish, a phone, single payment: browse, six steps, pay, confirmed', async ({ page }) => {
    test.setTimeout(180_000)
    const tok = await signIn(page, 'tg-sol-lon', 'es')

    // Browse: the list, then the detail.
    await page.goto('/travelgroup')
    await expect(page.getByRole('heading', { level: 1, name: 'Viajes' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'phone-es-travelgroups')
    await page.getByRole('link', { name: 'Londres 4º ESO' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Londres 4º ESO' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Packs' })).toBeVisible()
    await expect(page.getByText(/^Quedan \d+ plazas en este pack$/).first()).toBeVisible()
    await expect(page.getByRole('row', { name: /Suite familiar Agotada/ })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'phone-es-travelgroup')
    await page.getByRole('link', { name: 'Reservar plaza' }).first().click()

    // 1. Pack.
    await expect(page).toHaveURL(/\/travelgroup\/tg-sol-lon\/checkout\?step=pack/)
    await expect(page.getByText('Paso 1 de 6')).toBeVisible()
    await expect(stepHeading(page)).toHaveText('Elige tu pack')
    await expectNoSeriousA11yViolations(page)
    await continueButton(page).click()
    await expect(page.getByText('Debes seleccionar un pack')).toBeVisible()
    await page.getByRole('radio', { name: /^Pack básico/ }).check()
    await page.getByLabel('¿Cuántas personas viajan?').selectOption('2')
    await shot(page, 'phone-es-step1-pack')
    await continueButton(page).click()

    // 2. Rooms: nothing chosen is a problem of seats.
    await expect(stepHeading(page)).toHaveText('Elige las habitaciones')
    await expect(stepHeading(page)).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await continueButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: 'HAY UN PROBLEMA DE PLAZAS' })).toContainText('son para 0 personas, pero viajáis 2')
    // one place: "1 persona", not "1 personas"
    await page.getByRole('button', { name: 'Añadir una Habitación individual' }).click()
    await continueButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: 'HAY UN PROBLEMA DE PLAZAS' })).toContainText('son para 1 persona, pero viajáis 2')
    await page.getByRole('button', { name: 'Quitar una Habitación individual' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: 'Suite familiar' })).toContainText('Agotada')
    await page.getByRole('button', { name: 'Añadir una Habitación doble' }).click()
    await expect(page.getByText('Plazas elegidas: 2 de 2')).toBeVisible()
    await shot(page, 'phone-es-step2-rooms')
    await continueButton(page).click()

    // 3. Personal data: SPEC §5 messages, then two travellers and the buyer.
    await expect(stepHeading(page)).toHaveText('Datos personales')
    await expect(stepHeading(page)).toBeFocused()
    await continueButton(page).click()
    const first = travellerSection(page, 1)
    await expect(first.getByText('Debes introducir tu nombre')).toBeVisible()
    await expect(first.getByText('Debes introducir tu apellido')).toBeVisible()
    await expect(first.getByText('Debes introducir tu dirección')).toBeVisible()
    await expect(first.getByText('Debes indicar tu código postal')).toBeVisible()
    await expect(first.getByText('Debes indicar la ciudad')).toBeVisible()
    await expect(first.getByLabel('Nombre', { exact: true })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await fillTraveller(page, 1, ADULT)
    await fillTraveller(page, 2, SECOND)
    // A reload loses nothing.
    await page.reload()
    await expect(travellerSection(page, 2).getByLabel('Dirección')).toHaveValue(SECOND.address)
    await expect(travellerSection(page, 1).getByRole('radio', { name: 'Mujer' })).toBeChecked()
    await fillBuyerFrom(page, 1)
    await expect(buyerSection(page).getByLabel('DNI, NIE o pasaporte')).toHaveValue(ADULT.document_number)
    await page.getByRole('checkbox', { name: 'Viajes' }).check()
    await first.getByText('Información adicional: alergias y notas médicas').click()
    await first.getByLabel(/^Alergias o intolerancias/).fill('Frutos secos')
    await shot(page, 'phone-es-step3-personal')
    await continueButton(page).click()

    // 4. Customization: an extra for one, an insurance for the other.
    await expect(stepHeading(page)).toHaveText('Personaliza tu viaje')
    // the steps gone through are ticked; the next ones are not, even when nothing in them is required yet
    const indicator = page.getByRole('navigation', { name: 'Pasos de la reserva' })
    await expect(indicator.getByRole('listitem').filter({ hasText: 'Datos personales' })).toContainText('(completado)')
    await expect(indicator.getByRole('listitem').filter({ hasText: 'Rooming' })).not.toContainText('(completado)')
    await expectNoSeriousA11yViolations(page)
    await page
      .getByRole('group', { name: 'Extras para Marta López Ruiz' })
      .getByRole('checkbox', { name: /^Excursión de un día desde Londres/ })
      .check()
    await page
      .getByRole('radiogroup', { name: 'Seguro para Jorge Martín Gil' })
      .getByRole('radio', { name: /^Seguro de cancelación/ })
      .check()
    await shot(page, 'phone-es-step4-customization')
    await continueButton(page).click()

    // 5. Rooming.
    await expect(stepHeading(page)).toHaveText('Reparto de habitaciones')
    await page.getByLabel('Habitación de Marta López Ruiz').selectOption({ label: 'Habitación doble' })
    await page.getByLabel('Habitación de Jorge Martín Gil').selectOption({ label: 'Habitación doble' })
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'phone-es-step5-rooming')
    // Back and forward keep everything.
    await page.getByRole('button', { name: 'Atrás' }).click()
    await expect(page.getByRole('checkbox', { name: /^Excursión de un día desde Londres/ }).first()).toBeChecked()
    await page.goBack()
    await expect(page.getByLabel('Habitación de Jorge Martín Gil')).toHaveValue('0')
    await continueButton(page).click()

    // 6. Summary: the cart, coupon, plan, method, conditions.
    await expect(stepHeading(page)).toHaveText('Resumen y pago')
    await expect(indicator.getByRole('listitem').filter({ hasText: 'Rooming' })).toContainText('(completado)')
    await expect(page.getByText(/Tus plazas están reservadas hasta las/)).toBeVisible()
    const cart = page.getByRole('table', { name: 'Desglose del importe' })
    // a pack line per traveller, as the booking's own cart shows them afterwards
    await expect(cart.getByRole('row', { name: /Pack básico · Marta López Ruiz/ })).toContainText(euros(95000))
    await expect(cart.getByRole('row', { name: /Pack básico · Jorge Martín Gil/ })).toContainText(euros(95000))
    await expect(cart.getByRole('row', { name: /Habitación doble: 2 plazas × 60,00/ })).toContainText(euros(12000))
    await expect(cart.getByRole('row', { name: /Gastos de gestión/ })).toContainText(euros(1500))
    await page.getByLabel(/^Cupón de descuento/).fill('CADUCADO')
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText('Cupón no válido')).toBeVisible()
    await page.getByLabel(/^Cupón de descuento/).fill('verano10')
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect(page.getByText('Cupón VERANO10 aplicado.')).toBeVisible()
    await expect(cart.getByRole('row', { name: /Descuento \(VERANO10\)/ })).toContainText(euros(-19000))
    const total = euros(190000 + 12000 + 4500 + 3500 + 1500 - 19000)
    await expect(page.getByTestId('summary-total')).toHaveText(total)

    await payButton(page).click()
    await expect(page.getByText('Debes seleccionar un plan de pago')).toBeVisible()
    await expect(page.getByText('Debes indicar el método de pago')).toBeVisible()
    await expect(page.getByText('Debes aceptar los términos y condiciones')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: 'Leer las condiciones y la privacidad' }).click()
    const conditions = page.getByRole('dialog', { name: 'Condiciones generales y privacidad' })
    await expect(conditions.getByRole('heading', { name: 'Condiciones generales', exact: true })).toBeVisible()
    await settled(conditions)
    await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
    await conditions.getByRole('button', { name: 'Acepto las condiciones' }).click()
    await expect(page.getByRole('checkbox', { name: /^He leído y acepto/ })).toBeChecked()
    await chooseSummary(page, 'single')
    await expect(page.getByTestId('pay-now')).toHaveText(total)
    await shot(page, 'phone-es-step6-summary')

    // A double click never pays twice.
    await payButton(page).dblclick()
    await provider(page, 'approve')

    // Back: the booking is confirmed, with the total the summary showed.
    await expect(page).toHaveURL(/\/travelgroup\/tg-sol-lon\/success\?booking=/)
    await expect(page.getByRole('heading', { level: 1, name: '¡Reserva confirmada!' })).toBeVisible()
    await expect(page.getByTestId('booking-total')).toHaveText(total)
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'phone-es-success')
    const bookingId = new URL(page.url()).searchParams.get('booking')!
    const booking = await bookingOf(page.request, tok, 'ag-sol', bookingId)
    expect(euros(booking.cart.total)).toBe(total)
    expect(booking.status).toBe('confirmed')
    const { payments } = await paymentsOf(page.request, tok, 'ag-sol', bookingId)
    expect(payments).toHaveLength(1)
    // The draft is gone: a new checkout starts from the first step.
    await page.goto('/travelgroup/tg-sol-lon/checkout')
    await expect(stepHeading(page)).toHaveText('Elige tu pack')
  })

  test('English, a desktop, instalments: schedule, a declined card, then a retry that succeeds', async ({ page }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    const tok = await signIn(page, 'tg-sol-pir', 'en')

    await page.goto('/travelgroup/tg-sol-pir')
    await expect(page.getByRole('heading', { level: 1, name: 'Pyrenees in the snow' })).toBeVisible()
    await page.getByRole('link', { name: 'Book a place' }).first().click()

    await expect(stepHeading(page)).toHaveText('Choose your pack')
    await page.getByRole('radio', { name: /^Basic pack/ }).check()
    await page.getByLabel('How many people are travelling?').selectOption('3')
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-step1-pack')
    await continueButton(page).click()

    await expect(stepHeading(page)).toHaveText('Choose your rooms')
    await page.getByRole('button', { name: 'Add one Triple room' }).click()
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-step2-rooms')
    await continueButton(page).click()

    await expect(stepHeading(page)).toHaveText('Personal details')
    await fillTraveller(page, 1, ADULT)
    await fillTraveller(page, 2, SECOND)
    await fillTraveller(page, 3, { ...SECOND, name: 'Elena', document_type: 'dni', document_number: '11223344B' })
    await fillBuyerFrom(page, 1)
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-step3-personal')
    await continueButton(page).click()

    await expect(stepHeading(page)).toHaveText('Customise your trip')
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-step4-customization')
    await continueButton(page).click()

    await expect(stepHeading(page)).toHaveText('Rooming')
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-step5-rooming')
    await continueButton(page).click()

    await expect(stepHeading(page)).toHaveText('Summary and payment')
    const cart = page.getByRole('table', { name: 'Amount breakdown' })
    // Booking after the late-booking limit date: a penalty per traveller.
    await expect(cart.getByRole('row', { name: /Late booking surcharge: 3 × 30,00/ })).toContainText(euros(9000))
    await page.getByLabel(/^Discount coupon/).fill('AMIGO50')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(cart.getByRole('row', { name: /Discount \(AMIGO50\)/ })).toContainText(euros(-5000))
    const totalCents = 144000 + 9000 + 9000 + 1500 - 5000
    await expect(page.getByTestId('summary-total')).toHaveText(euros(totalCents))

    await page.getByRole('button', { name: 'See the payment schedule: 3 instalments' }).click()
    const schedule = page.getByRole('dialog', { name: 'Payment schedule: 3 instalments' })
    const first = Math.round(totalCents * 0.3)
    const second = Math.round(totalCents * 0.35)
    await expect(schedule.getByRole('row', { name: /Instalment 1 \(30\s%\)/ })).toContainText(euros(first))
    await expect(schedule.getByRole('row', { name: /Instalment 2 \(35\s%\)/ })).toContainText(euros(second))
    await expect(schedule.getByRole('row', { name: /Instalment 3 \(35\s%\)/ })).toContainText(euros(totalCents - first - second))
    await expect(schedule.getByText(/25,00\s€ are added to the last instalment/)).toBeVisible()
    await settled(schedule)
    await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
    await shot(page, 'desktop-en-schedule')
    await schedule.getByRole('button', { name: 'Close', exact: true }).last().click()

    await chooseSummary(page, 'instalments')
    await expect(page.getByTestId('pay-now')).toHaveText(euros(first))
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-step6-summary')
    await payButton(page).click()

    // Declined at the provider: the error, then a retry that succeeds.
    await provider(page, 'decline')
    await expect(page).toHaveURL(/\/payment\/pay-/)
    await expect(page.getByRole('heading', { level: 1, name: 'There was an error with the payment.' })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-payment-failed')
    await page.getByRole('button', { name: 'Retry payment' }).click()
    await provider(page, 'approve')

    await expect(page).toHaveURL(/\/travelgroup\/tg-sol-pir\/success\?booking=/)
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed!' })).toBeVisible()
    await expect(page.getByTestId('booking-total')).toHaveText(euros(totalCents))
    await expectNoSeriousA11yViolations(page)
    await shot(page, 'desktop-en-success')
    const bookingId = new URL(page.url()).searchParams.get('booking')!
    const booking = await bookingOf(page.request, tok, 'ag-sol', bookingId)
    expect(booking.cart.total).toBe(totalCents)
    expect(booking.cart.paid).toBe(first)
    const { payments } = await paymentsOf(page.request, tok, 'ag-sol', bookingId)
    expect(payments.map((p) => p.status).sort()).toEqual(['failed', 'paid'])
  })
})

test('the step indicator fits a 390 px screen and names the current step', async ({ page }) => {
  await signIn(page, 'tg-sol-rom', 'es')
  await page.goto('/travelgroup/tg-sol-rom/checkout')
  const steps = page.getByRole('navigation', { name: 'Pasos de la reserva' })
  await expect(steps.getByRole('listitem')).toHaveCount(6)
  await expect(steps.locator('[aria-current="step"]')).toContainText('Pack')
  const box = await steps.boundingBox()
  expect(box!.width).toBeLessThanOrEqual(390)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(overflow).toBe(false)
  await expect(page.getByText(/Paso 1 de 6/)).toBeVisible()
})

test('the success page opened later says what is true now, not "payment received" (Spanish and English)', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  // a booking made two months ago
  for (const [lang, t] of [
    ['es', { title: 'Tu reserva en Londres 4º ESO', lead: /La hiciste el \d+ \w+ \d{4}\. Estado: Confirmada\./, celebrated: '¡Reserva confirmada!' }],
    ['en', { title: 'Your booking for London, Year 10', lead: /You made it on \d+ \w+ \d{4}\. Status: Confirmed\./, celebrated: 'Booking confirmed!' }],
  ] as const) {
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
    await page.goto(`${SOL}/travelgroup/tg-sol-lon/success?booking=bkg-sol-1001`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title)
    await expect(page.getByText(t.lead)).toBeVisible()
    await expect(page.getByText(t.celebrated)).toHaveCount(0)
  }
})
