// Cancelling a booking as a customer does it, in Spanish and English: SPEC §5's messages, the IBAN
// checksum, the refund breakdown line by line before confirming, then the booking canceled with its
// refund. Each test cancels a booking bought for it in a tenant of its own.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freshBooking, quietDialogs, signInAs } from '../support/booking-world'
import { signInFast, SOL } from '../support/portal'

// Each test buys or reads a booking and walks several forms through the API: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

const T = {
  es: {
    open: 'Cancelar la reserva',
    review: 'Ver cuánto me devolvéis',
    reason: 'Motivo de la cancelación',
    comment: 'Comentario',
    owner: 'Titular de la cuenta',
    iban: 'IBAN',
    messages: ['Debes indicar el motivo de la cancelación.', 'Debes indicar el titular de la cuenta', 'Debes indicar el IBAN'],
    badIban: 'El IBAN no es válido',
    rows: [
      'Total pagado',
      'Depósito (no reembolsable)',
      'Penalización (5 %)',
      'Recargo por pago fuera de plazo (no reembolsable)',
      'Comisiones del terminal de pago (no reembolsables)',
      'Gastos de gestión',
      /^Gastos de cancelación \(\d+ días antes de la salida: \d+ %\)$/,
    ],
    total: 'Total a reembolsar',
    back: 'Volver',
    confirm: 'Confirmar la cancelación',
    sent: 'Hemos recibido tu solicitud de cancelación',
    canceled: 'Cancelada',
    refunds: 'Reembolsos y facturas',
    pending: 'Pendiente',
    transfer: 'Transferencia',
    reasonLabel: 'Motivos de salud',
  },
  en: {
    open: 'Cancel the booking',
    review: 'See what I get back',
    reason: 'Reason for the cancellation',
    comment: 'Comment',
    owner: 'Account holder',
    iban: 'IBAN',
    messages: ['Choose the reason for the cancellation.', 'Enter the account holder', 'Enter the IBAN'],
    badIban: 'The IBAN is not valid',
    rows: [
      'Total paid',
      'Deposit (non-refundable)',
      'Penalty (5 %)',
      'Late payment surcharge (non-refundable)',
      'Payment terminal fees (non-refundable)',
      'Management fee',
      /^Cancellation fee \(\d+ days before departure: \d+ %\)$/,
    ],
    total: 'Total to refund',
    back: 'Back',
    confirm: 'Confirm the cancellation',
    sent: 'We have received your cancellation request',
    canceled: 'Cancelled',
    refunds: 'Refunds and invoices',
    pending: 'Pending',
    transfer: 'Transfer',
    reasonLabel: 'Health reasons',
  },
} as const

/** "1.234,56 €" → 123456 (cents); "-12,00 €" → -1200. */
const cents = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', ''))

async function breakdownOf(page: Page) {
  const rows = page.getByRole('dialog').locator('table.breakdown tr')
  const out: { label: string; amount: number }[] = []
  for (const row of await rows.all()) out.push({ label: (await row.locator('th').innerText()).trim(), amount: cents(await row.locator('td').innerText()) })
  return out
}

