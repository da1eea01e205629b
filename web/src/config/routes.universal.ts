// Every page of the portal, declared once: its address, who may see it and what it reads first. The
// router builds its routes from this list (web/src/app/router.tsx), the production server matches a
// first load against it with React Router's own matcher to preload the page's code and start its
// reads from the HTML (web/server/page-routes.ts), and the bundle budgets name their rows with it
// (scripts/check/check-bundle-budgets.ts). A page's code is web/src/app/routes/{access}/{page}.tsx.
//
// Adding a page: one entry here and that thin module. Free of React and of the browser: Node reads it.
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query'
import { getGetProfileQueryOptions } from '../lib/api/generated/endpoints/auth/auth.ts'
import { getGetBookingQueryOptions, getGetBookingTravelGroupQueryOptions, getListBookingsQueryOptions } from '../lib/api/generated/endpoints/booking/booking.ts'
import {
  getGetPackSeatsQueryOptions,
  getGetTravelGroupBookingQueryOptions,
  getGetTravelGroupQueryOptions,
  getListExtrasQueryOptions,
  getListPaymentTermsQueryOptions,
} from '../lib/api/generated/endpoints/travelgroup/travelgroup.ts'

/** guest: the bare layout of signing in (public); customer: signed-in customers only; public: anyone, with header and footer */
export type PageAccess = 'guest' | 'customer' | 'public'

/** A read as the generated query options give it: the router prefetches it, the server starts its address (`queryKey[0]`). */
export type PageRead = Pick<FetchQueryOptions<unknown, unknown, unknown, QueryKey>, 'queryKey' | 'queryFn'>

export type PageRoute = {
  /** the route module (web/src/app/routes/{access}/{page}.tsx) and its part of the catalog */
  page: string
  /** React Router path without the leading slash; '' is the index */
  path: string
  access: PageAccess
  /**
   * What the page reads first, started with its code: by the router on a navigation, by the HTML's
   * script on a first load. Nothing is awaited; the page shows its own loading and error states.
   */
  reads?: (params: { id: string }) => PageRead[]
  /**
   * A read the page must not render without (its answer is drawn with the page instead of pushing it
   * down once it arrives). Awaited, without retries; a failure is left to the page.
   */
  awaits?: (params: { id: string }) => PageRead
}

/** The page in the first bundle: the only one the router imports statically (scripts/check/bundle-budgets.json's `signIn`). */
export const FIRST_BUNDLE_PAGE = 'login'

export const PAGE_ROUTES: readonly PageRoute[] = [
  { page: 'login', path: 'auth/login', access: 'guest' },
  { page: 'remember', path: 'auth/remember', access: 'guest' },
  { page: 'autologin', path: 'auth/autologin/:id?/:token?', access: 'guest' },
  { page: 'login-callback', path: 'login', access: 'guest' },
  { page: 'maintenance', path: 'maintenance', access: 'guest' },

  { page: 'bookings', path: '', access: 'customer', reads: () => [getListBookingsQueryOptions()] },
  { page: 'password', path: 'auth/password', access: 'customer' },
  // the first tab needs both
  { page: 'booking', path: 'booking/:id', access: 'customer', reads: ({ id }) => [getGetBookingQueryOptions(id), getGetBookingTravelGroupQueryOptions(id)] },
  { page: 'booking-payments', path: 'booking/:id?/payments', access: 'customer' },
  { page: 'payment', path: 'payment/:id?', access: 'customer' },
  {
    page: 'checkout',
    path: 'travelgroup/:id/checkout',
    access: 'customer',
    // the trip alone: the first step needs nothing else; the rest is read once it is drawn (decision 041)
    reads: ({ id }) => [getGetTravelGroupQueryOptions(id)],
    // the customer's booking in this group, if any: its notice is drawn with the steps
    awaits: ({ id }) => getGetTravelGroupBookingQueryOptions(id),
  },
  { page: 'checkout-success', path: 'travelgroup/:id/success', access: 'customer' },
  { page: 'winner', path: 'travelgroup/:id/winner', access: 'customer' },

  { page: 'faq', path: 'faq', access: 'public' },
  { page: 'legal', path: 'legal', access: 'public' },
  { page: 'ballot', path: 'ballot/:id?', access: 'public' },
  { page: 'travel-groups', path: 'travelgroup', access: 'public' },
  // the trip, its packs' seats, extras and payment plans
  {
    page: 'travel-group',
    path: 'travelgroup/:id',
    access: 'public',
    reads: ({ id }) => [getGetTravelGroupQueryOptions(id), getGetPackSeatsQueryOptions(id), getListExtrasQueryOptions(id), getListPaymentTermsQueryOptions(id)],
  },
  { page: 'invitation', path: 'travelgroup/:id/invitation', access: 'public' },
  { page: 'not-found', path: '*', access: 'public' },
]

/** Read by the header's account menu on every page a signed-in customer sees (features/auth/user-menu.tsx). */
export const SIGNED_IN_READS = (): PageRead[] => [getGetProfileQueryOptions()]

/** All of a page's first reads, the awaited one included. */
export const pageReads = (route: PageRoute, params: { id: string }): PageRead[] => [
  ...(route.reads?.(params) ?? []),
  ...(route.awaits ? [route.awaits(params)] : []),
]

/**
 * What the ballot page may be opened with (React Router's location state): the booking the customer
 * came from, for its way back. The page is public and reached from a link too, so it is optional.
 */
export type BallotPageState = { fromBooking: string }

export const ballotPageState = (state: unknown): BallotPageState | null =>
  typeof state === 'object' && state !== null && typeof (state as BallotPageState).fromBooking === 'string' && (state as BallotPageState).fromBooking !== ''
    ? { fromBooking: (state as BallotPageState).fromBooking }
    : null
