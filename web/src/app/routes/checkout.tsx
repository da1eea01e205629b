import type { LoaderFunctionArgs } from 'react-router'
import { queryClient } from '@/app/query-client'
import {
  getGetTravelGroupBookingQueryOptions,
  getGetTravelGroupQueryOptions,
  getListExtrasQueryOptions,
  getListPaymentMethodsQueryOptions,
  getListPaymentTermsQueryOptions,
} from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import { CheckoutPage } from '@/features/checkout/checkout-page'

export const Component = CheckoutPage

/**
 * The checkout's data is asked for with its code, all at once. The customer's booking in this group
 * (if any) is awaited: its notice is drawn with the page instead of pushing the steps down once it
 * arrives (a layout shift). A failed call is left to the page, which says so and offers a retry.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  void queryClient.prefetchQuery(getGetTravelGroupQueryOptions(id))
  void queryClient.prefetchQuery(getListExtrasQueryOptions(id))
  void queryClient.prefetchQuery(getListPaymentTermsQueryOptions(id))
  void queryClient.prefetchQuery(getListPaymentMethodsQueryOptions(id))
  await queryClient.prefetchQuery({ ...getGetTravelGroupBookingQueryOptions(id), retry: false })
  return null
}
