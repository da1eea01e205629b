// What a page asks the API for, started by the router as soon as the address is known: in parallel
// with the page's code (a loader that lives in a lazy route module only runs once that module has
// arrived, a round trip later on a phone). Nothing is awaited unless the page must not render
// without it; the pages show their own loading and error states, and the queries are the same ones
// (generated options and keys) that the pages then read from the cache.
import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { getGetBookingQueryOptions, getGetBookingTravelGroupQueryOptions, getListBookingsQueryOptions } from '@/lib/api/generated/endpoints/booking/booking'
import {
  getGetPackSeatsQueryOptions,
  getGetTravelGroupBookingQueryOptions,
  getGetTravelGroupQueryOptions,
  getListExtrasQueryOptions,
  getListPaymentMethodsQueryOptions,
  getListPaymentTermsQueryOptions,
} from '@/lib/api/generated/endpoints/travelgroup/travelgroup'

export function createRoutePrefetch(client: QueryClient) {
  return {
    /** `/`: the customer's bookings. */
    bookings: () => {
      void client.prefetchQuery(getListBookingsQueryOptions())
      return null
    },
    /** `/booking/:id`: the booking and its trip (the first tab needs both). */
    booking: ({ params }: LoaderFunctionArgs) => {
      const id = params.id ?? ''
      void client.prefetchQuery(getGetBookingQueryOptions(id))
      void client.prefetchQuery(getGetBookingTravelGroupQueryOptions(id))
      return null
    },
    /** `/travelgroup/:id`: the trip, its packs' seats, extras and payment plans. */
    travelGroup: ({ params }: LoaderFunctionArgs) => {
      const id = params.id ?? ''
      void client.prefetchQuery(getGetTravelGroupQueryOptions(id))
      void client.prefetchQuery(getGetPackSeatsQueryOptions(id))
      void client.prefetchQuery(getListExtrasQueryOptions(id))
      void client.prefetchQuery(getListPaymentTermsQueryOptions(id))
      return null
    },
    /**
     * `/travelgroup/:id/checkout`: everything its steps read. The customer's booking in this group (if
     * any) is awaited: its notice is drawn with the page instead of pushing the steps down once it
     * arrives (a layout shift). A failed call is left to the page, which says so and offers a retry.
     */
    checkout: async ({ params }: LoaderFunctionArgs) => {
      const id = params.id ?? ''
      void client.prefetchQuery(getGetTravelGroupQueryOptions(id))
      void client.prefetchQuery(getListExtrasQueryOptions(id))
      void client.prefetchQuery(getListPaymentTermsQueryOptions(id))
      void client.prefetchQuery(getListPaymentMethodsQueryOptions(id))
      void client.prefetchQuery(getGetPackSeatsQueryOptions(id))
      await client.prefetchQuery({ ...getGetTravelGroupBookingQueryOptions(id), retry: false })
      return null
    },
  }
}
