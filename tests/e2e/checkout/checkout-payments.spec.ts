// The payments of an existing booking: its terms (limit date, penalty limit date, amount, paid date),
// paying a pending term and an extra term at the provider, and the late-term penalty on the last term.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { bookByApi, chooseSummary, draftFor, euros, freshCustomer, paymentsOf, payButton, provider, seedDraft } from '../support/checkout'
import { SOL, TOKEN_KEY } from '../support/portal'

// Whole journeys on a shared, busy machine: more than the default 30 s each.
test.describe.configure({ timeout: 90_000 })

const SHOTS = 'test-results/screenshots'

async function bookedCustomer(page: Page, lang: 'es' | 'en' = 'es') {
  const { token: tok } = await freshCustomer(page.request, 'ag-sol', 'tg-sol-rom')
  await page.context().addCookies([
    { name: TOKEN_KEY, value: tok, url: SOL },
    { name: 'lang', value: lang, url: SOL },
  ])
  const bookingId = await bookByApi(
    page.request,
    tok,
    'ag-sol',
    { group: 'tg-sol-rom', members: 2, plan: 3, rooms: [{ hosting_id: 'tg-sol-rom-hst-2', quantity: 1 }] },
    SOL,
  )
  return { tok, bookingId }
}

test('a booking’s terms, paying the next one and an extra, each back from the provider', async ({ page }) => {
  const { tok, bookingId } = await bookedCustomer(page)
  const before = await paymentsOf(page.request, tok, 'ag-sol', bookingId)
  const [first, second, third] = before.terms

  await page.goto(`/booking/${bookingId}/payments`)
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible()
  const terms = page.getByRole('region', { name: 'Plazos' })
  const term = (n: number) => terms.getByRole('listitem').filter({ hasText: `Plazo ${n}` })
  await expect(term(1)).toContainText('Pagado')
  await expect(term(1)).toContainText(/Pagado el\s*\d/)
  await expect(term(1)).toContainText(euros(first!.amount))
  await expect(term(2)).toContainText('Pendiente')
  await expect(term(2)).toContainText('Fecha límite')
  await expect(term(2)).toContainText('Con recargo desde')
  await expect(term(3)).toContainText(euros(third!.amount))
  await expect(page.getByTestId('payments-pending')).toHaveText(euros(second!.amount + third!.amount))
  await expect(page.getByRole('table', { name: 'Desglose del importe' }).getByRole('row', { name: /Gastos de gestión/ })).toContainText(euros(1500))
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-booking-payments.png`, fullPage: true })

  // Pay the next term: the press is answered on screen at once (busy while the payment is on its way), and a double
  // click opens one payment.
  const purchases: string[] = []
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname.endsWith('/purchase')) purchases.push(req.url())
  })
  let answer!: () => void
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/customer/booking/*/purchase', async (route) => {
    await held
    await route.continue()
  })
  const payTerm = term(2).getByRole('button', { name: `Pagar el plazo 2 (${euros(second!.amount)})` })
  await payTerm.dblclick()
  await expect(payTerm).toHaveAttribute('aria-busy', 'true')
  // while it is on its way, no other payment can be started
  await expect(term(3).getByRole('button', { name: /^Pagar el plazo 3/ })).toBeDisabled()
  await expect(page.getByRole('button', { name: /^Pagar todo lo pendiente/ })).toBeDisabled()
  await expect.poll(() => purchases.length).toBe(1)
  answer()
  await provider(page, 'approve')
  await expect(page).toHaveURL(/\/payment\/pay-/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pago realizado correctamente' })).toBeVisible()
  await expect(page.getByText(euros(second!.amount))).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/phone-es-payment-success.png`, fullPage: true })
  await page.getByRole('link', { name: 'Ver los pagos de la reserva' }).click()
  await expect(term(2)).toContainText('Pagado')
  await expect(page.getByTestId('payments-pending')).toHaveText(euros(third!.amount))

  // An extra term: an evening show for the second traveller.
  const extra = page.getByRole('region', { name: 'Añadir un extra o un seguro' })
  await extra.getByRole('button', { name: 'Pagar el extra' }).click()
  await expect(extra.getByText('Elige qué quieres añadir')).toBeVisible()
  await extra.getByLabel('Viajero').selectOption({ index: 1 })
  await extra.getByLabel('Extra o seguro').selectOption({ index: 2 })
  await extra.getByRole('button', { name: `Pagar ${euros(6500)}` }).click()
  await provider(page, 'approve')
  await expect(page.getByRole('heading', { level: 1, name: 'Pago realizado correctamente' })).toBeVisible()
  await page.getByRole('link', { name: 'Ver los pagos de la reserva' }).click()
  await expect(terms.getByRole('listitem').filter({ hasText: 'Espectáculo nocturno' })).toContainText('Pagado')

  expect(purchases).toHaveLength(1)
  const after = await paymentsOf(page.request, tok, 'ag-sol', bookingId)
  expect(after.payments.filter((p) => p.status === 'paid')).toHaveLength(3)
  expect(after.payments).toHaveLength(3)
})

