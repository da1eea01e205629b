import type { RouteObject } from 'react-router'
import { yieldToBrowser } from '@/lib/browser/main-thread.universal'
import { loadRouteCatalog } from '@/lib/i18n/lingui'

type RouteModule = { Component: NonNullable<RouteObject['Component']> }

/**
 * A lazy route: its component's code and its messages, loaded together (in parallel). The first
 * bundle only carries its own messages and each route module has its part of the catalog
 * (web/catalog-split.ts), so a page never renders with an untranslated id. `route` names the module
 * imported (web/src/app/routes/{access}/{route}.tsx; tests/web/catalog-split.routes.test.ts checks they agree).
 * Only the component is lazy (React Router's object form): the route's middleware and loader, which
 * live in the router, start at once instead of after the page's code has arrived.
 *
 * Both are asked for in a task after the one that navigated (as the page's reads are, app/route-prefetch.ts):
 * Vite's preload of a chunk's files adds a link to the document for each file it has not loaded yet, and in the tap
 * on a booking card that was 80 % of the tap's own handling (CPU profile: 10.7 of 13.4 ms, decision 044).
 */
export const page = (route: string, load: () => Promise<RouteModule>) => ({
  Component: async () => {
    await yieldToBrowser()
    return (await Promise.all([load(), loadRouteCatalog(route)]))[0].Component
  },
})