for (const lang of ['es', 'en'] as const) {
  test(`cancel (${lang}): reason and account required, IBAN checksum, the breakdown line by line, then canceled with its refund`, async ({
    page,
    context,
    request,
  }) => {
    const t = T[lang]
    const booking = await freshBooking(request, { key: 'a', label: `cancel-${lang}` })
    await signInAs(context, booking, lang)
    await quietDialogs(page, booking.bookingId)
    await page.goto(`${booking.tenant.origin}/booking/${booking.bookingId}`)

    await page.getByRole('button', { name: t.open }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    // the owner comes from the billing data; clear it to see every message
    await dialog.getByLabel(t.owner).fill('')
    await dialog.getByRole('button', { name: t.review }).click()
    for (const message of t.messages) await expect(dialog.getByText(message, { exact: true })).toBeVisible()
    await expect(dialog.getByLabel(t.reason)).toBeFocused()
    await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })

    await dialog.getByLabel(t.reason).selectOption('health')
    await dialog.getByLabel(t.comment).fill('Lesión de rodilla')
    await dialog.getByLabel(t.owner).fill('Marta Prueba')
    await dialog.getByLabel(t.iban, { exact: true }).fill('ES91 2100 0418 4502 0005 1331')
    await dialog.getByRole('button', { name: t.review }).click()
    await expect(dialog.getByText(t.badIban)).toBeVisible()
    await dialog.getByLabel(t.iban, { exact: true }).fill('ES91 2100 0418 4502 0005 1332')
    await dialog.getByRole('button', { name: t.review }).click()

    const table = dialog.locator('table.breakdown')
    await expect(table).toBeVisible()
    const lines = await breakdownOf(page)
    expect(lines).toHaveLength(8)
    t.rows.forEach((label, i) => (typeof label === 'string' ? expect(lines[i]!.label).toBe(label) : expect(lines[i]!.label).toMatch(label)))
    expect(lines[7]!.label).toBe(t.total)
    // total to refund = total paid − every amount kept (shown negative), never below zero
    const [paid, ...rest] = lines
    const kept = rest.slice(0, 6).reduce((sum, l) => sum + l.amount, 0)
    expect(paid!.amount).toBeGreaterThan(0)
    expect(lines[7]!.amount).toBe(Math.max(0, paid!.amount + kept))
    await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' })

    // back to the form: nothing typed is lost
    await dialog.getByRole('button', { name: t.back }).click()
    await expect(dialog.getByLabel(t.comment)).toHaveValue('Lesión de rodilla')
    await dialog.getByRole('button', { name: t.review }).click()
    await dialog.getByRole('button', { name: t.confirm }).click()
    await expect(page.getByRole('status').getByText(t.sent)).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.locator('.booking-status')).toHaveText(t.canceled)
    await expect(page.getByRole('tabpanel').getByText(t.reasonLabel)).toBeVisible()

    await page.getByRole('tab', { name: t.refunds }).click()
    const refund = page.locator('.refund').first()
    await expect(refund.locator('.refund-status')).toHaveText(t.pending)
    await expect(refund).toContainText(t.transfer)
    expect(cents(await refund.locator('.refund__amount').innerText())).toBe(lines[7]!.amount)
    await expectNoSeriousA11yViolations(page)
  })
}

test('cancelling needs the billing data complete (the button says why; the server code is shown too)', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  // with the buyer incomplete a section is pending: the modal is not what this test is about
  await quietDialogs(page, 'bkg-sol-1001')
  // the booking as if its buyer's data were incomplete
  await page.route('**/api/customer/booking/bkg-sol-1001', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    await route.fulfill({ response, json: { ...body, buyer: { ...body.buyer, valid: false } } })
  })
  await page.goto(`${SOL}/booking/bkg-sol-1001`)
  await expect(page.getByText('Para cancelar, completa antes los datos de facturación en Documentación.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancelar la reserva' })).toBeDisabled()
  await page.getByRole('link', { name: 'Documentación' }).click()
  await expect(page.getByRole('tab', { name: /Documentación/ })).toHaveAttribute('aria-selected', 'true')

  // and when the server says so (the data changed meanwhile), its message, nothing canceled
  await page.unroute('**/api/customer/booking/bkg-sol-1001')
  await page.route('**/api/customer/booking/bkg-sol-1001/compute-cancel-refund', (route) =>
    route.fulfill({ status: 409, json: { code: 'billing_data_incomplete', message: 'Complete the billing data before cancelling.' } }),
  )
  await page.goto(`${SOL}/booking/bkg-sol-1001`)
  await page.getByRole('button', { name: 'Cancelar la reserva' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Motivo de la cancelación').selectOption('exams')
  await dialog.getByLabel('IBAN', { exact: true }).fill('ES9121000418450200051332')
  await dialog.getByRole('button', { name: 'Ver cuánto me devolvéis' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Completa los datos de facturación antes de continuar')
})

test('nothing to refund: the breakdown says so, and promises no transfer (Spanish and English)', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await quietDialogs(page, 'bkg-sol-1001')
  // the breakdown as when the cancellation costs take everything paid
  await page.route('**/api/customer/booking/bkg-sol-1001/compute-cancel-refund', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), total_refund: 0 } })
  })
  for (const [lang, t] of [
    [
      'es',
      {
        open: 'Cancelar la reserva',
        review: 'Ver cuánto me devolvéis',
        nothing: 'Con estas condiciones no hay nada que devolverte.',
        transfer: 'Te lo devolveremos',
      },
    ],
    [
      'en',
      {
        open: 'Cancel the booking',
        review: 'See what I get back',
        nothing: 'On these terms there is nothing to refund you.',
        transfer: 'We will refund it by transfer',
      },
    ],
  ] as const) {
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
    await page.goto(`${SOL}/booking/bkg-sol-1001`)
    await page.getByRole('button', { name: t.open }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('select').first().selectOption('exams')
    await dialog.getByLabel('IBAN', { exact: true }).fill('ES9121000418450200051332')
    await dialog.getByRole('button', { name: t.review }).click()
    await expect(dialog.getByText(t.nothing)).toBeVisible()
    await expect(dialog).not.toContainText(t.transfer)
  }
})
