// /booking/:id — the booking page, with what other features add to it (features never import each
// other: the composition happens here).
import { BookingPage } from '@/features/booking/booking-page'
import { CancellationSection } from '@/features/cancellation/cancellation'
import { DocumentationTab, pendingDocumentation } from '@/features/documentation/documentation-tab'

export function Component() {
  return (
    <BookingPage
      renderDocumentation={(booking, today) => <DocumentationTab booking={booking} today={today} />}
      renderCancellation={(booking, today) => <CancellationSection booking={booking} today={today} />}
      pendingDocumentation={pendingDocumentation}
    />
  )
}
