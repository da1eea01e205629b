// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { compileEarlyReadsScript } from '../../../../web/early-reads-plugin.ts'
import { earlyReadsTags } from '../../../../web/server/early-reads.ts'
import { earlyReads } from '../../../../web/server/page-routes.ts'
import { pageLoader } from '@/app/route-prefetch'
import { PAGE_ROUTES } from '@/config/routes.universal'
import { apiBaseUrl } from '@/lib/api/api-base-url'
import { apiFetch } from '@/lib/api/client'
import {
  EARLY_COOKIE_READ_WAIT_MS,
  EARLY_READ_MAX_AGE_MS,
  earlyReadsSettled,
  fillAddresses,
  SESSION_MARK_ATTRIBUTE,
  takeEarlySession,
} from '@/lib/api/early-reads.universal'
import { setAgencyId, setRequestLanguage, setToken } from '@/lib/api/request-context.universal'
import { initI18n } from '@/lib/i18n/lingui'
import { numberDataStarted } from '@/lib/i18n/number-data.universal'
import { recordWorkers } from '../../support/recording-worker'

// The production server starts a page's first API reads from its HTML (web/server/early-reads.ts, with
// the script compiled from web/src/lib/api/early-reads-script.ts); the app's one client takes those
// answers instead of asking again, only when its request is the same.

// The addresses as the browser's script makes them for the page at `path`.
const filled = (path: string, which: 'always' | 'withToken') => {
  const early = earlyReads(path)!
  return fillAddresses(early[which], early.params, path)
}

describe('which reads a page starts early', () => {
  it('are the route’s, the same for every id: the page’s address fills it in', () => {
    expect(earlyReads('/booking/bkg-1')).toEqual({
      always: ['/auth/config'],
      withToken: ['/booking/:id', '/booking/:id/travel-group', '/auth/profile'],
      params: { id: 1 },
    })
    expect(earlyReads('/booking/bkg-2')).toEqual(earlyReads('/booking/bkg-1'))
    expect(filled('/booking/bkg%2F%C3%B1', 'withToken')).toEqual(['/booking/bkg/ñ', '/booking/bkg/ñ/travel-group', '/auth/profile'])
    // an id the address does not have, or cannot decode: that read is left out
    expect(fillAddresses(['/booking/:id', '/auth/profile'], { id: 1 }, '/booking/%E0%A4%A')).toEqual(['/auth/profile'])
    expect(fillAddresses(['/booking/:id'], { id: 3 }, '/booking/bkg-1')).toEqual([])
    expect(fillAddresses(['/booking/:constructor'], { id: 1 }, '/booking/bkg-1')).toEqual([])
  })

  it('the agency’s config on every page (the first route’s guard needs it), and the four data pages’ own reads', () => {
    expect(earlyReads('/')).toEqual({ always: ['/auth/config'], withToken: ['/booking', '/auth/profile'], params: {} })
    expect(filled('/booking/bkg-1', 'withToken')).toEqual(['/booking/bkg-1', '/booking/bkg-1/travel-group', '/auth/profile'])
    expect(filled('/travelgroup/tg-1', 'always')).toEqual([
      '/auth/config',
      '/travelgroup/tg-1',
      '/travelgroup/tg-1/pack-seats',
      '/travelgroup/tg-1/extras',
      '/travelgroup/tg-1/payment-terms',
    ])
    expect(filled('/travelgroup/tg-1', 'withToken')).toEqual(['/auth/profile'])
    // checkout's first step needs the trip alone: the later steps' reads start once it is drawn (decision 041)
    expect(filled('/travelgroup/tg-1/checkout', 'withToken')).toEqual(['/travelgroup/tg-1', '/travelgroup/tg-1/booking', '/auth/profile'])
    for (const path of ['/faq', '/auth/login', '/booking/bkg-1/payments', '/no-such-page']) {
      expect(earlyReads(path), path).toEqual({ always: ['/auth/config'], withToken: [], params: {} })
    }
  })

  it('are the reads the router starts with the same page’s code', async () => {
    const client = new QueryClient()
    const asked: string[] = []
    vi.spyOn(client, 'prefetchQuery').mockImplementation(async (options) => {
      asked.push(String((options as { queryKey: readonly unknown[] }).queryKey[0]))
    })
    const args = (id: string) => ({ params: { id } }) as unknown as LoaderFunctionArgs
    const loader = (page: string) =>
      pageLoader(
        client,
        PAGE_ROUTES.find((route) => route.page === page)!,
      )
    for (const [page, path] of [
      ['bookings', '/'],
      ['booking', '/booking/bkg-1'],
      ['travel-group', '/travelgroup/tg-1'],
      ['checkout', '/travelgroup/tg-1/checkout'],
    ] as const) {
      asked.length = 0
      await loader(page)!(args(path.split('/')[2] ?? ''))
      const pageOwn = (read: string) => read !== '/auth/profile' && read !== '/auth/config'
      expect([...filled(path, 'always'), ...filled(path, 'withToken')].filter(pageOwn).sort(), path).toEqual([...asked].sort())
    }
    expect(loader('faq')).toBeUndefined()
  })
})

