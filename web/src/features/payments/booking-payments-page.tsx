import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useParams } from 'react-router'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGetBooking } from '@/lib/api/generated/endpoints/booking/booking'
import { BookingPayments } from '@/features/payments/booking-payments'
import './payments.css'
import { BackLink } from '@/components/controls/back-link'
import { useTranslated } from '@/hooks/use-translated'

/** /booking/{id}/payments: a booking's payments on a page of their own. */
export function BookingPaymentsPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Pagos`)
  const { id } = useParams()
  if (!id) {
    return (
      <div className="pay-page">
        <header className="page-header">
          <h1 className="page-header__title">
            <Trans>Pagos</Trans>
          </h1>
        </header>
        <p>
          <Trans>
            Elige una reserva en <Link to="/">Mis reservas</Link> para ver sus pagos.
          </Trans>
        </p>
      </div>
    )
  }
  return <PaymentsPage bookingId={id} />
}

function PaymentsPage({ bookingId }: { bookingId: string }) {
  const booking = useGetBooking(bookingId)
  const tr = useTranslated()
  const group = booking.data ? tr(booking.data.travel_group, 'name') : undefined
  const locator = booking.data?.locator
  return (
    <div className="pay-page">
      <header className="page-header">
        <BackLink to={`/booking/${encodeURIComponent(bookingId)}`}>
          <Trans>Volver a la reserva</Trans>
        </BackLink>
        <h1 className="page-header__title">
          <Trans>Pagos</Trans>
        </h1>
        {group && (
          <p className="page-header__intro">
            {group} · {locator}
          </p>
        )}
      </header>
      <BookingPayments bookingId={bookingId} />
    </div>
  )
}
