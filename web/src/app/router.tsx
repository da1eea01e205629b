// Every route of the portal. Adding a page is one line here plus a thin module in ./routes that
// exports `Component` (lazy-loaded: only the sign-in page ships in the first bundle).
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { createGuards } from '@/app/guards'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { GuestLayout } from '@/app/layouts/guest-layout'
import { withFullCatalog } from '@/app/lazy-messages'
import { RootErrorBoundary, RouteErrorBoundary } from '@/app/route-error'
import { RootLayout, RootHydrateFallback } from '@/app/root-layout'
import * as loginRoute from '@/app/routes/login'

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
                { index: true, lazy: () => import('@/app/routes/bookings') },
                { path: 'auth/password', lazy: () => import('@/app/routes/password') },
                { path: 'booking/:id', lazy: () => import('@/app/routes/booking') },
                // coming next (signed in): booking/:id, booking/:id?/payments, payment/:id?,
                // travelgroup/:id/checkout, travelgroup/:id/success, travelgroup/:id/winner
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
                // coming next (public): travelgroup, travelgroup/:id, travelgroup/:id/invitation, ballot/:id?
                // Until then they, like any unknown address, are the 404 page.
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
