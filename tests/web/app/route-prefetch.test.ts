import { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { pageLoader } from '@/app/route-prefetch'
import type { PageRoute } from '@/config/routes.universal'

// A page's first reads start as soon as the router knows the address, each in a task of its own after the one that
// navigated: a tap that opens a booking is answered on screen before its reads' fetch() calls run.
const args = { params: { id: 'b1' } } as unknown as LoaderFunctionArgs
const read = (key: string) => ({ queryKey: [key], queryFn: () => Promise.resolve(key) })

describe("a page's first reads", () => {
  it('start after the task that navigated, one task each, and the awaited one last', async () => {
    const client = new QueryClient()
    const asked: string[] = []
    vi.spyOn(client, 'prefetchQuery').mockImplementation(async (options) => {
      asked.push(String((options as { queryKey: readonly unknown[] }).queryKey[0]))
    })
    const route = { reads: () => [read('/booking/b1/rooms'), read('/booking/b1/payments')], awaits: () => read('/booking/b1') } as unknown as PageRoute
    const loading = pageLoader(client, route)!(args)
    // nothing in the navigating task itself
    expect(asked).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toEqual(['/booking/b1/rooms'])
    await expect(loading).resolves.toBeNull()
    expect(asked).toEqual(['/booking/b1/rooms', '/booking/b1/payments', '/booking/b1'])
  })

  it('is nothing for a page that reads nothing first', () => {
    expect(pageLoader(new QueryClient(), {} as PageRoute)).toBeUndefined()
  })
})
