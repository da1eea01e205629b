// A page's first reads (config/routes.universal.ts), started by the router as soon as the address is known: in
// parallel with the page's code (a loader that lives in a lazy route module only runs once that
// module has arrived, a round trip later on a phone). The queries are the generated ones, with their
// keys, that the page then reads from the cache.
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import type { LoaderFunction } from 'react-router'
import type { PageRoute } from '@/config/routes.universal'

/** The route's loader, or undefined when the page reads nothing first. */
export function pageLoader(client: QueryClient, route: PageRoute): LoaderFunction | undefined {
  if (!route.reads && !route.awaits) return undefined
  return async ({ params }) => {
    const id = params.id ?? ''
    for (const read of route.reads?.({ id }) ?? []) void client.prefetchQuery(read)
    // a failed call is left to the page, which says so and offers a retry; offline, the page shows what
    // it kept (a read waits for the network, so awaiting it would hold the page back until then)
    if (route.awaits && onlineManager.isOnline()) await client.prefetchQuery({ ...route.awaits({ id }), retry: false })
    return null
  }
}
