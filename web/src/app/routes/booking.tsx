// /booking/:id — the booking page, with what other features add to it (features never import each
// other: the composition happens here).
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
