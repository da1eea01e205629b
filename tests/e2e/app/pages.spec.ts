import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { apiToken, openUserMenu, signInFast, signInWithPassword, SOL, TOKEN_KEY, userMenuButton } from '../support/portal'
import { bookByApi, bookingOf, freshCustomer } from '../support/checkout'

test('My bookings: a card per booking with its status, linking to the booking', async ({ page, context, request }) => {
  await signInFast(context, request, 'ana.garcia@example.com')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis reservas')
  const cards = page.getByRole('article')
  await expect(cards.first()).toBeVisible()
  const statuses = await page.locator('.status-badge').allTextContents()
  for (const status of ['Pendiente de pago', 'Confirmada', 'Invitación', 'Cancelada', 'Completada']) expect(statuses).toContain(status)
  const pending = cards.filter({ hasText: 'Pendiente de pago' }).first()
  await expect(pending).toContainText(/\d{1,3}(\.\d{3})*,\d{2}\u00a0€/)
  await expect(pending.getByRole('link')).toHaveAttribute('href', /^\/booking\/bkg-/)
  await expectNoSeriousA11yViolations(page)

  // The card opens the booking page (tests/e2e/booking/*.spec.ts); back returns to the list.
  await pending.getByRole('link').click()
  await expect(page).toHaveURL(/\/booking\/bkg-/)
  await expect(page.getByRole('tablist', { name: 'Secciones de la reserva' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis reservas')
})

test('one status rule: a booking with its first instalment paid is confirmed, made at checkout or seeded; one with nothing paid is pending (Spanish and English)', async ({
  page,
  context,
  request,
}) => {
  // a booking made now through checkout, three instalments, the first paid at the card provider
  const fresh = await freshCustomer(request, 'ag-sol', 'tg-sol-rom', 'Estado Prueba')
  const booked = await bookByApi(
    request,
    fresh.token,
    'ag-sol',
    { group: 'tg-sol-rom', members: 2, plan: 3, rooms: [{ hosting_id: 'tg-sol-rom-hst-2', quantity: 1 }] },
    SOL,
  )
  const { locator } = await bookingOf(request, fresh.token, 'ag-sol', booked)
  const ana = await apiToken(request, 'ana.garcia@example.com', 'ag-sol')
  const card = (text: string) => page.getByRole('article').filter({ hasText: text })
  for (const [lang, t] of [
    ['es', { confirmed: 'Confirmada', pending: 'Pendiente de pago', due: 'Pendiente' }],
    ['en', { confirmed: 'Confirmed', pending: 'Payment pending', due: 'Outstanding' }],
  ] as const) {
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
    await context.addCookies([{ name: TOKEN_KEY, value: fresh.token, url: SOL }])
    await page.goto('/')
    await expect(card(locator).locator('.status-badge')).toHaveText(t.confirmed)
    await expect(card(locator)).toContainText(t.due)

    // Ana's seeded Pyrenees booking: the first of three instalments paid, the same state, the same status
    await context.addCookies([{ name: TOKEN_KEY, value: ana, url: SOL }])
    await page.goto('/')
    await expect(card('VS-PIR02').locator('.status-badge')).toHaveText(t.confirmed)
    await expect(card('VS-PIR02')).toContainText(t.due)
    // her London booking whose card was declined has nothing paid: pending
    await expect(card('VS-LON06').locator('.status-badge')).toHaveText(t.pending)
  }
})

test('empty state, and the e-mail in the menu when the name is empty', async ({ page, context, request }) => {
  await signInFast(context, request, 'nuevo@example.com')
  await page.goto('/')
  await expect(page.getByText('Aún no tienes ninguna reserva activa')).toBeVisible()
  await expect(userMenuButton(page)).toHaveAccessibleName(/nuevo@example\.com/)
  await expectNoSeriousA11yViolations(page)
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Mis reservas' }).click()
  await expect(page).toHaveURL(`${SOL}/`)
})

test('the trips are a click away: from the empty bookings page, the account menu and the footer (Spanish and English)', async ({ page, context, request }) => {
  await signInFast(context, request, 'nuevo@example.com')
  for (const [lang, t] of [
    ['es', { invite: 'Ver los viajes', menu: 'Viajes', footer: 'Viajes', heading: 'Viajes' }],
    ['en', { invite: 'See the trips', menu: 'Trips', footer: 'Trips', heading: 'Trips' }],
  ] as const) {
    await context.addCookies([{ name: 'lang', value: lang, url: SOL }])
    await page.goto('/')
    await page.getByRole('link', { name: t.invite }).click()
    await expect(page).toHaveURL(`${SOL}/travelgroup`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heading)
    await page.goto('/')
    await openUserMenu(page)
    await page.getByRole('menuitem', { name: t.menu }).click()
    await expect(page).toHaveURL(`${SOL}/travelgroup`)
    await page.goto('/faq')
    await page.getByRole('contentinfo').getByRole('link', { name: t.footer, exact: true }).click()
    await expect(page).toHaveURL(`${SOL}/travelgroup`)
  }
  await expectNoSeriousA11yViolations(page)
})

test('404 in both languages, with a link home', async ({ page, context }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No hemos encontrado esta página')
  await expectNoSeriousA11yViolations(page)
  await context.addCookies([{ name: 'lang', value: 'en', url: SOL }])
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found')
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
})

test('FAQ and legal notice are public, from the agency', async ({ page }) => {
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  const question = page.getByText('¿Puedo cancelar?')
  await question.click()
  await expect(page.getByText(/Viajes Sol te mostrará el desglose/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso legal' }).click()
  await expect(page).toHaveURL(/\/legal$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso legal')
  await expect(page.getByText(/Viajes Sol S\.L\., con CIF/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  // Signing in from a public page comes back to it.
  await page.locator('.site-header').getByRole('link', { name: 'Acceder' }).click()
  await signInWithPassword(page, 'ana.garcia@example.com')
  await expect(page).toHaveURL(`${SOL}/legal`)
  await expect(userMenuButton(page)).toBeVisible()
})

test('a page whose code fails to load reloads once, then shows the error page', async ({ page }) => {
  let failures = 0
  // the route's module: its chunk in the build (a dev server's source path too)
  const legalModule = /\/(?:assets\/legal-[\w-]+\.js|src\/app\/routes\/legal\.tsx)(?:\?|$)/
  await page.route(legalModule, async (route) => {
    failures += 1
    await route.abort()
  })
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
  let loads = 0
  page.on('load', () => (loads += 1))
  const reload = page.waitForEvent('load')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso legal' }).click()
  await reload
  // Reloaded onto /legal; the chunk fails again within 60 s: no loop, the error page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Algo no ha ido bien')
  await expect(page).toHaveURL(/\/legal$/)
  // once on the way there, again after the one reload (and the built page's own preload of it)
  expect(failures).toBeGreaterThanOrEqual(2)
  expect(loads).toBe(1)
  await expectNoSeriousA11yViolations(page)

  await page.unroute(legalModule)
  await page.getByRole('button', { name: 'Reintentar' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso legal')
})

test('HTML from the API is sanitized before it is shown', async ({ page }) => {
  await page.route(/\/api\/customer\/agency\/faq/, (route) =>
    route.fulfill({
      json: [
        {
          id: 'faq-x',
          question: '¿Es seguro?',
          answer_html:
            '<p>Sí, <b>seguro</b>.</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">enlace</a>',
        },
      ],
    }),
  )
  await page.goto('/faq')
  await page.getByText('¿Es seguro?').click()
  await expect(page.locator('.faq-item__answer b')).toHaveText('seguro')
  await expect(page.locator('.faq-item__answer img, .faq-item__answer script')).toHaveCount(0)
  await page.locator('.faq-item__answer a').click()
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
})
