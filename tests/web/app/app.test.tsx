// @vitest-environment happy-dom
// The browser hydrates the frame the production server drew (web/src/app/shell/render-shell.tsx, web/src/main.tsx):
// its first render must be the server's markup exactly, or React throws the frame away (a recoverable error)
// or keeps attributes that are wrong (a warning in development). Each kind of page, each language, and with
// what only the browser has at start-up: a token, a profile kept from an earlier visit.
import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '@/app/app'
import { createQueryClient } from '@/app/query-client'
import { createRoutes } from '@/app/router'
import { renderShell } from '@/app/shell/render-shell'
import { getGetProfileQueryKey } from '@/lib/api/generated/endpoints/auth/auth'
import { SESSION_MARK_ATTRIBUTE } from '@/lib/api/early-reads.universal'
import { setToken } from '@/lib/api/request-context.universal'
import { detectLocale, type Locale, SERVER_LANG_ATTRIBUTE } from '@/lib/i18n/locales.universal'
import { solAgency } from '../support/agency-fixture'

const sol = solAgency

// The renders of the router's tree (every page is in it).
const routerRenders = vi.hoisted(() => ({ count: 0 }))
vi.mock('react-router/dom', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-router/dom')>()
  return {
    ...original,
    RouterProvider: (props: Parameters<typeof original.RouterProvider>[0]) => {
      routerRenders.count += 1
      return original.RouterProvider(props)
    },
  }
})

beforeEach(() => {
  // what the app reads once it runs (the config, the profile) never answers here: only the first render counts
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}))
})

afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.removeAttribute(SESSION_MARK_ATTRIBUTE)
  setToken(null)
})

/** The server's frame in a page, then the browser's app hydrating it, its first navigation held as main.tsx holds it. */
async function hydrate(
  pathname: string,
  locale: Locale,
  before: (client: ReturnType<typeof createQueryClient>) => void = () => {},
  onFirstCommit: () => void = () => {},
) {
  const { markup } = renderShell({ agency: sol, locale, pathname })
  const root = document.createElement('div')
  root.innerHTML = markup
  document.body.append(root)
  const painted = [...root.querySelectorAll('*')]
  const queryClient = createQueryClient()
  before(queryClient)
  const router = createMemoryRouter(createRoutes(queryClient, { firstNavigationAfter: new Promise<void>(() => {}) }), { initialEntries: [pathname] })
  const recoverable: unknown[] = []
  const consoleError = vi.spyOn(console, 'error')
  const hydrated = vi.fn(onFirstCommit)
  await act(async () => {
    hydrateRoot(root, <App router={router} queryClient={queryClient} onFirstCommit={hydrated} />, { onRecoverableError: (error) => recoverable.push(error) })
  })
  router.dispose()
  return { root, painted, recoverable, consoleErrors: consoleError.mock.calls.map((call) => String(call[0])), hydrated }
}

