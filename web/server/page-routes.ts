// A first load's page, matched by React Router's own matcher against the app's one list of pages
// (web/src/config/routes.universal.ts): which chunks to preload with the HTML, and which API reads its script
// starts before the app's code has arrived (web/src/lib/api/early-reads-script.ts).
import { LRUCache } from 'lru-cache'
import { matchRoutes } from 'react-router'
import { FIRST_BUNDLE_PAGE, PAGE_ROUTES, type PageRoute, pageReads, SIGNED_IN_READS } from '../src/config/routes.universal.ts'
import type { EarlyReadsData } from '../src/lib/api/early-reads.universal.ts'
import { getGetConfigQueryOptions } from '../src/lib/api/generated/endpoints/auth/auth.ts'

// Flat: the layouts and guards add no path, so the ranking is the app's.
const MATCHABLE = PAGE_ROUTES.map((route) => ({ path: route.path === '' ? '/' : route.path, route }))

export type PageMatch = {
  route: PageRoute
  params: Record<string, string | undefined>
  /** the route module's key in the build manifest */
  module: string
  /** in the first bundle (nothing to preload) */
  firstBundle: boolean
}

// React Router flattens and ranks the whole list on every call (about three quarters of a cached page's
// cost when measured): the answer per address is kept, bounded (addresses come from anyone).
const matches = new LRUCache<string, { match: PageMatch | null }>({ max: 10_000 })

export const matchPage = (pathname: string): PageMatch | null => {
  const kept = matches.get(pathname)
  if (kept) return kept.match
  const found = matchRoutes(MATCHABLE, pathname)?.at(-1)
  const match = found
    ? {
        route: found.route.route,
        params: found.params,
        module: `src/app/routes/${found.route.route.access}/${found.route.route.page}.tsx`,
        firstBundle: found.route.route.page === FIRST_BUNDLE_PAGE,
      }
    : null
  matches.set(pathname, { match })
  return match
}

export type EarlyReads = Pick<EarlyReadsData, 'always' | 'withToken' | 'params'>

const address = (read: { queryKey: readonly unknown[] }) => String(read.queryKey[0])

/**
 * What a page of this route reads first: the agency's config on every page (the first route's guard
 * needs it), and the page's own reads. The addresses are the route's, with `:id` where the address's id
 * goes, and `params` says which segment of the page's address holds it: the HTML is the same for every
 * booking (cacheable per route), and the script fills in the id the browser's address has.
 */
export const earlyReads = (pathname: string): EarlyReads => {
  const config = address(getGetConfigQueryOptions())
  const page = matchPage(pathname)
  if (!page || (!page.route.reads && !page.route.awaits)) return { always: [config], withToken: [], params: {} }
  const paths = pageReads(page.route, { id: ':id' }).map(address)
  const signedIn = SIGNED_IN_READS().map(address)
  const index = page.route.path.split('/').findIndex((segment) => segment === ':id' || segment === ':id?')
  const params: Record<string, number> = index < 0 ? {} : { id: index }
  return page.route.access === 'customer'
    ? { always: [config], withToken: [...paths, ...signedIn], params }
    : { always: [config, ...paths], withToken: signedIn, params }
}
