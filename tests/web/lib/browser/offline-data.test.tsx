// @vitest-environment happy-dom
// What decides offline behaviour (issue 16): which files the worker keeps, which reads are saved, how the
// app learns it starts offline, and what a loading place says with no network.
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/query-persist-client-core'
import { act, screen } from '@testing-library/react'
import { createMemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createGuards } from '@/app/guards'
import { keepQueriesOffline, SAVE_DELAY_MS } from '@/app/background/offline-queries'
import { pageLoader } from '@/app/route-prefetch'
import { PageSpinner } from '@/components/status/page-spinner'
import { Spinner } from '@/components/status/spinner'
import { isCustomerFilePath } from '@/lib/browser/offline-caches'
import { OFFLINE_BUSTER, persistableQuery, queryPersister } from '@/lib/browser/offline-data'
import { setToken } from '@/lib/api/request-context.universal'
import { startFromBrowserNetworkState } from '@/lib/browser/network-status'
import type { PageRoute } from '@/config/routes.universal'
import { renderWithApp } from '../../support/render'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('the files the service worker keeps for offline reading', () => {
  it('are the invoice and authorization PDFs and uploaded documents', () => {
    expect(isCustomerFilePath('/booking/bkg-1/invoice/inv-7/render')).toBe(true)
    expect(isCustomerFilePath('/booking/bkg-1/authorization/render')).toBe(true)
    expect(isCustomerFilePath('/file/f-3c9a1e.pdf')).toBe(true)
  })

  it('are not the API reads (TanStack Query saves those) nor anything else', () => {
    for (const path of [
      '/booking/bkg-1',
      '/booking/bkg-1/invoice',
      '/booking/bkg-1/invoice/inv-7',
      '/file',
      '/file/a/b',
      '/booking/bkg-1/authorization',
      '/raffle/ballot/1',
    ]) {
      expect(isCustomerFilePath(path), path).toBe(false)
    }
  })
})

describe('the reads saved for offline', () => {
  const client = new QueryClient()
  const queryWith = (key: string, data: unknown) => {
    client.setQueryData([key], data)
    return client.getQueryCache().find({ queryKey: [key] })!
  }

  it('are the answered reads of a signed-in customer', () => {
    expect(persistableQuery(() => true)(queryWith('/booking/b1', { id: 'b1' }))).toBe(true)
    expect(persistableQuery(() => false)(queryWith('/booking/b1', { id: 'b1' }))).toBe(false)
  })

  it('leave out binary answers and reads that have no answer', () => {
    expect(persistableQuery(() => true)(queryWith('/raffle/ballot/1', new Blob(['<svg/>'])))).toBe(false)
    client.getQueryCache().build(client, { queryKey: ['/never-answered'] })
    expect(persistableQuery(() => true)(client.getQueryCache().find({ queryKey: ['/never-answered'] })!)).toBe(false)
  })

  it('come back counting as old; what the page read while they came back stays as it is', async () => {
    // start-up no longer waits for them before React takes the page's frame over (decision 036): the header's
    // profile may be read meanwhile, and it must not be taken for a saved read
    setToken('tok_1')
    onTestFinished(() => setToken(null))
    let comeBack: (saved: PersistedClient) => void = () => undefined
    vi.spyOn(queryPersister, 'restoreClient').mockReturnValue(new Promise((resolve) => (comeBack = resolve)))
    vi.spyOn(queryPersister, 'persistClient').mockResolvedValue(undefined)
    const earlier = new QueryClient()
    earlier.setQueryData(['/booking/b1'], { id: 'b1' }, { updatedAt: Date.now() - 60_000 })
    const pageClient = new QueryClient()
    const restored = keepQueriesOffline(pageClient)
    pageClient.setQueryData(['/auth/profile'], { name: 'Ana' })
    comeBack({ timestamp: Date.now(), buster: OFFLINE_BUSTER, clientState: dehydrate(earlier) })
    await restored
    expect(pageClient.getQueryData(['/booking/b1'])).toEqual({ id: 'b1' })
    expect(pageClient.getQueryState(['/booking/b1'])?.isInvalidated).toBe(true)
    expect(pageClient.getQueryState(['/auth/profile'])?.isInvalidated).toBe(false)
    // its save, still waiting, goes now: the page's listeners stay for the next tests
    window.dispatchEvent(new Event('pagehide'))
  })

  it('are saved once a page has settled, not on every change, and at once when the page is hidden', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const saved = vi.spyOn(queryPersister, 'persistClient').mockResolvedValue(undefined)
    const pageClient = new QueryClient()
    await keepQueriesOffline(pageClient)
    for (const id of ['b1', 'b2', 'b3']) pageClient.setQueryData([`/booking/${id}`], { id })
    expect(saved).not.toHaveBeenCalled()
    vi.advanceTimersByTime(SAVE_DELAY_MS)
    expect(saved).toHaveBeenCalledTimes(1)

    pageClient.setQueryData(['/booking/b4'], { id: 'b4' })
    window.dispatchEvent(new Event('pagehide'))
    expect(saved).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(SAVE_DELAY_MS)
    expect(saved).toHaveBeenCalledTimes(2)
    vi.useRealTimers()
  })
})

