// SPEC §3 translatable objects (decision 012) and §9 text truncation, as a traveller reads them.
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { dropTenant, quietDialogs } from '../support/booking-world'
import { MOCK, NORTE, signInFast, SOL, chooseLanguage } from '../support/portal'

const LONG_ES = 'Islandia: auroras boreales, glaciares y la costa sur en seis noches'
const LONG_EN = 'Iceland: northern lights, glaciers and the south coast in six nights'

test('a trip in the language chosen: its name, packs, rooms, extras and insurance change at once with the selector', async ({ page }) => {
  await page.goto('/travelgroup/tg-sol-lon')
  const texts = {
    es: ['Londres 4º ESO', 'Pack básico', 'Pack completo', 'Habitación doble', 'Espectáculo nocturno', 'Seguro de cancelación', 'Transporte de ida y vuelta'],
    en: ['London, Year 10', 'Basic pack', 'Full pack', 'Double room', 'Evening show', 'Cancellation insurance', 'Return transport'],
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.es[0]!)
  for (const text of texts.es.slice(1)) await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(/6 días en Londres con el grupo/)).toBeVisible()

  // no request: the texts are already here in both languages
  const requests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/travelgroup/tg-sol-lon')) requests.push(r.url())
  })
  await chooseLanguage(page, 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.en[0]!)
  for (const text of texts.en.slice(1)) await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(/6 days in London with the group/)).toBeVisible()
  await expect(page.getByText('Pack básico')).toHaveCount(0)
  expect(requests.filter((url) => /tg-sol-lon(\?|$)/.test(url))).toEqual([])
  await expectNoSeriousA11yViolations(page)

  await chooseLanguage(page, 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.es[0]!)
})

test('a booking in English: notices, the cart and the trip; the FAQ and legal notice too', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await context.addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await quietDialogs(page, 'bkg-sol-1001')
  await page.goto('/booking/bkg-sol-1001?tab=notices')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('London, Year 10')
  await expect(page.getByText('Information meeting')).toBeVisible()
  await page.getByText('Information meeting').click()
  await expect(page.getByText("On Thursday at 7 pm in the school's assembly hall.")).toBeVisible()
  await page.getByRole('tablist', { name: 'Booking sections' }).getByRole('tab', { name: 'Payments' }).click()
  await expect(
    page
      .getByRole('table')
      .getByText(/^Basic pack/)
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('table').getByText('Day trip from London')).toBeVisible()
  await expect(page.getByText('Pack básico')).toHaveCount(0)

  await page.goto('/faq')
  await expect(page.getByText('Which documents do I need?')).toBeVisible()
  await page.goto('/legal')
  await expect(page.locator('.legal-text h2')).toHaveText('Legal notice')
  await expect(page.getByText(/Viajes Sol S\.L\., tax id B12345678/)).toBeVisible()
})

test('a text with no English translation is shown in Spanish', async ({ page, context, request }) => {
  // a tenant whose own legal notice was written in Spanish only
  const tag = `legal-${Date.now().toString(36)}-${test.info().workerIndex}`
  const tenant = { id: `ag-e2e-${tag}`, host: `${tag}.localhost`, origin: SOL.replace('://localhost', `://${tag}.localhost`) }
  const res = await request.post(`${MOCK}/__mock/tenants`, {
    data: { id: tenant.id, name: 'Viajes Prueba', hosts: [tenant.host], legal_notice_html: '<h2>Aviso legal</h2><p>Texto propio de la agencia.</p>' },
  })
  expect(res.status(), await res.text()).toBe(201)
  try {
    await context.addCookies([{ name: 'lang', value: 'en', url: tenant.origin }])
    await page.goto(`${tenant.origin}/legal`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal notice')
    await expect(page.getByText('Texto propio de la agencia.')).toBeVisible()
  } finally {
    await dropTenant(request, tenant)
  }
})

test('a long trip name is cut at 60 characters on cards, whole for screen readers, on hover and on its page (Spanish and English)', async ({
  page,
  context,
  request,
}) => {
  await signInFast(context, request, 'laura.martin@example.com', NORTE, 'ag-norte')
  for (const [lang, full] of [
    ['es', LONG_ES],
    ['en', LONG_EN],
  ] as const) {
    await context.addCookies([{ name: 'lang', value: lang, url: NORTE }])
    const cut = `${[...full].slice(0, 60).join('').trimEnd()}…`
    for (const path of ['/', '/travelgroup']) {
      await page.goto(`${NORTE}${path}`)
      const card = page.getByRole('article').filter({ hasText: cut })
      const link = card.getByRole('link', { name: full })
      // what the eye reads is cut, with an ellipsis; the link's name (what a screen reader says) is whole
      await expect(link).toBeVisible()
      await expect(card.locator('[aria-hidden="true"]', { hasText: cut })).toBeVisible()
      await expect(card.locator('.truncated-text')).toHaveAttribute('title', full)
      expect(cut.length).toBe(61)
      await expectNoSeriousA11yViolations(page)
      // a tap leads to the page where the name is whole
      await link.click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(full)
    }
  }
})
