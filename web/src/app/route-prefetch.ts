// A page's first reads (config/routes.universal.ts), started by the router as soon as the address is known: in
// parallel with the page's code (a loader that lives in a lazy route module only runs once that
// module has arrived, a round trip later on a phone). The queries are the generated ones, with their
// keys, that the page then reads from the cache.
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router'
import type { PageRoute } from '@/config/routes.universal'
import { yieldToBrowser } from '@/lib/browser/main-thread.universal'

/** The route's loader, or undefined when the page reads nothing first. */
export function pageLoader(client: QueryClient, route: PageRoute): LoaderFunction | undefined {
  if (!route.reads && !route.awaits) return undefined
  return async ({ params }) => {
    const id = params.id ?? ''
    // Each read in a task of its own, after the one that navigated (as the early reads do): a fetch() holds the
    // main thread 0.1–9 ms on a phone, and a booking's reads, made in the tap's own task, were most of the tap's
    // processing on a low-tier phone (decision 044).
    for (const read of route.reads?.({ id }) ?? []) {
      await yieldToBrowser()
      void client.prefetchQuery(read)
    }
    // a failed call is left to the page, which says so and offers a retry; offline, the page shows what
    // it kept (a read waits for the network, so awaiting it would hold the page back until then)
    if (route.awaits && onlineManager.isOnline()) {
      await yieldToBrowser()
      await client.prefetchQuery({ ...route.awaits({ id }), retry: false })
    }
    return null
  }
}

/**
 * A page's first reads depend on the address's path alone, never its query: a navigation that changes only the
 * query (a checkout's step, a booking's tab, a search) starts none of them again. React Router's default reran
 * them on every step of a checkout (the guards, route middleware, still run on every navigation).
 */
export const pageShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate
