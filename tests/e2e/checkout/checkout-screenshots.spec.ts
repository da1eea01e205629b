// Screenshots of browsing, every checkout step, the schedule, the payment results, booking payments,
// the invitation form, success and winner — phone and desktop, Spanish and English — for a person to
// look at (test-results/screenshots/checkout-*). Opt-in: SCREENSHOTS=1 npm run test:e2e -- checkout-screenshots
import type { Page } from '@playwright/test'
import { expect, test } from '../support/test'
import { API, decideAtProvider, SOL, TOKEN_KEY, type PaymentAction } from '../support/portal'
import { auth, bookByApi, draftFor, freshCustomer, seedDraft, settled, token } from '../support/checkout'

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots')
test.describe.configure({ mode: 'serial' })

const GROUP = 'tg-sol-lon'
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

const shot = async (page: Page, name: string, fullPage = true) => {
  await page.waitForLoadState('networkidle')
  // From the top: a full-page capture of a scrolled page draws fixed elements (the skip link) mid-page.
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
  await page.screenshot({ path: `test-results/screenshots/checkout-${name}.png`, fullPage })
}

const draft = () =>
  draftFor(GROUP, 'summary', {
    extras: [{ item_id: `${GROUP}-ext-1`, member_index: 0 }],
    insurances: [{ item_id: `${GROUP}-ins-1`, member_index: 1 }],
    rooming: [0, 0],
    voucher: { code: 'VERANO10', type: 'percentage', value: 10, amount: 19000 },
    planId: `${GROUP}-plan-3`,
    methodId: `${GROUP}-pm-card`,
    acceptTerms: true,
    commercialSectors: ['travel', 'culture'],
  })

for (const size of sizes) {
  for (const lang of ['es', 'en'] as const) {
    test(`${size.name} ${lang}`, async ({ page, request }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.context().addCookies([{ name: 'lang', value: lang, url: SOL }])
      const tag = `${size.name}-${lang}`

      await page.goto('/travelgroup')
      await shot(page, `${tag}-list`)
      await page.goto(`/travelgroup/${GROUP}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-detail`)
      await page.goto(`/travelgroup/${GROUP}/invitation`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-invitation`)
      await page.getByRole('button', { name: /^(Solicitar invitación|Request an invitation)$/ }).click()
      await shot(page, `${tag}-invitation-errors`)

      const { token: tok } = await freshCustomer(request, 'ag-sol', GROUP)
      await page.context().addCookies([{ name: TOKEN_KEY, value: tok, url: SOL }])
      await seedDraft(page, draft())
      for (const [i, step] of ['pack', 'rooms', 'personal', 'customization', 'rooming', 'summary'].entries()) {
        await page.goto(`/travelgroup/${GROUP}/checkout?step=${step}`)
        await expect(page.locator('#checkout-step-title')).toBeVisible()
        if (step === 'summary') await expect(page.getByText(/(reservadas hasta|held until)/)).toBeVisible()
        await shot(page, `${tag}-step${i + 1}-${step}`)
      }
      await page.getByRole('button', { name: /^(Ver el calendario de pagos|See the payment schedule)/ }).click()
      await settled(page.getByRole('dialog'))
      await shot(page, `${tag}-schedule`, false)
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: /^(Leer las condiciones y la privacidad|Read the conditions and privacy)$/ }).click()
      await settled(page.getByRole('dialog'))
      await shot(page, `${tag}-conditions`, false)
      await page.keyboard.press('Escape')

      // A booking with a paid first term and a declined second one.
      const bookingId = await bookByApi(
        request,
        tok,
        'ag-sol',
        { group: 'tg-sol-pir', members: 2, plan: 3, rooms: [{ hosting_id: 'tg-sol-pir-hst-2', quantity: 1 }] },
        SOL,
      )
      const overview = (await (await request.get(`${API}/booking/${bookingId}/payments`, { headers: auth(tok, 'ag-sol') })).json()) as {
        payments: { id: string }[]
        terms: { id: string }[]
      }
      const purchase = await request.post(`${API}/booking/${bookingId}/purchase`, {
        headers: auth(tok, 'ag-sol'),
        data: { term_ids: [overview.terms[1]!.id], payment_method_id: 'tg-sol-pir-pm-card', return_url: `${SOL}/payment` },
      })
      const failed = (await purchase.json()) as PaymentAction
      await decideAtProvider(request, failed, 'decline')

      await page.goto(`/payment/${overview.payments[0]!.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-payment-success`)
      await page.goto(`/payment/${failed.payment_id}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-payment-failed`)
      await page.goto(`/booking/${bookingId}/payments`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-booking-payments`)
      await page.goto(`/travelgroup/tg-sol-pir/success?booking=${bookingId}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-success`)

      const ana = await token(request, 'ana.garcia@example.com', 'ag-sol')
      await page.context().addCookies([{ name: TOKEN_KEY, value: ana, url: SOL }])
      await page.goto('/travelgroup/tg-sol-rom/winner')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await shot(page, `${tag}-winner`)
    })
  }
}
