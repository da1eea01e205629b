// The page's frame the production server paints before the app's code (web/src/app/shell/render-shell.tsx):
// the app's own tree in the state its router starts in: the layouts, in the page's language, with the loading
// state the app shows. tests/web/app/app.test.tsx hydrates it.
import { describe, expect, it } from 'vitest'
import { renderShell } from '@/app/shell/render-shell'
import { solAgency } from '../../support/agency-fixture'

const sol = solAgency

describe('the page’s frame, rendered on the server', () => {
  it('a public page: the header with the agency’s logo, the language and signing in; the footer; the loading state', () => {
    const { markup: html, frame } = renderShell({ agency: sol, locale: 'en', pathname: '/faq' })
    // the page it is drawn for (main.tsx hydrates it only for that page)
    expect(frame).toBe('faq')
    expect(html).toContain('<header class="site-header">')
    expect(html).toContain('<img class="brand-mark__logo" src="https://cdn.sol.example/logo.png" alt="Viajes &lt;Sol&gt;"/>')
    expect(html).toContain('aria-label="Language: English"')
    expect(html).toContain('href="/auth/login" data-discover="true">Sign in</a>')
    // the page's title, and its loading said (the shape of the rest is drawn, not read out)
    expect(html).toContain('<h1 class="page-header__title">FAQ</h1>')
    expect(html).toContain('<span role="status" class="visually-hidden"><span>Loading…</span></span>')
    expect(html).toContain('href="/legal" data-discover="true">Legal notice</a>')
    // nothing a CSP of hashes would refuse, nothing of a visitor
    expect(html).not.toMatch(/ style=|<script|on[a-z]+=/)
  })

  it('a page only a customer sees: the account menu, nameless, instead of signing in', () => {
    const { markup: html, frame } = renderShell({ agency: sol, locale: 'es', pathname: '/booking/b-1' })
    expect(frame).toBe('booking')
    expect(html).toContain('Mi cuenta')
    expect(html).toContain('aria-haspopup="menu"')
    expect(html).not.toContain('Acceder')
    expect(html).not.toContain('b-1')
    expect(html).not.toMatch(/ style=|<script|on[a-z]+=/)
  })

  it('the sign-in page: the bare frame and the page itself, in Spanish', () => {
    const { markup: html, frame } = renderShell({ agency: sol, locale: 'es', pathname: '/auth/login' })
    expect(frame).toBe('login')
    expect(html).toContain('<div class="guest-layout">')
    expect(html).toContain('aria-label="Idioma: Español"')
    expect(html).not.toContain('Cargando…')
    expect(html).not.toContain('site-header')
    // the page itself, needing no data: its form, which cannot be sent before the app handles it
    expect(html).toContain('Accede a tus reservas')
    expect(html).toMatch(/<input[^>]*type="email"/)
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/)
  })

  it('an address that is no page: the not-found page’s frame, public', () => {
    const { markup: html, frame } = renderShell({ agency: sol, locale: 'es', pathname: '/no/such/page' })
    expect(frame).toBe('not-found')
    expect(html).toContain('<header class="site-header">')
    expect(html).toContain('Acceder')
  })
})
