// Every route of the portal. Adding a page is one line here plus a thin module in ./routes that
// exports `Component` (lazy-loaded: only the sign-in page ships in the first bundle). A page's data
// starts loading with its code (`loader`: app/route-prefetch.ts).
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { createGuards } from '@/app/guards'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { GuestLayout } from '@/app/layouts/guest-layout'
import { page } from '@/app/lazy-messages'
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
            { path: 'auth/remember', lazy: page('remember', () => import('@/app/routes/remember')) },
            { path: 'auth/autologin/:id?/:token?', lazy: page('autologin', () => import('@/app/routes/autologin')) },
            { path: 'login', lazy: page('login-callback', () => import('@/app/routes/login-callback')) },
            { path: 'maintenance', lazy: page('maintenance', () => import('@/app/routes/maintenance')) },
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
                { index: true, loader: prefetch.bookings, lazy: page('bookings', () => import('@/app/routes/bookings')) },
                { path: 'auth/password', lazy: page('password', () => import('@/app/routes/password')) },
                { path: 'booking/:id', loader: prefetch.booking, lazy: page('booking', () => import('@/app/routes/booking')) },
                { path: 'booking/:id?/payments', lazy: page('booking-payments', () => import('@/app/routes/booking-payments')) },
                { path: 'payment/:id?', lazy: page('payment', () => import('@/app/routes/payment')) },
                { path: 'travelgroup/:id/checkout', loader: prefetch.checkout, lazy: page('checkout', () => import('@/app/routes/checkout')) },
                { path: 'travelgroup/:id/success', lazy: page('checkout-success', () => import('@/app/routes/checkout-success')) },
                { path: 'travelgroup/:id/winner', lazy: page('winner', () => import('@/app/routes/winner')) },
              ],
            },
            {
              // Public.
              ErrorBoundary: RouteErrorBoundary,
              middleware: guards('i18n'),
              children: [
                { path: 'faq', lazy: page('faq', () => import('@/app/routes/faq')) },
                { path: 'legal', lazy: page('legal', () => import('@/app/routes/legal')) },
                { path: 'ballot/:id?', lazy: page('ballot', () => import('@/app/routes/ballot')) },
                { path: 'travelgroup', lazy: page('travel-groups', () => import('@/app/routes/travel-groups')) },
                { path: 'travelgroup/:id', loader: prefetch.travelGroup, lazy: page('travel-group', () => import('@/app/routes/travel-group')) },
                { path: 'travelgroup/:id/invitation', lazy: page('invitation', () => import('@/app/routes/invitation')) },
                { path: '*', lazy: page('not-found', () => import('@/app/routes/not-found')) },
              ],
            },
          ],
        },
      ],
    },
  ]
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient))
