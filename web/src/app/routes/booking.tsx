// /booking/:id — the booking page, with what other features add to it (features never import each
// other: the composition happens here).
import type { LoaderFunctionArgs } from 'react-router'
import { queryClient } from '@/app/query-client'
import { getGetBookingQueryOptions, getGetBookingTravelGroupQueryOptions } from '@/lib/api/generated/endpoints/booking/booking'
import { BookingPage } from '@/features/booking/booking-page'
import { CancellationSection } from '@/features/cancellation/cancellation'
import { DocumentationTab, pendingDocumentation } from '@/features/documentation/documentation-tab'
import { BookingPayments } from '@/features/payments/booking-payments'

export function Component() {
  return (
    <BookingPage
      renderPayments={(booking) => <BookingPayments bookingId={booking.id} />}
      renderDocumentation={(booking, today) => <DocumentationTab booking={booking} today={today} />}
      renderCancellation={(booking, today) => <CancellationSection booking={booking} today={today} />}
      pendingDocumentation={pendingDocumentation}
    />
  )
}

/**
 * The booking and its trip are asked for together, as soon as the page's code is here: the first tab
 * needs both, and asking for the trip only once the booking has rendered cost a round trip. Not
 * awaited: the page shows its own loading and error states.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  void queryClient.prefetchQuery(getGetBookingQueryOptions(id))
  void queryClient.prefetchQuery(getGetBookingTravelGroupQueryOptions(id))
  return null
}
