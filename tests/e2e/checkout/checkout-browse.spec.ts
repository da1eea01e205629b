// Browsing trips (public): the list and its search, the detail with packs, rooms, extras,
// insurance, payment plans and conditions, and API HTML sanitized in the browser.
import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { signInFast } from '../support/portal'

// Whole journeys on a shared, busy machine: more than the default 30 s each.
test.describe.configure({ timeout: 90_000 })

test('the list: every open trip, a search, and an empty search', async ({ page }) => {
  await page.goto('/travelgroup')
  const list = page.getByRole('list', { name: 'Viajes' })
  await expect(list.getByRole('article')).toHaveCount(3)
  await expect(list.getByRole('article').first()).toContainText('desde')
  // on a phone the search says what it searches in full, and its hint fits the field
  await expect(page.getByText('Buscar por destino, nombre o código')).toBeVisible()
  const search = page.getByLabel('Buscar por destino, nombre o código')
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return context.measureText(input.placeholder).width <= room
  })
  expect(fits).toBe(true)
  await page.getByLabel('Buscar por destino, nombre o código').fill('roma')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(list.getByRole('article')).toHaveCount(1)
  await expect(list).toContainText('Roma fin de curso')
  await expect(page).toHaveURL(/\?q=roma/)
  await page.getByLabel('Buscar por destino, nombre o código').fill('zzz')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page.getByText('No hay viajes que coincidan con «zzz»')).toBeVisible()
  await page.getByRole('button', { name: 'Ver todos los viajes' }).click()
  await expect(list.getByRole('article')).toHaveCount(3)
  await expectNoSeriousA11yViolations(page)
})

test('the detail: packs with price and seats, rooms with the sold-out flag, extras, insurance, plans, conditions', async ({ page }) => {
  await page.goto('/travelgroup/tg-sol-pir')
  await expect(page.getByRole('heading', { level: 1, name: 'Pirineos en la nieve' })).toBeVisible()
  const packs = page.getByRole('region', { name: 'Packs' })
  await expect(packs.getByRole('listitem').filter({ hasText: 'Pack completo' }).first()).toContainText(/780,00\s€\s?por persona/)
  await expect(packs.getByText(/Quedan \d+ plazas en este pack/).first()).toBeVisible()
  const rooms = page.getByRole('region', { name: 'Alojamiento' })
  await expect(rooms.getByRole('row', { name: /Suite familiar/ })).toContainText('Agotada')
  await expect(rooms.getByRole('row', { name: /Habitación doble/ })).toContainText(/60,00\s€/)
  const extras = page.getByRole('region', { name: 'Extras y seguros' })
  await expect(extras).toContainText('Seguro de cancelación')
  await expect(extras).toContainText(/35,00\s€/)
  const plans = page.getByRole('region', { name: 'Formas de pago' })
  await expect(plans.getByRole('heading', { name: 'Pago único' })).toBeVisible()
  await expect(plans.getByRole('heading', { name: '3 plazos' })).toBeVisible()
  await expect(plans).toContainText('30 % al reservar')
  await expect(plans).toContainText(/Gastos de gestión: 15,00\s€ por reserva/)
  await expect(plans).toContainText(/recargo de 30,00\s€ por persona/)
  await page.getByText('Leer las condiciones generales y la privacidad').click()
  await expect(page.getByRole('heading', { name: 'Condiciones generales', exact: true })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('HTML from the API is sanitized before it is shown', async ({ page }) => {
  await page.route('**/api/customer/travelgroup/tg-sol-rom', async (route) => {
    if (route.request().method() !== 'GET') return route.continue()
    const res = await route.fetch()
    const body = (await res.json()) as Record<string, unknown>
    body.description_html =
      '<p>Roma <b>eterna</b>.</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">enlace</a><p style="background:url(https://evil.example/x)" onclick="window.__pwned=4">texto</p>'
    await route.fulfill({ response: res, json: body })
  })
  await page.goto('/travelgroup/tg-sol-rom')
  const about = page.getByRole('region', { name: 'El viaje' })
  await expect(about.getByText('eterna')).toBeVisible()
  await about.getByText('enlace').click()
  await about.getByText('texto').click()
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  expect(await about.locator('img, script, [onclick], [style]').count()).toBe(0)
  await expect(about.getByText('enlace')).not.toHaveAttribute('href', /javascript/)
})

test('an unknown trip is a clear message, not a broken page', async ({ page }) => {
  await page.goto('/travelgroup/tg-does-not-exist')
  await expect(page.getByText('No hemos encontrado este viaje')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ver todos los viajes' })).toBeVisible()
})

test('from a trip to its checkout and back: the address names the first step in place of the bare one, and one Back returns to the trip', async ({
  page,
  context,
  request,
}) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto('/travelgroup/tg-sol-lon')
  await page.getByRole('link', { name: 'Reservar plaza' }).first().click()
  await expect(page).toHaveURL(/\/travelgroup\/tg-sol-lon\/checkout\?step=pack$/)
  await expect(page.getByText('Paso 1 de 6')).toBeVisible()
  await expect(page.locator('#checkout-step-title')).toHaveText('Elige tu pack')
  await page.goBack()
  await expect(page).toHaveURL(/\/travelgroup\/tg-sol-lon$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Londres 4º ESO' })).toBeVisible()
})
