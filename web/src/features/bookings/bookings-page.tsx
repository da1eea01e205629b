import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { EmptyState } from '@/components/status/empty-state'
import { ErrorState } from '@/components/status/error-state'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { usePageRead } from '@/hooks/use-page-read'
import { useListBookings } from '@/lib/api/generated/endpoints/booking/booking'
import type { BookingSummary } from '@contract/generated/model/bookingSummary'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { TruncatedText } from '@/components/content/truncated-text'
import { useTranslated } from '@/hooks/use-translated'
import { isLocale, type Locale } from '@/lib/i18n/locales.universal'
import { displayStatus } from '@core/booking-status'
import { statusLabels } from '@/lib/domain/booking-status'
import './bookings.css'
import { BookingsHeader, BookingsSkeleton } from '@/features/bookings/bookings-skeleton'
import { Fact, Facts } from '@/components/content/facts'
import '@/components/content/card-link.css'

/** "/": My bookings — a card per booking, or the empty state of SPEC §2. */
export function BookingsPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Mis reservas`)
  const bookings = usePageRead(useListBookings())
  if (bookings.isPending) return <BookingsSkeleton />

  return (
    <div className="bookings-page">
      <BookingsHeader />
      {bookings.isError ? (
        <div className="bookings-page__panel">
          <ErrorState message={errorMessage(bookings.error)} onRetry={() => bookings.refetch()} />
        </div>
      ) : bookings.data.length === 0 ? (
        <div className="bookings-page__panel">
          <EmptyState
            title={<Trans>Aún no tienes ninguna reserva activa</Trans>}
            description={<Trans>Cuando reserves un viaje con nosotros, lo verás aquí con sus pagos y su documentación.</Trans>}
            action={
              <Link className="button button--primary button--md" to="/travelgroup">
                <Trans>Ver los viajes</Trans>
              </Link>
            }
          />
        </div>
      ) : (
        <ul className="card-grid" aria-label={t`Reservas`}>
          {bookings.data.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function BookingCard({ booking }: { booking: BookingSummary }) {
  const { i18n: lingui } = useLingui()
  const locale: Locale = isLocale(lingui.locale) ? lingui.locale : 'es'
  const tr = useTranslated()
  const status = displayStatus(booking)
  const statusLabel = lingui._(statusLabels[status])
  const locator = booking.locator
  const group = booking.travel_group
  return (
    <article className={`booking-card booking-card--${status}`} aria-labelledby={`booking-${booking.id}`}>
      <div className="booking-card__top">
        <span className={`status-badge status-badge--${status}`}>{statusLabel}</span>
        <span className="booking-card__locator">
          <span className="visually-hidden">
            <Trans>Localizador:</Trans>{' '}
          </span>
          {locator}
        </span>
      </div>
      <h2 id={`booking-${booking.id}`} className="booking-card__title">
        <Link className="card-link" to={`/booking/${encodeURIComponent(booking.id)}`}>
          <TruncatedText text={tr(group, 'name')} />
          {/* three bookings of one trip must not sound alike: the link says which one it opens */}
          <span className="visually-hidden">
            <Trans>
              ({statusLabel}, localizador {locator})
            </Trans>
          </span>
        </Link>
      </h2>
      <Facts layout="rows" small>
        <Fact label={<Trans>Destino</Trans>}>{tr(group, 'destination')}</Fact>
        <Fact label={<Trans>Fechas</Trans>}>
          {formatDate(group.start_at, locale, 'long')} – {formatDate(group.end_at, locale, 'long')}
        </Fact>
        <Fact label={<Trans>Viajeros</Trans>}>
          {booking.members_count} · <TruncatedText text={tr(booking, 'pack_name')} />
        </Fact>
        {booking.pending_amount > 0 && status !== 'canceled' && (
          <Fact className="booking-card__due" label={<Trans>Pendiente</Trans>}>
            {formatAmount(booking.pending_amount)}
          </Fact>
        )}
      </Facts>
      <span className="booking-card__more" aria-hidden="true">
        <Trans>Ver reserva</Trans>
        <svg viewBox="0 0 24 24" width="16" height="16">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
    </article>
  )
}
