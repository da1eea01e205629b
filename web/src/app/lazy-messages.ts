import type { RouteObject } from 'react-router'
import { loadFullCatalog } from '@/lib/i18n'

/**
 * Every lazy route loads its code and the lazy pages' messages together (in parallel): the first
 * bundle only carries its own messages (web/catalog-split.ts), so a lazy page never renders with
 * an untranslated id.
 */
export function withFullCatalog(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withFullCatalog(route.children) : undefined
    const lazy = route.lazy
    if (typeof lazy !== 'function') return children ? ({ ...route, children } as RouteObject) : route
    return {
      ...route,
      ...(children ? { children } : {}),
      lazy: async () => (await Promise.all([lazy(), loadFullCatalog()]))[0],
    } as RouteObject
  })
}
