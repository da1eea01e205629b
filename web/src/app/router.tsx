// The portal's routes, built from the one list of pages (config/routes.universal.ts): the layouts and guards per
// kind of page live here, each page's code is web/src/app/routes/{access}/{page}.tsx (lazy-loaded: only the
// sign-in page ships in the first bundle), and a page's first reads start with its code.
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type MiddlewareFunction, type RouteObject } from 'react-router'
import { createGuards } from '@/app/guards'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { GuestLayout } from '@/app/layouts/guest-layout'
import { page } from '@/app/lazy-messages'
import { RootErrorBoundary, RouteErrorBoundary } from '@/app/route-error'
import { GuestPageFallback, PageFallback, RootLayout } from '@/app/layouts/root-layout'
import { pageLoader, pageShouldRevalidate } from '@/app/route-prefetch'
import * as firstBundleRoute from '@/app/routes/guest/login'
import { FIRST_BUNDLE_PAGE, type PageAccess, PAGE_ROUTES } from '@/config/routes.universal'

// Vite makes each one a chunk of its own (scripts/check/check-bundle-budgets.ts checks they stay so).
const lazyPages = import.meta.glob<{ Component: NonNullable<RouteObject['Component']> }>(['./routes/*/*.tsx', '!./routes/guest/login.tsx'])

const pagesOf = (client: QueryClient, access: PageAccess): RouteObject[] =>
  PAGE_ROUTES.filter((route) => route.access === access).map((route) => {
    const loader = pageLoader(client, route)
    // the page's name is its id: the first-load skeleton (app/page-skeletons.tsx) and the frame's check (main.tsx) read it
    const where = route.path === '' ? { index: true as const, id: route.page } : { path: route.path, id: route.page }
    // Needing no data, the page in the first bundle is its own first-load state: the server draws it whole
    // (the sign-in form) and the browser hydrates it, keeping what was typed, while its guards run.
    const reads = loader && { loader, shouldRevalidate: pageShouldRevalidate }
    if (route.page === FIRST_BUNDLE_PAGE) return { ...where, ...firstBundleRoute, HydrateFallback: firstBundleRoute.Component, ...reads }
    const load = lazyPages[`./routes/${route.access}/${route.page}.tsx`]
    if (!load) throw new Error(`No route module web/src/app/routes/${route.access}/${route.page}.tsx`)
    return { ...where, ...reads, lazy: page(route.page, load) }
  })

/**
 * The pages of one kind, under their layout. The group's id is its access (app/page-access.ts reads it back)
 * and its HydrateFallback is what a first load draws inside the layout until the router has run its guards
 * and the page's code is in: the frame the production server renders into the HTML, then hydrates.
 */
const pageGroup = (client: QueryClient, access: PageAccess, middleware: MiddlewareFunction[]): RouteObject => ({
  id: access,
  ErrorBoundary: RouteErrorBoundary,
  HydrateFallback: access === 'guest' ? GuestPageFallback : PageFallback,
  middleware,
  children: pagesOf(client, access),
})

export type RoutesOptions = {
  /**
   * Held by the first navigation before any guard runs: the router's first state must still be the one the
   * page's frame was rendered from when React hydrates it (main.tsx opens it once the frame is hydrated).
   */
  firstNavigationAfter?: Promise<void>
}

export function createRoutes(queryClient: QueryClient, { firstNavigationAfter }: RoutesOptions = {}): RouteObject[] {
  const guards = createGuards(queryClient)
  const holdFirstNavigation: MiddlewareFunction[] = firstNavigationAfter ? [() => firstNavigationAfter] : []
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      middleware: [...holdFirstNavigation, ...guards('maintenance')],
      children: [
        // Guest layout (bare): signing in and the maintenance notice. All public.
        { Component: GuestLayout, ErrorBoundary: RouteErrorBoundary, children: [pageGroup(queryClient, 'guest', guards('i18n'))] },
        // Default layout: header, footer.
        {
          Component: DefaultLayout,
          children: [
            // Signed-in customers only (docs/decisions/004-routes-and-session.md).
            pageGroup(queryClient, 'customer', guards('auth', 'i18n')),
            pageGroup(queryClient, 'public', guards('i18n')),
          ],
        },
      ],
    },
  ]
}

export const createAppRouter = (queryClient: QueryClient, options?: RoutesOptions) => createBrowserRouter(createRoutes(queryClient, options))