describe('the browser hydrates the server’s frame', () => {
  // A customer's page is opened signed in (signed out, the router sends the visitor to sign in); the others
  // signed out, as the server draws them (signed in, the header's "Acceder" becomes the account menu after).
  it.each([
    ['/auth/login', 'es', false],
    ['/auth/login', 'en', false],
    ['/', 'es', true],
    ['/booking/bkg-1', 'en', true],
    ['/travelgroup/tg-1/checkout', 'es', true],
    ['/travelgroup/tg-1', 'en', false],
    ['/travelgroup', 'es', false],
    ['/faq', 'es', false],
    ['/legal', 'en', false],
    ['/payment/pay-1', 'es', true],
    ['/no/such/page', 'es', false],
  ] as const)('%s in %s: the same elements, kept; no mismatch', async (pathname, locale, signedIn) => {
    if (signedIn) setToken('a-token')
    const { root, painted, recoverable, consoleErrors, hydrated } = await hydrate(pathname, locale)
    expect(recoverable).toEqual([])
    expect(consoleErrors.filter((text) => /hydrat|did not match|didn't match/i.test(text))).toEqual([])
    expect(hydrated).toHaveBeenCalledTimes(1)
    // every element the server painted is still in the page: adopted, not replaced
    expect(painted.length).toBeGreaterThan(5)
    expect(painted.every((element) => root.contains(element))).toBe(true)
  })

  it('a customer signed in, their profile kept from an earlier visit: hydrated as drawn, then their name', async () => {
    setToken('kept-token')
    const { root, painted, recoverable, consoleErrors } = await hydrate('/', 'es', (client) =>
      client.setQueryData(getGetProfileQueryKey(), { name: 'Ana', surname: 'García', email: 'ana@example.com' }),
    )
    expect(recoverable).toEqual([])
    expect(consoleErrors.filter((text) => /hydrat|did not match|didn't match/i.test(text))).toEqual([])
    expect(painted.every((element) => root.contains(element))).toBe(true)
    // right after hydrating, what only the browser knew
    expect(root.querySelector('[aria-haspopup="menu"]:not([aria-label^="Idioma"])')?.textContent).toContain('Ana')
  })

  it('a public page opened signed in: the frame says "Acceder", the page’s mark hides it, and the first render with the session draws the account menu and drops the mark', async () => {
    setToken('kept-token')
    // what the page's script (lib/api/early-reads.universal.ts) writes before anything is painted
    document.documentElement.setAttribute(SESSION_MARK_ATTRIBUTE, 'in')
    const { markup } = renderShell({ agency: sol, locale: 'es', pathname: '/travelgroup/tg-1' })
    expect(markup).toContain('site-header__signin')
    const { root, recoverable } = await hydrate('/travelgroup/tg-1', 'es')
    expect(recoverable).toEqual([])
    expect(root.querySelector('.site-header__signin')).toBeNull()
    expect(root.querySelector('.user-menu [aria-haspopup="menu"]')).not.toBeNull()
    expect(document.documentElement.hasAttribute(SESSION_MARK_ATTRIBUTE)).toBe(false)
  })

  it('once hydrated, only what reads the browser’s own state is drawn again, not the page', async () => {
    setToken('kept-token')
    let atHydration = 0
    const { root, recoverable } = await hydrate(
      '/travelgroup/tg-1',
      'es',
      () => {},
      () => (atHydration = routerRenders.count),
    )
    expect(recoverable).toEqual([])
    // the header's account menu, drawn with the session after the hydration…
    expect(root.querySelector('.user-menu [aria-haspopup="menu"]')).not.toBeNull()
    // …without the router's tree: drawn again at once after the hydration, it was a blocking render of 8–14 ms on a
    // desktop, over 50 ms on a low-tier phone
    expect(atHydration).toBeGreaterThan(0)
    expect(routerRenders.count).toBe(atHydration)
  })

  /** React's recoverable errors when the browser at `pathname` hydrates a frame drawn for `drawnFor`. */
  async function hydrateOtherFrame(drawnFor: string, pathname: string) {
    const root = document.createElement('div')
    root.innerHTML = renderShell({ agency: sol, locale: 'es', pathname: drawnFor }).markup
    document.body.append(root)
    const queryClient = createQueryClient()
    const router = createMemoryRouter(createRoutes(queryClient, { firstNavigationAfter: new Promise<void>(() => {}) }), { initialEntries: [pathname] })
    const recoverable: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(async () => {
      hydrateRoot(root, <App router={router} queryClient={queryClient} />, { onRecoverableError: (error) => recoverable.push(error) })
    })
    router.dispose()
    return recoverable
  }

  it('a frame for another page of the same kind is not this page’s first render either: each page draws its own skeleton', async () => {
    // what main.tsx compares with the page the router matched before hydrating
    expect([renderShell({ agency: sol, locale: 'es', pathname: '/faq' }).frame, renderShell({ agency: sol, locale: 'es', pathname: '/legal' }).frame]).toEqual([
      'faq',
      'legal',
    ])
    expect((await hydrateOtherFrame('/faq', '/legal')).length).toBeGreaterThan(0)
  })

  it('a frame for another kind of page is not this page’s first render (main.tsx replaces it instead)', async () => {
    expect((await hydrateOtherFrame('/auth/login', '/faq')).length).toBeGreaterThan(0)
  })
})

describe('a data page’s first paint, drawn by the server before its code and data', () => {
  const frameOf = (pathname: string, locale: Locale) => {
    const root = document.createElement('div')
    root.innerHTML = renderShell({ agency: sol, locale, pathname }).markup
    return root
  }
  const heading = (root: HTMLElement) => root.querySelector('main h1')?.textContent ?? null
  const status = (root: HTMLElement) => root.querySelector('main [role="status"]')?.textContent ?? null
  const shapes = (root: HTMLElement) => [...root.querySelectorAll('main .skeleton')].map((element) => element.className.replace('skeleton skeleton--', ''))

  it.each([
    ['/', 'es', 'Mis reservas', 'Cargando tus reservas…'],
    ['/', 'en', 'My bookings', 'Loading your bookings…'],
    ['/travelgroup', 'es', 'Viajes', 'Cargando los viajes…'],
    ['/travelgroup/tg-1/checkout', 'es', 'Reserva tu plaza', 'Cargando la reserva…'],
    ['/travelgroup/tg-1/checkout', 'en', 'Book your place', 'Loading the booking…'],
    ['/faq', 'en', 'FAQ', 'Loading…'],
  ] as const)('%s in %s: the page’s own title, in the page’s language, and it says it is loading', (pathname, locale, title, loading) => {
    const root = frameOf(pathname, locale)
    expect(heading(root)).toBe(title)
    expect(status(root)).toBe(loading)
    // the shape of what is to come is not read out
    expect(shapes(root).length).toBeGreaterThan(0)
    expect([...root.querySelectorAll('main .skeleton')].every((element) => element.closest('[aria-hidden="true"]'))).toBe(true)
  })

  it('a page whose title is its data (a trip, a booking): no heading yet, the shape of one, and the loading said', () => {
    const trip = frameOf('/travelgroup/tg-1', 'es')
    expect(heading(trip)).toBeNull()
    expect(status(trip)).toBe('Cargando el viaje…')
    expect(shapes(trip)).toEqual(['hero', 'card'])
    const booking = frameOf('/booking/bkg-1', 'en')
    expect(heading(booking)).toBeNull()
    expect(status(booking)).toBe('Loading the booking…')
    expect(shapes(booking)).toContain('tabs')
  })

  it('the sign-in frame’s other pages (a link being checked) keep a spinner', () => {
    const root = frameOf('/login', 'es')
    expect(root.querySelector('main .skeleton')).toBeNull()
    expect(root.querySelector('main .spinner')).not.toBeNull()
  })
})

describe('the sign-in form, drawn by the server', () => {
  it('what was typed (or filled in by a password manager) before the app ran is what it sends', async () => {
    const { markup } = renderShell({ agency: sol, locale: 'es', pathname: '/auth/login' })
    const root = document.createElement('div')
    root.innerHTML = markup
    document.body.append(root)
    const email = root.querySelector<HTMLInputElement>('input[type="email"]')!
    email.value = 'ana.garcia@example.com'
    const queryClient = createQueryClient()
    const router = createMemoryRouter(createRoutes(queryClient, { firstNavigationAfter: new Promise<void>(() => {}) }), { initialEntries: ['/auth/login'] })
    const sent: string[] = []
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      sent.push(input instanceof Request ? input.url : String(input))
      return new Promise<Response>(() => {})
    })
    await act(async () => {
      hydrateRoot(root, <App router={router} queryClient={queryClient} />)
    })
    const send = root.querySelector<HTMLButtonElement>('button[type="submit"]')!
    expect(send.disabled).toBe(false)
    await act(async () => send.click())
    expect(root.querySelector<HTMLInputElement>('input[type="email"]')).toBe(email)
    expect(email.value).toBe('ana.garcia@example.com')
    expect(root.textContent).not.toContain('Debes introducir tu email')
    // sent once the busy button is drawn
    await vi.waitFor(() => expect(sent.some((url) => url.endsWith('/auth/remember'))).toBe(true))
    router.dispose()
  })
})

describe('the page’s language, as the server drew it', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(SERVER_LANG_ATTRIBUTE)
    document.documentElement.lang = ''
  })

  it('stays for a browser whose own languages say otherwise (a headless one sends no Accept-Language); the cookie still wins', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US'])
    // a page of the development server: no language chosen for it, the browser's
    document.documentElement.lang = 'es'
    expect(detectLocale()).toBe('en')
    // a page the production server drew in Spanish
    document.documentElement.setAttribute(SERVER_LANG_ATTRIBUTE, '')
    expect(detectLocale()).toBe('es')
    document.cookie = 'lang=en; Path=/'
    expect(detectLocale()).toBe('en')
  })
})