describe('the script and the client', () => {
  const base = apiBaseUrl()
  let script = ''
  beforeAll(async () => {
    script = await compileEarlyReadsScript()
  })
  const tags = (path: string, agency = 'ag-sol') => earlyReadsTags(earlyReads(path)!, agency, base, script)
  // as the browser runs the page's <head>: the data element in the document, then the script
  const runScript = (html: string, path: string) => {
    window.history.replaceState(null, '', path)
    document.head.innerHTML = html
    new Function(document.head.querySelector('script:not([type])')!.textContent!)()
  }
  // the reads start in the tasks after the script's (a zero timeout where there is no scheduler.yield, as here)
  const afterTheScript = () => new Promise((resolve) => setTimeout(resolve, 0))
  let fetchMock: ReturnType<typeof vi.fn>

  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { headers: { 'Content-Type': 'application/json' } }))
    vi.stubGlobal('fetch', fetchMock)
    // a browser without the Cookie Store API: the script reads document.cookie as the page parses (the API's own
    // way is the next block's)
    vi.stubGlobal('cookieStore', undefined)
    setToken('tok-1')
    setAgencyId('ag-sol')
    setRequestLanguage('en')
    document.cookie = 'lang=en; Path=/'
  })
  afterEach(() => {
    document.head.innerHTML = ''
    document.documentElement.removeAttribute(SESSION_MARK_ATTRIBUTE)
    setToken(null)
    delete window.__EARLY_READS__
    delete window.__EARLY_COOKIE_READ__
    document.cookie = 'lang=; Max-Age=0; Path=/'
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('sends what the client would send, and the client takes each answer once instead of asking', async () => {
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    // the session held, marked for the frame drawn before the app (layouts.css)
    expect(document.documentElement.getAttribute(SESSION_MARK_ATTRIBUTE)).toBe('in')
    // nothing fetched in the script's own task (the page's parse): the reads are already offered, started after it
    expect(fetchMock).not.toHaveBeenCalled()
    expect(Object.keys(window.__EARLY_READS__!.reads)).toHaveLength(4)
    await afterTheScript()
    // the config, the booking, its travel group, the profile
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${base}/auth/config`,
      `${base}/booking/bkg-1`,
      `${base}/booking/bkg-1/travel-group`,
      `${base}/auth/profile`,
    ])
    const [, init] = fetchMock.mock.calls[1]! as [string, RequestInit]
    expect(init.headers).toEqual({ agencyId: 'ag-sol', 'Accept-Language': 'en', Authorization: 'Bearer tok-1' })

    expect(await apiFetch('/booking/bkg-1')).toEqual({ url: `${base}/booking/bkg-1` })
    expect(await apiFetch('/auth/config')).toEqual({ url: `${base}/auth/config` })
    expect(fetchMock).toHaveBeenCalledTimes(4)
    // a second read of the same address is the client's own
    await apiFetch('/booking/bkg-1')
    expect(fetchMock).toHaveBeenCalledTimes(5)
  })

  it('starts one read per task, in the page’s order, so no read lengthens another’s task', async () => {
    // Chromium's scheduler.yield(), each resumption a task of its own, let go one by one here
    const resumptions: (() => void)[] = []
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => resumptions.push(resolve)) })
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    expect(resumptions).toHaveLength(4)
    const started: number[] = []
    for (const resume of resumptions) {
      resume()
      await Promise.resolve()
      started.push(fetchMock.mock.calls.length)
    }
    expect(started).toEqual([1, 2, 3, 4])
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${base}/auth/config`,
      `${base}/booking/bkg-1`,
      `${base}/booking/bkg-1/travel-group`,
      `${base}/auth/profile`,
    ])
  })

  it('hands the app the session and the language it read, once, while its reads are fresh', async () => {
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    const at = window.__EARLY_READS__!.at
    expect(takeEarlySession(at + 1000)).toEqual({ token: 'tok-1', language: 'en', until: at + EARLY_READ_MAX_AGE_MS })
    // taken: a second start (or a later caller) reads the stores itself
    expect(takeEarlySession(at + 1000)).toBeNull()

    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    expect(takeEarlySession(window.__EARLY_READS__!.at + EARLY_READ_MAX_AGE_MS + 1)).toBeNull()
    await afterTheScript()
  })

  it('another language, session or a late read: the client asks itself', async () => {
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    await afterTheScript()
    setRequestLanguage('es')
    await apiFetch('/booking/bkg-1')
    expect(fetchMock).toHaveBeenCalledTimes(5)

    setRequestLanguage('en')
    setToken('tok-2')
    await apiFetch('/booking/bkg-1/travel-group')
    expect(fetchMock).toHaveBeenCalledTimes(6)

    setToken('tok-1')
    window.__EARLY_READS__!.at -= EARLY_READ_MAX_AGE_MS + 1
    await apiFetch('/auth/profile')
    expect(fetchMock).toHaveBeenCalledTimes(7)
  })

  it('a failed early read is asked again; without a session a signed-in page starts only the config', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network'))
    runScript(tags('/travelgroup/tg-1'), '/travelgroup/tg-1')
    await afterTheScript()
    // the config, the group and its three reads, the profile; the config's failed
    expect(fetchMock).toHaveBeenCalledTimes(6)
    expect(await apiFetch('/auth/config')).toEqual({ url: `${base}/auth/config` })
    expect(await apiFetch('/travelgroup/tg-1')).toEqual({ url: `${base}/travelgroup/tg-1` })
    expect(fetchMock).toHaveBeenCalledTimes(7)

    delete window.__EARLY_READS__
    setToken(null)
    fetchMock.mockClear()
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    expect(document.documentElement.getAttribute(SESSION_MARK_ATTRIBUTE)).toBe('out')
    await afterTheScript()
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${base}/auth/config`])
    expect(Object.keys(window.__EARLY_READS__!.reads)).toEqual([`${base}/auth/config`])
  })

  it('reads the cookies without blocking where the browser can, and the app starts once they are read', async () => {
    // the Cookie Store API: its answer comes in a task of its own, the page's parse goes on meanwhile
    let answer: (cookies: { name: string; value: string }[]) => void = () => {}
    const getAll = vi.fn(() => new Promise<{ name: string; value: string }[]>((resolve) => (answer = resolve)))
    vi.stubGlobal('cookieStore', { getAll })
    const cookieReads = vi.spyOn(document, 'cookie', 'get')
    setToken(null)
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    expect(getAll).toHaveBeenCalledTimes(1)
    expect(window.__EARLY_READS__).toBeUndefined()
    // the frame's header shows neither guess until the cookies are read (layouts.css)
    expect(document.documentElement.getAttribute(SESSION_MARK_ATTRIBUTE)).toBe('pending')
    let started = false
    const app = earlyReadsSettled().then(() => (started = true))
    await Promise.resolve()
    expect(started).toBe(false)

    answer([
      { name: 'lang', value: 'en' },
      { name: 'auth._token.local', value: 'tok-store' },
    ])
    await app
    await afterTheScript()
    // the session and the language from the store's answer; document.cookie never read
    expect(cookieReads).not.toHaveBeenCalled()
    expect(document.documentElement.getAttribute(SESSION_MARK_ATTRIBUTE)).toBe('in')
    expect(fetchMock).toHaveBeenCalledTimes(4)
    const [, init] = fetchMock.mock.calls[1]! as [string, RequestInit]
    expect(init.headers).toEqual({ agencyId: 'ag-sol', 'Accept-Language': 'en', Authorization: 'Bearer tok-store' })
    expect(takeEarlySession()).toMatchObject({ token: 'tok-store', language: 'en' })
  })

  it('a cookie read the app stopped waiting for starts nothing: the app asks for its data itself', async () => {
    vi.useFakeTimers()
    let answer: (cookies: { name: string; value: string }[]) => void = () => {}
    vi.stubGlobal('cookieStore', { getAll: () => new Promise<{ name: string; value: string }[]>((resolve) => (answer = resolve)) })
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    const app = earlyReadsSettled()
    await vi.advanceTimersByTimeAsync(EARLY_COOKIE_READ_WAIT_MS)
    await app
    answer([{ name: 'auth._token.local', value: 'tok-1' }])
    await vi.runAllTimersAsync()
    expect(window.__EARLY_READS__).toBeUndefined()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('the app waits for nothing when the script read the cookies as the page parsed, or there is no script', async () => {
    await expect(earlyReadsSettled()).resolves.toBeUndefined()
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    expect(window.__EARLY_COOKIE_READ__).toBeUndefined()
    await expect(earlyReadsSettled()).resolves.toBeUndefined()
    await afterTheScript()
  })

  it('starts the number-data worker as the page parses, in the language the page is drawn in, once; the app then starts none', async () => {
    const workers = recordWorkers()
    // drawn in Spanish by the server; the cookie (English) is not waited for
    document.documentElement.lang = 'es'
    document.documentElement.setAttribute('data-server-lang', '')
    const cookieRead = vi.fn(() => new Promise<never>(() => {}))
    vi.stubGlobal('cookieStore', { getAll: cookieRead })
    runScript(tags('/booking/bkg-1'), '/booking/bkg-1')
    expect(cookieRead).toHaveBeenCalled()
    expect(workers).toMatchObject([{ url: expect.stringMatching(/^data:text\/javascript,/), options: { name: 'number-data' }, posted: ['es'] }])
    expect(workers).toHaveLength(1)
    expect(numberDataStarted()).toBe(true)
    await initI18n('en')
    expect(workers).toHaveLength(1)
    delete window.__NUMBER_DATA_STARTED__
    document.documentElement.removeAttribute('data-server-lang')
    document.documentElement.lang = ''
    delete window.__EARLY_COOKIE_READ__
  })

  it('the agency and the API base come from the server, never the token', () => {
    const html = tags('/booking/bkg-1', 'ag-</script>')
    expect(html).not.toContain('tok-1')
    // the data element's and the script's own ends, no third
    expect(html.match(/<\/script>/g)).toHaveLength(2)
  })
})
