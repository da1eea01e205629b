import type { LazyRouteFunction, RouteObject } from 'react-router'
import { loadRouteCatalog } from '@/lib/i18n'

/**
 * A lazy route: its code and its messages, loaded together (in parallel). The first bundle only
 * carries its own messages and each route module has its part of the catalog (web/catalog-split.ts),
 * so a page never renders with an untranslated id. `route` names the module imported
 * (web/src/app/routes/{route}.tsx; tests/unit/router.test.ts checks they agree).
 */
export const page =
  (route: string, load: LazyRouteFunction<RouteObject>): LazyRouteFunction<RouteObject> =>
  async () =>
    (await Promise.all([load(), loadRouteCatalog(route)]))[0]
