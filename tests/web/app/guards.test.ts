// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, type RouteObject } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGuards } from '@/app/guards'
import { pageShouldRevalidate } from '@/app/route-prefetch'
import { getGetConfigQueryKey } from '@/lib/api/generated/endpoints/auth/auth'
import { setToken } from '@/lib/api/request-context.universal'
import { RETURN_TO_KEY } from '@/lib/domain/session'

const Page = () => null

const routesWith = (client: QueryClient, order: string[] = [], reads: string[] = []): RouteObject[] => {
  const guards = createGuards(client)
  const traced = (name: 'maintenance' | 'auth' | 'i18n') =>
    guards(name).map(
      (guard) =>
        (async (args, next) => {
          order.push(name)
          return guard(args, next)
        }) as typeof guard,
    )
  return [
    {
      path: '/',
      middleware: traced('maintenance'),
      children: [
        { path: 'maintenance', Component: Page },
        { path: 'auth/login', Component: Page },
        { path: 'faq', middleware: traced('i18n'), Component: Page },
        {
          middleware: [...traced('auth'), ...traced('i18n')],
          children: [
            { index: true, Component: Page },
            // a page's first reads, as app/router.tsx gives them to a page
            {
              path: 'booking/:id',
              Component: Page,
              loader: ({ params }) => (reads.push(params.id ?? ''), null),
              shouldRevalidate: pageShouldRevalidate,
            },
          ],
        },
        { path: 'broken', middleware: guards('nonsense'), Component: Page },
      ],
    },
  ]
}

const settle = async (router: ReturnType<typeof createMemoryRouter>) => {
  await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true))
  return router.state
}

const start = async (client: QueryClient, path: string, order?: string[]) => settle(createMemoryRouter(routesWith(client, order), { initialEntries: [path] }))

const withConfig = (maintenance: boolean) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(getGetConfigQueryKey(), { maintenance, build: 'b1' })
  return client
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => setToken(null))

describe('route guards', () => {
  it('run in the order maintenance, auth, i18n', async () => {
    setToken('tok_1')
    const order: string[] = []
    const state = await start(withConfig(false), '/booking/b1', order)
    expect(state.location.pathname).toBe('/booking/b1')
    expect(order).toEqual(['maintenance', 'auth', 'i18n'])
  })

  it('maintenance on sends every page to /maintenance, before asking for sign-in', async () => {
    for (const path of ['/', '/faq', '/booking/b1', '/auth/login']) {
      const state = await start(withConfig(true), path)
      expect(state.location.pathname).toBe('/maintenance')
    }
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull()
  })

  it('maintenance off sends /maintenance home', async () => {
    setToken('tok_1')
    expect((await start(withConfig(false), '/maintenance')).location.pathname).toBe('/')
  })

  it('a failed config read is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const state = await start(client, '/faq')
    expect(state.location.pathname).toBe('/faq')
    expect(state.errors).toBeNull()
    expect(warn).toHaveBeenCalled()
  })

  it('auth: without a token, to sign-in, remembering path and query (not in the URL)', async () => {
    const state = await start(withConfig(false), '/booking/b1?tab=payments')
    expect(state.location.pathname).toBe('/auth/login')
    expect(state.location.search).toBe('')
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/booking/b1?tab=payments')
  })

  it('a change of the query alone (a tab, a step) does not run the page’s reads again; the guards still run', async () => {
    setToken('tok_1')
    const order: string[] = []
    const reads: string[] = []
    const router = createMemoryRouter(routesWith(withConfig(false), order, reads), { initialEntries: ['/booking/b1'] })
    await settle(router)
    expect([order, reads]).toEqual([['maintenance', 'auth', 'i18n'], ['b1']])

    await router.navigate('/booking/b1?tab=payments', { replace: true })
    expect((await settle(router)).location.search).toBe('?tab=payments')
    await router.navigate('/booking/b1?tab=documentation')
    expect((await settle(router)).location.search).toBe('?tab=documentation')
    expect(reads).toEqual(['b1'])
    // the session and maintenance are checked on every navigation, a step's included
    expect(order).toHaveLength(9)

    // another page, or the same address again (as a reload would), reads again
    await router.navigate('/booking/b2')
    await settle(router)
    await router.navigate('/booking/b2')
    await settle(router)
    expect(reads).toEqual(['b1', 'b2', 'b2'])
  })

  it('public pages need no token', async () => {
    expect((await start(withConfig(false), '/faq')).location.pathname).toBe('/faq')
  })

  it('an unknown guard name fails the page with 500 "Unknown middleware {name}"', async () => {
    const state = await start(withConfig(false), '/broken')
    const error = Object.values(state.errors ?? {})[0] as { status: number; data: string }
    expect(error.status).toBe(500)
    expect(error.data).toBe('Unknown middleware nonsense')
  })
})