test('the late-term penalty is charged at the last term and explained (English)', async ({ page }) => {
  const { bookingId } = await bookedCustomer(page, 'en')
  // A term past its surcharge date: the server then carries the plan's penalty on the last term.
  await page.route(`**/api/customer/booking/${bookingId}/payments`, async (route) => {
    const res = await route.fetch()
    const body = (await res.json()) as {
      terms: { kind: string; paid_at: string | null; penalty_limit_date: string | null; penalty_amount: number; status: string }[]
      cart: { lines: unknown[]; total: number; pending: number; penalties: number }
    }
    const plan = body.terms.filter((t) => t.kind === 'plan')
    plan[1]!.penalty_limit_date = '2020-01-01'
    plan[2]!.penalty_amount = 2500
    body.cart.lines.push({ type: 'term_penalty', concept: 'Recargo por pago fuera de plazo', member_id: null, quantity: 1, unit_price: 2500, amount: 2500 })
    body.cart.total += 2500
    body.cart.pending += 2500
    body.cart.penalties += 2500
    await route.fulfill({ response: res, json: body })
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/booking/${bookingId}/payments`)
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  await expect(page.getByText(/25,00\s€ are added to the last instalment/)).toBeVisible()
  const last = page.getByRole('region', { name: 'Instalments' }).getByRole('listitem').filter({ hasText: 'Instalment 3' })
  await expect(last).toContainText(/\+ 25,00\s€ surcharge/)
  await expect(last).toContainText('The surcharge for paying an instalment late is charged on the last instalment.')
  await expect(page.getByRole('table', { name: 'Amount breakdown' }).getByRole('row', { name: /Late payment surcharge/ })).toContainText(euros(2500))
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: `${SHOTS}/desktop-en-booking-payments.png`, fullPage: true })
})

test('back from the provider without paying: the same payment goes on, never a second booking', async ({ page }) => {
  const { token: tok } = await freshCustomer(page.request, 'ag-sol', 'tg-sol-lon')
  await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: SOL }])
  await seedDraft(page, draftFor('tg-sol-lon', 'summary'))
  await page.goto('/travelgroup/tg-sol-lon/checkout')
  await chooseSummary(page, 'instalments')
  await expect(page.getByRole('list', { name: 'Plazos' }).getByRole('listitem')).toHaveCount(3)
  await payButton(page).click()
  await expect(page).toHaveURL(/\/__provider\/pay/)
  const reference = await page.getByText(/^pay-/).textContent()

  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Tu reserva está creada' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Continuar con el pago' }).click()
  await expect(page).toHaveURL(/\/__provider\/pay/)
  await expect(page.getByText(/^pay-/)).toHaveText(reference!)
  await provider(page, 'approve')
  await expect(page.getByRole('heading', { level: 1, name: '¡Reserva confirmada!' })).toBeVisible()
  const bookingId = new URL(page.url()).searchParams.get('booking')!
  const { payments } = await paymentsOf(page.request, tok, 'ag-sol', bookingId)
  expect(payments).toHaveLength(1)
})

test('paying by bank transfer: the booking is made and waits for the transfer', async ({ page }) => {
  const { token: tok } = await freshCustomer(page.request, 'ag-sol', 'tg-sol-lon')
  await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: SOL }])
  await seedDraft(page, draftFor('tg-sol-lon', 'summary'))
  await page.goto('/travelgroup/tg-sol-lon/checkout')
  await chooseSummary(page, 'single', 'transfer')
  await page.getByRole('button', { name: 'Confirmar la reserva' }).click()
  await expect(page).toHaveURL(/\/travelgroup\/tg-sol-lon\/success\?booking=/)
  await expect(page.getByRole('heading', { level: 1, name: '¡Reserva realizada!' })).toBeVisible()
  await expect(page.getByText(/queda reservada hasta que recibamos el primer pago/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
