// A traveller with the keyboard alone (no clicks: Tab, arrows, Space, Enter, Escape), in Spanish and
// in English: signs in by e-mail link and by password, books a trip end to end and pays at the card
// provider, opens a booking from a full load and dismisses its dialog, moves through the tabs, fills
// and fails a form, and cancels. After each step: where focus is, that nothing announced is developer
// text, and axe on every page visited.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { ADULT, freshCustomer } from '../support/checkout'
import { expectNoDeveloperText, focusedDescription, press, tabTo, typeInto } from '../support/keyboard'
import { lastMailedLink, PASSWORD, signInFast, SOL } from '../support/portal'

// a whole booking by keyboard, beside the rest of the suite on 2 cores: minutes, not seconds
test.describe.configure({ timeout: 300_000 })

const T = {
  es: {
    london: 'Londres 4º ESO',
    signInTitle: 'Accede a tus reservas',
    email: 'Email',
    sendLink: 'Enviarme el enlace',
    sent: 'Te hemos enviado un enlace de acceso',
    otherEmail: 'Usar otro email',
    emailRequired: 'Debes introducir tu email',
    linkTab: 'Enlace por email',
    passwordTab: 'Con contraseña',
    password: 'Contraseña',
    signIn: 'Entrar',
    myBookings: 'Mis reservas',
    skip: 'Saltar al contenido',
    complete: 'Completar reserva',
    next: 'Continuar',
    steps: ['Elige tu pack', 'Elige las habitaciones', 'Datos personales', 'Personaliza tu viaje', 'Reparto de habitaciones', 'Resumen y pago'],
    pickPack: 'Debes seleccionar un pack',
    addSingle: 'Añadir una Habitación individual',
    name: 'Nombre',
    surname: 'Primer apellido',
    birthdate: 'Fecha de nacimiento',
    female: 'Mujer',
    documentNumber: 'Número de DNI',
    state: 'Provincia o estado',
    city: 'Ciudad',
    zip: 'Código postal',
    address: 'Dirección',
    nameRequired: 'Debes introducir tu nombre',
    fillFrom: 'Rellenar con los datos de un viajero',
    ofAge: 'Declaro que soy mayor de edad',
    planRequired: 'Debes seleccionar un plan de pago',
    methodRequired: 'Debes indicar el método de pago',
    termsRequired: 'Debes aceptar los términos y condiciones',
    single: /^Pago único/,
    card: /^Tarjeta/,
    accept: /^He leído y acepto/,
    pay: /^Pagar \d/,
    confirmed: '¡Reserva confirmada!',
    pendingDocs: 'Documentación pendiente',
    notNow: 'Ahora no',
    tabs: 'Secciones de la reserva',
    cancel: 'Cancelar la reserva',
    reason: 'Motivo de la cancelación',
    review: 'Ver cuánto me devolvéis',
    reasonRequired: 'Debes indicar el motivo de la cancelación.',
    iban: 'IBAN',
    confirmCancel: 'Confirmar la cancelación',
    canceled: 'Cancelada',
    pendingStatus: 'Pendiente de pago',
    locator: 'localizador',
  },
  en: {
    london: 'London, Year 10',
    signInTitle: 'Sign in to your bookings',
    email: 'Email',
    sendLink: 'Send me the link',
    sent: 'We have sent you a sign-in link',
    otherEmail: 'Use another email',
    emailRequired: 'Enter your email',
    linkTab: 'Email link',
    passwordTab: 'With password',
    password: 'Password',
    signIn: 'Sign in',
    myBookings: 'My bookings',
    skip: 'Skip to content',
    complete: 'Complete booking',
    next: 'Continue',
    steps: ['Choose your pack', 'Choose your rooms', 'Personal details', 'Customise your trip', 'Rooming', 'Summary and payment'],
    pickPack: 'You must choose a pack',
    addSingle: 'Add one Single room',
    name: 'First name',
    surname: 'First surname',
    birthdate: 'Date of birth',
    female: 'Female',
    documentNumber: 'ID card number',
    state: 'Province or state',
    city: 'City',
    zip: 'Postcode',
    address: 'Address',
    nameRequired: 'Enter your name',
    fillFrom: 'Fill in with a traveller’s details',
    ofAge: 'I declare that I am of age',
    planRequired: 'You must choose a payment plan',
    methodRequired: 'You must choose the payment method',
    termsRequired: 'You must accept the terms and conditions',
    single: /^Single payment/,
    card: /^Card/,
    accept: /^I have read and accept/,
    pay: /^Pay \d/,
    confirmed: 'Booking confirmed!',
    pendingDocs: 'Documentation pending',
    notNow: 'Not now',
    tabs: 'Booking sections',
    cancel: 'Cancel the booking',
    reason: 'Reason for the cancellation',
    review: 'See what I get back',
    reasonRequired: 'Choose the reason for the cancellation.',
    iban: 'IBAN',
    confirmCancel: 'Confirm the cancellation',
    canceled: 'Cancelled',
    pendingStatus: 'Payment pending',
    locator: 'booking reference',
  },
} as const