describe('starting with no network', () => {
  it('the app starts offline when the browser says so, and one answer proves it wrong', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    let answer: (value: Response) => void = () => undefined
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
    vi.stubGlobal('fetch', fetch)
    startFromBrowserNetworkState()
    expect(onlineManager.isOnline()).toBe(false)
    expect(fetch).toHaveBeenCalledWith('/manifest.webmanifest', { method: 'HEAD', cache: 'no-store' })
    answer(new Response(null, { status: 404 }))
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(true))
  })

  it('stays offline when the probe gets no answer, and asks nothing when the browser is online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    startFromBrowserNetworkState()
    await Promise.resolve()
    expect(onlineManager.isOnline()).toBe(false)

    onlineManager.setOnline(true)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    startFromBrowserNetworkState()
    expect(fetch).not.toHaveBeenCalled()
    expect(onlineManager.isOnline()).toBe(true)
  })
})

describe('opening a page offline', () => {
  it('does not wait for a read that needs the network: the page shows what was kept', async () => {
    const client = new QueryClient()
    const queryFn = vi.fn(() => new Promise(() => undefined))
    const route = { awaits: () => ({ queryKey: ['/booking/b1'], queryFn }) } as unknown as PageRoute
    const loader = pageLoader(client, route)!
    onlineManager.setOnline(false)
    await expect(loader({ params: { id: 'b1' } } as never)).resolves.toBeNull()
    expect(queryFn).not.toHaveBeenCalled()
  })

  it('carries on past the maintenance check when no config was kept', async () => {
    onlineManager.setOnline(false)
    const client = new QueryClient()
    const guards = createGuards(client)
    const router = createMemoryRouter([{ path: '/faq', middleware: guards('maintenance'), Component: () => null }], { initialEntries: ['/faq'] })
    await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true))
    expect(router.state.location.pathname).toBe('/faq')
  })
})

describe('a loading place with no network', () => {
  it('says plainly that this was not kept, in Spanish and English, instead of spinning', async () => {
    onlineManager.setOnline(false)
    const { unmount } = await renderWithApp(<PageSpinner label="Cargando tus reservas…" />)
    const note = screen.getByText('Esto no está guardado para verlo sin conexión. Se cargará cuando vuelvas a tener conexión.')
    expect(note.getAttribute('role')).toBe('status')
    expect(screen.queryByText('Cargando tus reservas…')).toBeNull()
    unmount()
    await renderWithApp(<Spinner />, 'en')
    expect(screen.getByText('This isn’t saved for viewing offline. It will load when you’re back online.').getAttribute('role')).toBe('status')
  })

  it('spins for work done on the device, and again once the network is back', async () => {
    onlineManager.setOnline(false)
    await renderWithApp(
      <>
        <Spinner label="Preparando el código QR…" readsFromNetwork={false} />
        <Spinner label="Cargando los avisos…" />
      </>,
    )
    expect(screen.getByText('Preparando el código QR…')).toBeTruthy()
    expect(screen.queryByText('Cargando los avisos…')).toBeNull()
    act(() => onlineManager.setOnline(true))
    expect(screen.getByText('Cargando los avisos…')).toBeTruthy()
    expect(screen.queryByText(/Esto no está guardado/)).toBeNull()
  })
})
