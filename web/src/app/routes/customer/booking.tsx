// /booking/:id — the booking page, with what other features add to it (features never import each
// other: the composition happens here). Its first reads are declared with the page (config/routes.universal.ts).
import { lazyComponent } from '@/lib/i18n/lazy-component'
import { BookingPage } from '@/features/booking/booking-page'
import { CancellationSection } from '@/features/cancellation/cancellation'
import { pendingCount } from '@/features/documentation/documentation-tasks'

// Tabs that are not the first one: their code (forms, zod) loads when chosen or about to be.
const BookingPayments = lazyComponent(() => import('@/features/payments/booking-payments').then((m) => m.BookingPayments))
const DocumentationTab = lazyComponent(() => import('@/features/documentation/documentation-tab').then((m) => m.DocumentationTab))

export function Component() {
  return (
    <BookingPage
      renderPayments={(booking) => <BookingPayments bookingId={booking.id} />}
      renderDocumentation={(booking, today) => <DocumentationTab booking={booking} today={today} />}
      renderCancellation={(booking, today) => <CancellationSection booking={booking} today={today} />}
      pendingDocumentation={(booking, today) => pendingCount(booking, booking.travel_group.service, today)}
      preload={(tab) => {
        if (tab === 'payments') BookingPayments.preload()
        if (tab === 'documentation') DocumentationTab.preload()
      }}
    />
  )
}