type Texts = (typeof T)[keyof typeof T]

const main = (page: Page) => page.getByRole('main')
const h1 = (page: Page) => main(page).getByRole('heading', { level: 1 })
const stepHeading = (page: Page) => page.locator('#checkout-step-title')

/** After a change of page or step: focus on its heading, nothing announced in developer words, axe clean. */
async function arrived(page: Page, heading: ReturnType<typeof h1>) {
  await expect(heading).toBeFocused()
  await expectNoDeveloperText(page)
  await expectNoSeriousA11yViolations(page)
}

for (const lang of ['es', 'en'] as const) {
  const t: Texts = T[lang]

  test(`keyboard only (${lang}): sign in by link, book and pay, open the booking from a full load, cancel it`, async ({ page, context, request }) => {
    // a customer of their own, invited to London (their invitation mailed them a first link)
    const { email } = await freshCustomer(request, 'ag-sol', 'tg-sol-lon', 'Teclado Prueba')
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])

    // ── sign in by link: the confirmation takes focus, in a live region that was there before its text
    await page.goto('/auth/login')
    await expect(page.getByRole('heading', { level: 1, name: t.signInTitle })).toBeVisible()
    await expect(page.getByRole('status')).toHaveCount(1)
    await press(page, page.getByRole('link', { name: t.skip }), 'Enter')
    await press(page, page.getByRole('button', { name: t.sendLink }), 'Enter')
    await expect(page.getByLabel(t.email, { exact: true })).toBeFocused()
    await expect(page.getByText(t.emailRequired)).toBeVisible()
    await expectNoDeveloperText(page)
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    const sent = page.getByRole('status').getByRole('heading', { name: t.sent })
    await expect(sent).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    // "use another e-mail" brings the form back with the address to correct, the cursor in it
    await press(page, page.getByRole('button', { name: t.otherEmail }), 'Enter')
    await expect(page.getByLabel(t.email, { exact: true })).toBeFocused()
    await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email)
    await page.keyboard.press('Enter')
    await expect(sent).toBeFocused()

    // the link from the inbox opens the portal signed in
    await page.goto(await lastMailedLink(request, email))
    await expect(page.getByRole('heading', { level: 1, name: t.myBookings })).toBeVisible()

    // ── the invitation on the bookings list: its link says which booking it opens
    const invited = main(page).getByRole('link', { name: new RegExp(`^${t.london} \\(`) })
    await expect(invited).toHaveCount(1)
    await press(page, invited, 'Enter')
    await press(page, page.getByRole('link', { name: t.complete }), 'Enter')

    // ── 1. pack: Continue with nothing chosen fails in the SPEC's words, then arrows and Space choose
    await expect(stepHeading(page)).toHaveText(t.steps[0])
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')
    await expect(page.getByText(t.pickPack)).toBeVisible()
    await expectNoDeveloperText(page)
    // the error took focus to the first pack
    await expect(page.getByRole('radio').first()).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByRole('radio').first()).toBeChecked()
    // a card's name is the pack and its price, its details the description, said once
    await expect(page.getByRole('radio').first()).toHaveAccessibleName(/^(Pack \S+|\S+ pack) .*(por persona|per person)$/)
    await expect(page.getByRole('radio').first()).not.toHaveAccessibleName(/Incluye|Includes|Quedan|left/)
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')

    // ── 2. rooms
    await arrived(page, stepHeading(page))
    await expect(stepHeading(page)).toHaveText(t.steps[1])
    await press(page, page.getByRole('button', { name: t.addSingle }), 'Enter')
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')

    // ── 3. personal data: an empty submit fails on the first field, then each field typed
    await arrived(page, stepHeading(page))
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')
    const traveller = page.getByRole('region', { name: new RegExp(`^(Viajero|Traveller) 1\\b`) })
    await expect(traveller.getByLabel(t.name, { exact: true })).toBeFocused()
    await expect(traveller.getByText(t.nameRequired)).toBeVisible()
    await expectNoDeveloperText(page)
    await page.keyboard.type(ADULT.name)
    await typeInto(page, traveller.getByLabel(t.surname, { exact: true }), ADULT.surname1)
    await tabTo(page, traveller.getByLabel(t.birthdate, { exact: true }))
    // headless Chromium's date field is month / day / year, whatever the page's language
    await page.keyboard.type('03141982')
    await expect(traveller.getByLabel(t.birthdate, { exact: true })).toHaveValue(ADULT.birthdate)
    await tabTo(page, traveller.getByRole('radio', { name: t.female, exact: true }))
    await page.keyboard.press('Space')
    await typeInto(page, traveller.getByLabel(/^(Email)/), `teclado.${lang}@example.com`)
    await typeInto(page, traveller.getByLabel(t.documentNumber, { exact: true }), ADULT.document_number)
    await tabTo(page, traveller.getByLabel(t.state, { exact: true }))
    await page.keyboard.type('Madrid')
    await typeInto(page, traveller.getByLabel(t.city, { exact: true }), ADULT.city)
    await typeInto(page, traveller.getByLabel(t.zip, { exact: true }), ADULT.zip)
    await typeInto(page, traveller.getByLabel(t.address, { exact: true }), ADULT.address)
    const buyer = page.getByRole('region', { name: /^(Datos del comprador|Buyer details)$/ })
    await tabTo(page, buyer.getByLabel(t.fillFrom))
    await page.keyboard.press('ArrowDown')
    await typeInto(page, buyer.getByLabel(/^(Teléfono|Phone)/), '+34600111222')
    await tabTo(page, buyer.getByRole('checkbox', { name: t.ofAge }))
    await page.keyboard.press('Space')
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')

    // ── 4. customization and 5. rooming: nothing required
    await arrived(page, stepHeading(page))
    await expect(stepHeading(page)).toHaveText(t.steps[3])
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')
    await arrived(page, stepHeading(page))
    await expect(stepHeading(page)).toHaveText(t.steps[4])
    await press(page, page.getByRole('button', { name: t.next }), 'Enter')

    // ── 6. summary: paying with nothing chosen says the SPEC's texts (never a schema's), then choose and pay
    await arrived(page, stepHeading(page))
    await expect(stepHeading(page)).toHaveText(t.steps[5])
    await press(page, page.getByRole('button', { name: t.pay }), 'Enter')
    await expect(page.getByText(t.planRequired, { exact: true })).toBeVisible()
    await expect(page.getByText(t.methodRequired, { exact: true })).toBeVisible()
    await expect(page.getByText(t.termsRequired, { exact: true })).toBeVisible()
    await expect(page.getByRole('radio', { name: t.single })).toBeFocused()
    await expectNoDeveloperText(page)
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: `test-results/screenshots/keyboard-${lang}-summary-errors.png`, fullPage: true })
    await page.keyboard.press('Space')
    await tabTo(page, page.getByRole('radio', { name: t.card }))
    await page.keyboard.press('Space')
    await tabTo(page, page.getByRole('checkbox', { name: t.accept }))
    await page.keyboard.press('Space')
    await press(page, page.getByRole('button', { name: t.pay }), 'Enter')

    // ── the card provider: a skip link first, then approve
    await expect(page).toHaveURL(/\/__provider\/pay/)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: /^Saltar al contenido/ })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
    await press(page, page.getByRole('button', { name: 'Aprobar pago' }), 'Enter')

    // ── back: focus on the page's heading once it has loaded, not on the whole <main>
    await expect(page).toHaveURL(/\/success\?booking=/)
    await arrived(page, page.getByRole('heading', { level: 1, name: t.confirmed }))
    const bookingId = new URL(page.url()).searchParams.get('booking')!

    // ── the booking from a full load (a link from an e-mail): dismiss its dialog, if any, back to the heading
    await page.goto(`/booking/${bookingId}`)
    await expect(h1(page)).toBeVisible()
    const dialog = page.getByRole('dialog', { name: t.pendingDocs })
    if (await dialog.isVisible()) {
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(h1(page)).toBeFocused()
    }
    // the tabs: arrows move and select, Home goes back to the first
    await tabTo(page, page.getByRole('tablist', { name: t.tabs }).getByRole('tab', { selected: true }))
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { selected: true })).toBeFocused()
    await page.keyboard.press('Home')
    await expect(page.getByRole('tablist', { name: t.tabs }).getByRole('tab').first()).toBeFocused()

    // ── cancel: the dialog's form fails first (focus on the reason), then the breakdown, then confirmed
    await press(page, page.getByRole('button', { name: t.cancel }), 'Enter')
    const cancel = page.getByRole('dialog')
    await expect(cancel).toBeVisible()
    await press(page, cancel.getByRole('button', { name: t.review }), 'Enter')
    await expect(cancel.getByLabel(t.reason)).toBeFocused()
    await expect(cancel.getByText(t.reasonRequired)).toBeVisible()
    await expectNoDeveloperText(page)
    await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })
    // a closed select: arrows choose (no pointer needed)
    await page.keyboard.press('ArrowDown')
    await expect(cancel.getByLabel(t.reason)).not.toHaveValue('')
    await typeInto(page, cancel.getByLabel(t.iban, { exact: true }), 'ES9121000418450200051332')
    await press(page, cancel.getByRole('button', { name: t.review }), 'Enter')
    await press(page, cancel.getByRole('button', { name: t.confirmCancel }), 'Enter')
    await expect(cancel).toBeHidden()
    await expect(page.locator('.booking-status')).toHaveText(t.canceled)
    // focus went back to what opened the dialog, or the heading if that is gone: never <body>
    expect(await focusedDescription(page)).not.toBe('<body>')
    await expectNoDeveloperText(page)
    await expectNoSeriousA11yViolations(page)
  })

  test(`keyboard only (${lang}): sign in by password, tell the bookings apart, the arrival dialog hands focus to the heading`, async ({ page, context }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
    await page.goto('/auth/login')
    // the sign-in method is a tablist: an arrow moves to "with password"
    await tabTo(page, page.getByRole('tab', { name: t.linkTab }))
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: t.passwordTab })).toBeFocused()
    await expect(page.getByRole('tab', { name: t.passwordTab })).toHaveAttribute('aria-selected', 'true')
    await typeInto(page, page.getByLabel(t.email, { exact: true }), 'ana.garcia@example.com')
    await typeInto(page, page.getByLabel(t.password, { exact: true }), PASSWORD)
    await page.keyboard.press('Enter')
    await arrived(page, page.getByRole('heading', { level: 1, name: t.myBookings }))

    // three bookings of one trip, each link named with its status and locator
    const london = main(page).getByRole('link', { name: new RegExp(`^${t.london} \\(`) })
    const names = await london.evaluateAll((links) => links.map((link) => link.textContent?.replace(/\s+/g, ' ').trim() ?? ''))
    expect(names.length).toBeGreaterThan(1)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(new RegExp(`\\(.+, ${t.locator} [A-Z0-9-]+\\)$`))

    // a booking from a full load, with pending documentation: the dialog takes focus; dismissed,
    // focus goes to the page's heading and the next Tab stays in the booking (never the footer)
    await page.goto('/booking/bkg-sol-1002')
    const dialog = page.getByRole('dialog', { name: t.pendingDocs })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^(Completar documentación|Complete documentation)$/ })).toBeFocused()
    await page.screenshot({ path: `test-results/screenshots/keyboard-${lang}-pending-dialog.png` })
    await press(page, dialog.getByRole('button', { name: t.notNow }), 'Enter', { back: true })
    await expect(dialog).toBeHidden()
    await expect(h1(page)).toBeFocused()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
    await page.screenshot({ path: `test-results/screenshots/keyboard-${lang}-dialog-dismissed.png` })
    await expectNoSeriousA11yViolations(page)

    // a payments button names its instalment
    await tabTo(page, page.getByRole('tablist', { name: t.tabs }).getByRole('tab', { selected: true }))
    for (let i = 0; i < 12 && !(await page.getByRole('tab', { name: /^(Pagos|Payments)/ }).evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowRight')
    }
    await expect(page.getByRole('tab', { name: /^(Pagos|Payments)/ })).toHaveAttribute('aria-selected', 'true')
    const payButtons = page.getByRole('tabpanel').getByRole('button', { name: /^(Pagar el plazo|Pay instalment) \d/ })
    // two instalments still to pay: two buttons, each saying which
    await expect(payButtons).toHaveCount(2)
    const payNames = await payButtons.evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim()))
    expect(new Set(payNames).size).toBe(2)
    await expectNoDeveloperText(page)
  })
}

test('a page still loading after a move: its skeleton shows its title, and focus lands on the page’s own heading, never <body>', async ({
  page,
  context,
  request,
}) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto('/booking/bkg-sol-1001')
  await expect(h1(page)).toBeVisible()
  const dialog = page.getByRole('dialog')
  if (await dialog.isVisible()) {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  // My bookings' list held back, as on a slow network
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/customer\/booking(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  await press(page, main(page).getByRole('link', { name: 'Mis reservas', exact: true }), 'Enter')
  // the page's title while its list is on its way; said to be loading; focus waits, on the page
  await expect(page.getByRole('status').filter({ hasText: 'Cargando tus reservas…' })).toBeAttached()
  await expect(h1(page)).toHaveText('Mis reservas')
  await expect(h1(page)).not.toBeFocused()
  expect(await focusedDescription(page)).not.toBe('<body>')
  await expectNoSeriousA11yViolations(page)
  release()
  await expect(main(page).getByRole('list', { name: 'Reservas' })).toBeVisible()
  // the page's own heading, the one that stays
  await expect(h1(page)).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
})
