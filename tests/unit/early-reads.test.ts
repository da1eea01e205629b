// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routeParams, routeTable } from '../../web/route-table.ts'
import { earlyReads, earlyReadsScript } from '../../web/server/early-reads.ts'
import { createRoutePrefetch } from '@/app/route-prefetch'
import { apiBaseUrl, apiFetch } from '@/lib/api/client'
import { EARLY_READ_MAX_AGE_MS } from '@/lib/api/early-reads'
import { setAgencyId, setRequestLanguage, setToken } from '@/lib/api/request-context'

// The production server starts a page's first API reads from its HTML (web/server/early-reads.ts);
// the app's one client takes those answers instead of asking again, only when its request is the same.

// (vitest runs from the repository's root)
const routes = routeTable(readFileSync(resolve('web/src/app/router.tsx'), 'utf8'))

describe('which reads a page starts early', () => {
  it('the four data pages; nothing for the others; nothing for an odd address', () => {
    expect(earlyReads('/', routes)).toEqual({ always: [], withToken: ['/booking', '/auth/profile'] })
    expect(earlyReads('/booking/bkg-1', routes)).toEqual({ always: [], withToken: ['/booking/bkg-1', '/booking/bkg-1/travel-group', '/auth/profile'] })
    expect(earlyReads('/travelgroup/tg-1', routes)?.always).toEqual([
      '/travelgroup/tg-1',
      '/travelgroup/tg-1/pack-seats',
      '/travelgroup/tg-1/extras',
      '/travelgroup/tg-1/payment-terms',
    ])
    expect(earlyReads('/travelgroup/tg-1', routes)?.withToken).toEqual(['/auth/profile'])
    expect(earlyReads('/travelgroup/tg-1/checkout', routes)?.withToken).toHaveLength(7)
    expect(earlyReads('/faq', routes)).toBeNull()
    expect(earlyReads('/auth/login', routes)).toBeNull()
    expect(earlyReads('/booking/a%2Fb', routes)).toBeNull()
    expect(routeParams('travelgroup/:id/checkout', '/travelgroup/tg%20x/checkout')).toEqual({ id: 'tg x' })
    expect(routeParams('booking/:id?/payments', '/booking/b-1/payments')).toEqual({ id: 'b-1' })
    expect(routeParams('booking/:id?/payments', '/booking/payments')).toEqual({})
    expect(routeParams('booking/:id', '/faq')).toBeNull()
  })

  it('are the reads the router starts for the same page (app/route-prefetch.ts)', async () => {
    const client = new QueryClient()
    const asked: string[] = []
    vi.spyOn(client, 'prefetchQuery').mockImplementation(async (options) => {
      asked.push(String((options as { queryKey: readonly unknown[] }).queryKey[0]))
    })
    const prefetch = createRoutePrefetch(client)
    const args = (id: string) => ({ params: { id } }) as unknown as LoaderFunctionArgs
    const cases: [string, () => unknown][] = [
      ['/', () => prefetch.bookings()],
      ['/booking/bkg-1', () => prefetch.booking(args('bkg-1'))],
      ['/travelgroup/tg-1', () => prefetch.travelGroup(args('tg-1'))],
      ['/travelgroup/tg-1/checkout', () => prefetch.checkout(args('tg-1'))],
    ]
    for (const [path, run] of cases) {
      asked.length = 0
      await run()
      const early = earlyReads(path, routes)!
      expect([...early.always, ...early.withToken].filter((p) => p !== '/auth/profile').sort(), path).toEqual([...asked].sort())
    }
  })
})

describe('the script and the client', () => {
  const base = apiBaseUrl()
  const runScript = (html: string) => {
    const code = /<script nonce="n">([\s\S]*)<\/script>/.exec(html)![1]!
    new Function(code)()
  }
  let fetchMock: ReturnType<typeof vi.fn>

  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { headers: { 'Content-Type': 'application/json' } }))
    vi.stubGlobal('fetch', fetchMock)
    setToken('tok-1')
    setAgencyId('ag-sol')
    setRequestLanguage('en')
    document.cookie = 'lang=en; Path=/'
  })
  afterEach(() => {
    setToken(null)
    delete window.__EARLY_READS__
    document.cookie = 'lang=; Max-Age=0; Path=/'
  })

  it('sends what the client would send, and the client takes each answer once instead of asking', async () => {
    runScript(earlyReadsScript(earlyReads('/booking/bkg-1', routes)!, 'ag-sol', base, 'n'))
    expect(fetchMock).toHaveBeenCalledTimes(3)
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit]
    expect(url).toBe(`${base}/booking/bkg-1`)
    expect(init.headers).toEqual({ agencyId: 'ag-sol', 'Accept-Language': 'en', Authorization: 'Bearer tok-1' })

    expect(await apiFetch('/booking/bkg-1')).toEqual({ url: `${base}/booking/bkg-1` })
    expect(fetchMock).toHaveBeenCalledTimes(3)
    // a second read of the same address is the client's own
    await apiFetch('/booking/bkg-1')
    expect(fetchMock).toHaveBeenCalledTimes(4)
  })

  it('another language, session or a late read: the client asks itself', async () => {
    runScript(earlyReadsScript(earlyReads('/booking/bkg-1', routes)!, 'ag-sol', base, 'n'))
    setRequestLanguage('es')
    await apiFetch('/booking/bkg-1')
    expect(fetchMock).toHaveBeenCalledTimes(4)

    setRequestLanguage('en')
    setToken('tok-2')
    await apiFetch('/booking/bkg-1/travel-group')
    expect(fetchMock).toHaveBeenCalledTimes(5)

    setToken('tok-1')
    window.__EARLY_READS__!.at -= EARLY_READ_MAX_AGE_MS + 1
    await apiFetch('/auth/profile')
    expect(fetchMock).toHaveBeenCalledTimes(6)
  })

  it('a failed early read is asked again; without a session a signed-in page starts nothing', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network'))
    runScript(earlyReadsScript(earlyReads('/travelgroup/tg-1', routes)!, 'ag-sol', base, 'n'))
    expect(await apiFetch('/travelgroup/tg-1')).toEqual({ url: `${base}/travelgroup/tg-1` })
    expect(fetchMock).toHaveBeenCalledTimes(6)

    delete window.__EARLY_READS__
    setToken(null)
    fetchMock.mockClear()
    runScript(earlyReadsScript(earlyReads('/booking/bkg-1', routes)!, 'ag-sol', base, 'n'))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(window.__EARLY_READS__).toBeUndefined()
  })

  it('the agency and the API base come from the server, never the token', () => {
    const html = earlyReadsScript(earlyReads('/booking/bkg-1', routes)!, 'ag-</script>', base, 'n')
    expect(html).not.toContain('tok-1')
    expect(html.match(/<\/script>/g)).toHaveLength(1)
  })
})
