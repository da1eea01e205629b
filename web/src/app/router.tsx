// Every route of the portal. Adding a page is one line here plus a thin module in ./routes that
// exports `Component` (lazy-loaded: only the sign-in page ships in the first bundle). A page's data
// starts loading with its code (`loader`: app/route-prefetch.ts).
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { createGuards } from '@/app/guards'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { GuestLayout } from '@/app/layouts/guest-layout'
import { withFullCatalog } from '@/app/lazy-messages'
import { RootErrorBoundary, RouteErrorBoundary } from '@/app/route-error'
import { RootLayout, RootHydrateFallback } from '@/app/root-layout'
import { createRoutePrefetch } from '@/app/route-prefetch'
import * as loginRoute from '@/app/routes/login'

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guards = createGuards(queryClient)
  const prefetch = createRoutePrefetch(queryClient)
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RootHydrateFallback,
      middleware: guards('maintenance'),
      children: [
        // Guest layout (bare): signing in and the maintenance notice. All public.
        {
          Component: GuestLayout,
          ErrorBoundary: RouteErrorBoundary,
          middleware: guards('i18n'),
          children: [
            { path: 'auth/login', ...loginRoute },
            { path: 'auth/remember', lazy: () => import('@/app/routes/remember') },
            { path: 'auth/autologin/:id?/:token?', lazy: () => import('@/app/routes/autologin') },
            { path: 'login', lazy: () => import('@/app/routes/login-callback') },
            { path: 'maintenance', lazy: () => import('@/app/routes/maintenance') },
          ],
        },
        // Default layout: header, footer.
        {
          Component: DefaultLayout,
          children: [
            {
              // Signed-in customers only (docs/decisions/004-routes-and-session.md).
              ErrorBoundary: RouteErrorBoundary,
              middleware: guards('auth', 'i18n'),
              children: [
                { index: true, loader: prefetch.bookings, lazy: () => import('@/app/routes/bookings') },
                { path: 'auth/password', lazy: () => import('@/app/routes/password') },
                { path: 'booking/:id', loader: prefetch.booking, lazy: () => import('@/app/routes/booking') },
                { path: 'booking/:id?/payments', lazy: () => import('@/app/routes/booking-payments') },
                { path: 'payment/:id?', lazy: () => import('@/app/routes/payment') },
                { path: 'travelgroup/:id/checkout', loader: prefetch.checkout, lazy: () => import('@/app/routes/checkout') },
                { path: 'travelgroup/:id/success', lazy: () => import('@/app/routes/checkout-success') },
                { path: 'travelgroup/:id/winner', lazy: () => import('@/app/routes/winner') },
              ],
            },
            {
              // Public.
              ErrorBoundary: RouteErrorBoundary,
              middleware: guards('i18n'),
              children: [
                { path: 'faq', lazy: () => import('@/app/routes/faq') },
                { path: 'legal', lazy: () => import('@/app/routes/legal') },
                { path: 'ballot/:id?', lazy: () => import('@/app/routes/ballot') },
                { path: 'travelgroup', lazy: () => import('@/app/routes/travel-groups') },
                { path: 'travelgroup/:id', loader: prefetch.travelGroup, lazy: () => import('@/app/routes/travel-group') },
                { path: 'travelgroup/:id/invitation', lazy: () => import('@/app/routes/invitation') },
                { path: '*', lazy: () => import('@/app/routes/not-found') },
              ],
            },
          ],
        },
      ],
    },
  ]
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(withFullCatalog(createRoutes(queryClient)))
