// Losing the network with a booking open (issue 16): an honest notice of what is shown and from when,
// actions that need the server disabled with that reason, nothing typed lost, and a refresh by itself
// once back online. Opening a booking with no network at all (the service worker): offline-app.spec.ts.
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freshBooking, quietDialogs, signInAs } from '../support/booking-world'

test.describe.configure({ timeout: 90_000 })

for (const [lang, t] of [
  [
    'es',
    {
      notice: /^Sin conexión · datos del \d{1,2} \w+ \d{4} a las \d{2}:\d{2}$/,
      save: 'Guardar cuenta',
      holder: 'Beneficiario',
      form: 'Cuenta bancaria para reembolsos',
      pay: /^Pagar el plazo \d/,
    },
  ],
  [
    'en',
    {
      notice: /^Offline · data from \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/,
      save: 'Save account',
      holder: 'Account holder',
      form: 'Bank account for refunds',
      pay: /^Pay instalment \d/,
    },
  ],
] as const) {
  test(`offline with a booking open (${lang}): the notice, actions waiting for the network, what was typed kept`, async ({ page, context, request }) => {
    const booking = await freshBooking(request, { label: `offline-${lang}` })
    await signInAs(context, booking, lang)
    await quietDialogs(page, booking.bookingId)
    await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=refunds`)
    const account = page.getByRole('form', { name: t.form })
    await account.getByLabel(t.holder).fill('Marta Prueba')

    await context.setOffline(true)
    const notice = page.locator('#offline-notice')
    await expect(notice).toHaveAttribute('role', 'status')
    await expect(notice.locator('p').first()).toHaveText(t.notice)
    const save = account.getByRole('button', { name: t.save })
    await expect(save).toBeDisabled()
    await expect(save).toHaveAttribute('aria-describedby', /offline-notice/)
    await expectNoSeriousA11yViolations(page)
    // what is on screen stays readable: another tab already loaded
    await page.getByRole('tablist').getByRole('tab').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await context.setOffline(false)
    await expect(notice).toHaveCount(0)
    await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=refunds`)
    await expect(page.getByRole('form', { name: t.form }).getByRole('button', { name: t.save })).toBeEnabled()
  })
}

test('typed text survives going offline and back, and saving then works', async ({ page, context, request }) => {
  const booking = await freshBooking(request, { label: 'offline-typed' })
  await signInAs(context, booking)
  await quietDialogs(page, booking.bookingId)
  await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}?tab=refunds`)
  const account = page.getByRole('form', { name: 'Cuenta bancaria para reembolsos' })
  await account.getByLabel('Beneficiario').fill('Marta Prueba')
  await account.getByLabel('Número de cuenta (IBAN)').fill('ES91 2100 0418 4502 0005 1332')
  await context.setOffline(true)
  await expect(account.getByRole('button', { name: 'Guardar cuenta' })).toBeDisabled()
  await context.setOffline(false)
  await expect(account.getByLabel('Beneficiario')).toHaveValue('Marta Prueba')
  await expect(account.getByLabel('Número de cuenta (IBAN)')).toHaveValue('ES91 2100 0418 4502 0005 1332')
  await account.getByRole('button', { name: 'Guardar cuenta' }).click()
  await expect(page.getByText('Cuenta bancaria guardada')).toBeVisible()
})
