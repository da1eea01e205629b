// The portal's routes, built from the one list of pages (config/routes.universal.ts): the layouts and guards per
// kind of page live here, each page's code is web/src/app/routes/{page}.tsx (lazy-loaded: only the
// sign-in page ships in the first bundle), and a page's first reads start with its code.
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { createGuards } from '@/app/guards'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { GuestLayout } from '@/app/layouts/guest-layout'
import { page } from '@/app/lazy-messages'
import { RootErrorBoundary, RouteErrorBoundary } from '@/app/route-error'
import { RootLayout, RootHydrateFallback } from '@/app/root-layout'
import { pageLoader } from '@/app/route-prefetch'
import * as firstBundleRoute from '@/app/routes/login'
import { FIRST_BUNDLE_PAGE, type PageAccess, PAGE_ROUTES } from '@/config/routes.universal'

// Vite makes each one a chunk of its own (scripts/check-bundle-budgets.ts checks they stay so).
const lazyPages = import.meta.glob<{ Component: NonNullable<RouteObject['Component']> }>(['./routes/*.tsx', '!./routes/login.tsx'])

const pagesOf = (client: QueryClient, access: PageAccess): RouteObject[] =>
  PAGE_ROUTES.filter((route) => route.access === access).map((route) => {
    const loader = pageLoader(client, route)
    const where = route.path === '' ? { index: true as const } : { path: route.path }
    if (route.page === FIRST_BUNDLE_PAGE) return { ...where, ...firstBundleRoute, ...(loader && { loader }) }
    const load = lazyPages[`./routes/${route.page}.tsx`]
    if (!load) throw new Error(`No route module web/src/app/routes/${route.page}.tsx`)
    return { ...where, ...(loader && { loader }), lazy: page(route.page, load) }
  })

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guards = createGuards(queryClient)
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RootHydrateFallback,
      middleware: guards('maintenance'),
      children: [
        // Guest layout (bare): signing in and the maintenance notice. All public.
        { Component: GuestLayout, ErrorBoundary: RouteErrorBoundary, middleware: guards('i18n'), children: pagesOf(queryClient, 'guest') },
        // Default layout: header, footer.
        {
          Component: DefaultLayout,
          children: [
            // Signed-in customers only (docs/decisions/004-routes-and-session.md).
            { ErrorBoundary: RouteErrorBoundary, middleware: guards('auth', 'i18n'), children: pagesOf(queryClient, 'customer') },
            { ErrorBoundary: RouteErrorBoundary, middleware: guards('i18n'), children: pagesOf(queryClient, 'public') },
          ],
        },
      ],
    },
  ]
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient))
