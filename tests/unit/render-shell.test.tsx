// The page's frame the production server paints before the app's code (web/src/app/shell/render-shell.tsx):
// the app's own layouts, in the page's language, signed out, with the loading state the app shows.
import { describe, expect, it } from 'vitest'
import { renderShell } from '@/app/shell/render-shell'
import type { Agency } from '@contract/generated/model/agency'

const sol = {
  id: 'ag-sol',
  name: 'Viajes <Sol>',
  logo: { images: { original: 'https://cdn.sol.example/logo.png' } },
  color1: '#c2410c',
  color3: '#1e3a5f',
  color4: '#fff7ed',
  css_extra: null,
  email: 'hola@sol.example',
  phone: '+34 910 000 111',
  legal_notice_html: '',
} as unknown as Agency

describe('the page’s frame, rendered on the server', () => {
  it('a public page: the header with the agency’s logo, the language and signing in; the footer; the loading state', async () => {
    const html = await renderShell({ agency: sol, locale: 'en', access: 'public', pathname: '/faq' })
    expect(html).toContain('<header class="site-header">')
    expect(html).toContain('<img class="brand-mark__logo" src="https://cdn.sol.example/logo.png" alt="Viajes &lt;Sol&gt;"/>')
    expect(html).toContain('aria-label="Language: English"')
    expect(html).toContain('href="/auth/login" data-discover="true">Sign in</a>')
    expect(html).toContain('<span class="visually-hidden">Loading…</span>')
    expect(html).toContain('href="/legal" data-discover="true">Legal notice</a>')
    // nothing a CSP of hashes would refuse, nothing of a visitor
    expect(html).not.toMatch(/ style=|<script|on[a-z]+=/)
  })

  it('a page only a customer sees: the account menu, nameless, instead of signing in', async () => {
    const html = await renderShell({ agency: sol, locale: 'es', access: 'customer', pathname: '/booking/b-1' })
    expect(html).toContain('Mi cuenta')
    expect(html).toContain('aria-haspopup="menu"')
    expect(html).not.toContain('Acceder')
    expect(html).not.toContain('b-1')
    expect(html).not.toMatch(/ style=|<script|on[a-z]+=/)
  })

  it('a sign-in page: the bare frame, in Spanish', async () => {
    const html = await renderShell({ agency: sol, locale: 'es', access: 'guest', pathname: '/auth/login' })
    expect(html).toContain('<div class="guest-layout">')
    expect(html).toContain('aria-label="Idioma: Español"')
    expect(html).toContain('<span class="visually-hidden">Cargando…</span>')
    expect(html).not.toContain('site-header')
  })
})
