// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigWatcher } from '@/app/background/config-watcher'
import { getGetConfigQueryKey, type GetConfigQueryResult } from '@/lib/api/generated/endpoints/auth/auth'
import { BUILD_KEY } from '@/lib/browser/build-version'

const config = (build: string) => ({ maintenance: false, build }) as GetConfigQueryResult

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  localStorage.clear()
})

describe('the config watcher', () => {
  it("records the page's build a second after the first answer, not while the page loads, and reloads on a new one", async () => {
    vi.useFakeTimers()
    localStorage.setItem(BUILD_KEY, 'last-visit')
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } })
    client.setQueryData(getGetConfigQueryKey(), config('b1'))
    const reload = vi.fn()
    const reads = vi.spyOn(localStorage, 'getItem')
    const router = createMemoryRouter([{ path: '/', Component: () => <ConfigWatcher reload={reload} /> }])
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    await act(async () => vi.advanceTimersByTimeAsync(900))
    // local storage's first use in a page is a synchronous call to the browser process: not while it loads
    expect(reads).not.toHaveBeenCalled()
    await act(async () => vi.advanceTimersByTimeAsync(1_200))
    expect(localStorage.getItem(BUILD_KEY)).toBe('b1')
    expect(reload).not.toHaveBeenCalled()
    // the same build again: nothing; a new deploy: stored and reloaded
    // (TanStack Query tells its observers in a timeout of its own)
    const answer = async (build: string) => {
      client.setQueryData(getGetConfigQueryKey(), config(build))
      await act(async () => vi.advanceTimersByTimeAsync(10))
    }
    await answer('b1')
    expect(reload).not.toHaveBeenCalled()
    await answer('b2')
    expect(localStorage.getItem(BUILD_KEY)).toBe('b2')
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
