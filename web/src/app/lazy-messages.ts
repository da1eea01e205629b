import type { RouteObject } from 'react-router'
import { loadRouteCatalog } from '@/lib/i18n/lingui'

type RouteModule = { Component: NonNullable<RouteObject['Component']> }

/**
 * A lazy route: its component's code and its messages, loaded together (in parallel). The first
 * bundle only carries its own messages and each route module has its part of the catalog
 * (web/catalog-split.ts), so a page never renders with an untranslated id. `route` names the module
 * imported (web/src/app/routes/{access}/{route}.tsx; tests/web/catalog-split.routes.test.ts checks they agree).
 * Only the component is lazy (React Router's object form): the route's middleware and loader, which
 * live in the router, start at once instead of after the page's code has arrived.
 */
export const page = (route: string, load: () => Promise<RouteModule>) => ({
  Component: async () => (await Promise.all([load(), loadRouteCatalog(route)]))[0].Component,
})
