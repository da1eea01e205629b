import { expect, test } from '../support/test'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freshCustomer } from '../support/checkout'
import { API, apiToken, lastMailedLink, openUserMenu, PASSWORD, SOL, signInWithPassword, TOKEN_KEY, userMenuButton, chooseLanguage } from '../support/portal'

test.describe('sign-in', () => {
  test('by e-mail and password, then out again', async ({ page, context }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accede a tus reservas')
    await expectNoSeriousA11yViolations(page)

    await signInWithPassword(page, 'ana.garcia@example.com')
    await expect(page).toHaveURL(`${SOL}/`)
    await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
    await expect(userMenuButton(page)).toHaveAccessibleName(/Ana García/)

    // The token: a cookie and local storage, prefix "auth", 30 days.
    const cookie = (await context.cookies()).find((c) => c.name === TOKEN_KEY)
    expect(cookie?.value).toMatch(/^tok_/)
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), TOKEN_KEY)
    expect(stored.token).toBe(cookie?.value)

    await openUserMenu(page)
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveText(['Mi contraseña', 'Mis reservas', 'Viajes', 'Salir'])
    await expectNoSeriousA11yViolations(page)
    await menu.getByRole('menuitem', { name: 'Salir' }).click()

    await expect(page).toHaveURL(/\/auth\/login$/)
    expect((await context.cookies()).find((c) => c.name === TOKEN_KEY)).toBeUndefined()
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull()
    // The old token no longer works on the server either.
    await page.goto('/')
    await expect(page).toHaveURL(/\/auth\/login$/)
  })

  test('the user menu works from the keyboard', async ({ page, context, request }) => {
    const token = await apiToken(request, 'ana.garcia@example.com')
    await context.addCookies([{ name: TOKEN_KEY, value: token, url: SOL }])
    await page.goto('/')
    // The header is painted from the HTML before the app's code runs, and a key pressed on it then is lost:
    // keys go to it once the page shows its own content, as a person would use it.
    await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
    const button = userMenuButton(page)
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('menuitem', { name: 'Mi contraseña' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Mis reservas' })).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect(page.getByRole('menuitem', { name: 'Salir' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(button).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/auth\/password$/)
  })

  test('form messages: required fields, wrong credentials, unvalidated account', async ({ page }) => {
    await page.goto('/auth/login')
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click()
    await expect(page.getByText('Debes introducir tu email')).toBeVisible()
    await page.getByLabel('Email', { exact: true }).fill('nadie@example.com')
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click()
    await expect(page.getByText('Email incorrecto')).toBeVisible()

    await page.getByRole('tab', { name: 'Con contraseña' }).click()
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByText('Debes introducir tu email')).toBeVisible()
    await expect(page.getByText('Debes introducir una contraseña')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await page.getByLabel('Email', { exact: true }).fill('ana.garcia@example.com')
    await page.getByLabel('Contraseña', { exact: true }).fill('mala')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' })).toBeVisible()

    await page.getByLabel('Email', { exact: true }).fill('pendiente@example.com')
    await page.getByLabel('Contraseña', { exact: true }).fill('viaje2026')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Tu cuenta aún no está validada' })).toBeVisible()
    await expect(page.getByRole('link', { name: '¿Has olvidado tu contraseña?' })).toHaveAttribute('href', '/auth/remember')
  })

  test('password guessing is throttled: a clear message in both languages, what was typed stays, and a sign-in link still works', async ({
    page,
    browser,
    request,
  }) => {
    // An account of its own: the throttle counts per account, and demo accounts serve other tests.
    const { email } = await freshCustomer(request, 'ag-sol', 'tg-sol-lon', 'Adivina Prueba')
    await page.goto('/auth/login')
    await page.getByRole('tab', { name: 'Con contraseña' }).click()
    await page.getByLabel('Email', { exact: true }).fill(email)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel('Contraseña', { exact: true }).fill(`intento-${attempt}`)
      const answer = page.waitForResponse((res) => res.url().endsWith('/auth/login'))
      await page.getByRole('button', { name: 'Entrar' }).click()
      expect((await answer).status()).toBe(401)
      await expect(page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' })).toBeVisible()
    }
    await page.getByLabel('Contraseña', { exact: true }).fill('intento-6')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Demasiados intentos seguidos. Espera unos minutos y vuelve a intentarlo. Puedes entrar con un enlace en tu email.',
      }),
    ).toBeVisible()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('intento-6')
    await expectNoSeriousA11yViolations(page)

    const english = await browser.newContext({ locale: 'en-GB' })
    const pageEn = await english.newPage()
    await pageEn.goto(`${SOL}/auth/login`)
    await pageEn.getByRole('tab', { name: 'With password' }).click()
    await pageEn.getByLabel('Email', { exact: true }).fill(email)
    await pageEn.getByLabel('Password', { exact: true }).fill('viaje2026')
    await pageEn.getByRole('button', { name: 'Sign in' }).click()
    await expect(
      pageEn.getByRole('alert').filter({ hasText: 'Too many attempts in a row. Wait a few minutes and try again. You can sign in with a link in your email.' }),
    ).toBeVisible()
    await expect(pageEn.getByLabel('Email', { exact: true })).toHaveValue(email)
    await english.close()

    // Locking out is not a weapon: whoever guessed, the owner's inbox still gets a link, and it signs in.
    await page.getByRole('button', { name: 'Entrar con un enlace' }).click()
    await expect(page.getByRole('tab', { name: 'Enlace por email' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Te hemos enviado un enlace de acceso' })).toBeVisible()
    await page.goto(await lastMailedLink(request, email))
    await expect(userMenuButton(page)).toBeVisible()
  })

  test('by e-mail link: the token never stays in the address bar or the history', async ({ page, request }) => {
    await page.goto('/auth/login')
    await page.getByLabel('Email', { exact: true }).fill('enlace@example.com')
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado un enlace de acceso' })).toBeVisible()
    await expect(page.getByText('enlace@example.com')).toBeVisible()

    const link = await lastMailedLink(request, 'enlace@example.com')
    expect(link).toContain('/auth/autologin/')

    const fresh = await page.context().newPage()
    await fresh.goto('about:blank')
    await fresh.goto(link)
    await expect(fresh).toHaveURL(`${SOL}/`)
    await expect(fresh.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
    await expect(userMenuButton(fresh)).toHaveAccessibleName(/Elena Vidal/)
    // The link's history entry was replaced: back leads to where the browser was before it.
    await fresh.goBack()
    expect(fresh.url()).toBe('about:blank')
    await fresh.goForward()
    await expect(fresh).toHaveURL(`${SOL}/`)
    expect(await fresh.evaluate(() => history.length)).toBe(2)

    // A link works once.
    await fresh.goto(link)
    await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya no es válido')
    await expect(fresh).toHaveURL(`${SOL}/auth/autologin`)
    await expectNoSeriousA11yViolations(fresh)
  })

  test('the /login callback asks whose account it opens before signing in (no login CSRF), and scrubs the token', async ({ page, request }) => {
    const token = await apiToken(request, 'ana.garcia@example.com')
    await page.goto(`/login#token=${token}&redirect=/faq`)
    await expect(page).toHaveURL(`${SOL}/login`)
    expect(await page.evaluate(() => location.hash)).toBe('')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Entrar con esta cuenta?')
    await expect(page.getByText('Vas a entrar en el área de cliente como Ana García (ana.garcia@example.com).')).toBeVisible()
    // nothing is signed in before the traveller says so
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(`${SOL}/faq`)
    await expect(userMenuButton(page)).toHaveAccessibleName(/Ana García/)
  })

  test('the /login callback: cancelling signs nobody in, a token that is not valid says so (English)', async ({ page, request, browser }) => {
    const token = await apiToken(request, 'marta.lopez@example.com')
    await page.goto(`/login#token=${token}`)
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await expect(page).toHaveURL(`${SOL}/auth/login`)
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull()

    const english = await browser.newContext({ locale: 'en-GB' })
    const pageEn = await english.newPage()
    await pageEn.goto(`${SOL}/login#token=tok_forged`)
    await expect(pageEn.getByRole('heading', { level: 1 })).toHaveText('This access is no longer valid')
    await expect(pageEn.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/auth/login')
    await english.close()
  })

  test('sign-in returns where the user was headed; a 401 signs out and comes back', async ({ page, context }) => {
    await page.goto('/auth/password')
    await expect(page).toHaveURL(/\/auth\/login$/)
    // never in the URL
    expect(page.url()).not.toContain('password?')
    await signInWithPassword(page, 'ana.garcia@example.com')
    await expect(page).toHaveURL(`${SOL}/auth/password`)
    await expect(page.getByRole('heading', { level: 1, name: 'Mi contraseña' })).toBeVisible()

    // The server forgets the session (expired, revoked…): the next call answers 401.
    await context.addCookies([{ name: TOKEN_KEY, value: 'tok_expired', url: SOL }])
    await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY)
    await page.goto('/faq')
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(page.getByText('Tu sesión ha caducado. Vuelve a iniciar sesión.')).toBeVisible()
    await signInWithPassword(page, 'ana.garcia@example.com')
    await expect(page).toHaveURL(`${SOL}/faq`)
  })
})

// Each test changes the password of an account of its own: a change ends the account's other sessions, and the
// demo accounts serve other tests meanwhile.
test.describe('password', () => {
  test('change it: messages, success in English, and back again', async ({ page, request }) => {
    // its first password, set from the sign-in link's session (no current one asked then)
    const { email, token } = await freshCustomer(request, 'ag-sol', 'tg-sol-lon', 'Clave Prueba')
    const first = await request.put(`${API}/auth/password`, {
      headers: { Authorization: `Bearer ${token}`, agencyId: 'ag-sol' },
      data: { password: PASSWORD, password_confirmation: PASSWORD },
    })
    expect(first.status(), await first.text()).toBe(200)
    await page.goto('/auth/password')
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(/\/auth\/password$/)
    await expectNoSeriousA11yViolations(page)

    const save = page.getByRole('button', { name: 'Guardar contraseña' })
    await save.click()
    await expect(page.getByText('Debes introducir tu contraseña actual')).toBeVisible()
    await expect(page.getByText('Debes introducir una contraseña')).toBeVisible()
    await expect(page.getByText('Debes repetir la contraseña anterior')).toBeVisible()

    await page.getByLabel('Contraseña actual', { exact: true }).fill('equivocada')
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('nuevaClave2026')
    await page.getByLabel('Repite la nueva contraseña', { exact: true }).fill('otraClave2026')
    await save.click()
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible()
    await page.getByLabel('Repite la nueva contraseña', { exact: true }).fill('nuevaClave2026')
    await save.click()
    await expect(page.getByText('La contraseña actual no es correcta')).toBeVisible()

    // In English the success reads as SPEC quotes it.
    await chooseLanguage(page, 'en')
    await page.getByLabel('Current password', { exact: true }).fill('viaje2026')
    await page.getByLabel('New password', { exact: true }).fill('nuevaClave2026')
    await page.getByLabel('Repeat the new password', { exact: true }).fill('nuevaClave2026')
    await page.getByRole('button', { name: 'Save password' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Password updated correctly' })).toBeVisible()

    // Sign out, in with the new one, and restore the demo password (in Spanish).
    await chooseLanguage(page, 'es')
    await openUserMenu(page)
    await page.getByRole('menuitem', { name: 'Salir' }).click()
    await expect(page).toHaveURL(/\/auth\/login$/)
    await signInWithPassword(page, email, 'nuevaClave2026')
    await expect(page).toHaveURL(`${SOL}/`)
    await page.goto('/auth/password')
    await page.getByLabel('Contraseña actual', { exact: true }).fill('nuevaClave2026')
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('viaje2026')
    await page.getByLabel('Repite la nueva contraseña', { exact: true }).fill('viaje2026')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Contraseña actualizada correctamente' })).toBeVisible()
  })

  test('forgotten: the mailed link opens the change page, no current password asked', async ({ page, request }) => {
    const { email } = await freshCustomer(request, 'ag-sol', 'tg-sol-lon', 'Olvido Prueba')
    await page.goto('/auth/login')
    await page.getByRole('tab', { name: 'Con contraseña' }).click()
    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click()
    await expect(page).toHaveURL(/\/auth\/remember$/)
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Te hemos enviado un enlace' })).toBeVisible()

    await page.goto(await lastMailedLink(request, email))
    await expect(page).toHaveURL(`${SOL}/auth/password`)
    await expect(page.getByLabel('Contraseña actual', { exact: true })).toHaveCount(0)
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('viaje2026')
    await page.getByLabel('Repite la nueva contraseña', { exact: true }).fill('viaje2026')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Contraseña actualizada correctamente' })).toBeVisible()
  })
})
