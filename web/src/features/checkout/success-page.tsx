import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { ErrorState } from '@/components/status/error-state'
import { PageSpinner } from '@/components/status/page-spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGetBooking } from '@/lib/api/generated/endpoints/booking/booking'
import { useGetTravelGroupBooking } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { Booking } from '@contract/generated/model/booking'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { clearDraft } from '@/features/checkout/order/draft'
import { displayStatus } from '@core/booking-status'
import { statusLabels } from '@/lib/domain/booking-status'
import './checkout.css'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'
import { Fact, Facts } from '@/components/content/facts'

/** /travelgroup/{id}/success?booking=…: the booking is made (and its first payment done, by card). */
export function CheckoutSuccessPage({ after }: { after?: (booking: Booking) => ReactNode }) {
  const { t } = useLingui()
  useDocumentTitle(t`Reserva realizada`)
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const bookingId = params.get('booking') ?? ''
  const byId = useGetBooking(bookingId, { query: { enabled: Boolean(bookingId) } })
  const inGroup = useGetTravelGroupBooking(id, { query: { enabled: !bookingId, retry: false } })
  const query = bookingId ? byId : inGroup

  // The booking exists now: the checkout draft of this group is done with.
  useEffect(() => {
    if (query.data) clearDraft(id)
  }, [query.data, id])

  if (query.isError) {
    return (
      <div className="ck-narrow-page">
        <div className="ck-panel">
          <ErrorState message={errorMessage(query.error)} onRetry={() => query.refetch()} />
        </div>
      </div>
    )
  }
  if (!query.data) return <PageSpinner />
  return <SuccessContent booking={query.data} after={after?.(query.data)} />
}

// How long after it was made a booking's page still celebrates it: the checkout's seat hold is 15
// minutes, so a booking older than this was not just made (a bookmark, the history, a shared link).
const JUST_MADE_MS = 60 * 60_000

function SuccessContent({ booking, after }: { booking: Booking; after?: ReactNode }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const tr = useTranslated()
  // the moment the page opened: what it says does not change while it is read
  const [openedAt] = useState(Date.now)
  const justMade = booking.status !== 'canceled' && openedAt - Date.parse(booking.created_at) < JUST_MADE_MS
  const group = booking.travel_group
  const locator = booking.locator
  // celebrated only when just made; opened later, what is true now: no "payment received"
  const confirmed = justMade && booking.status === 'confirmed'
  const made = formatDate(booking.created_at, locale)
  const status = i18n._(statusLabels[displayStatus(booking)])
  const bookingLink = (
    <Link className="button button--primary button--md" to={`/booking/${encodeURIComponent(booking.id)}`}>
      <Trans>Ver mi reserva</Trans>
    </Link>
  )
  return (
    <div className="ck-result-page">
      <div className={confirmed ? 'ck-result ck-result--success' : 'ck-result ck-result--pending'}>
        {justMade && (
          <div className="ck-result__icon" aria-hidden="true">
            <svg viewBox="0 0 48 48" width="48" height="48">
              <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
              <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
        )}
        <h1 className="ck-result__title">
          {!justMade ? <Trans>Tu reserva en {tr(group, 'name')}</Trans> : confirmed ? <Trans>¡Reserva confirmada!</Trans> : <Trans>¡Reserva realizada!</Trans>}
        </h1>
        <p className="ck-result__lead">
          {!justMade ? (
            <Trans>
              La hiciste el {made}. Estado: {status}.
            </Trans>
          ) : confirmed ? (
            <Trans>Hemos recibido tu pago. Tu plaza en {tr(group, 'name')} es tuya.</Trans>
          ) : (
            <Trans>Tu plaza en {tr(group, 'name')} queda reservada hasta que recibamos el primer pago. Te hemos enviado los detalles por email.</Trans>
          )}
        </p>
        <p className="ck-result__locator">
          <Trans>Localizador</Trans> <strong>{locator}</strong>
        </p>
      </div>

      <section className="ck-panel ck-result-details" aria-labelledby="success-details">
        <h2 id="success-details" className="ck-panel__title">
          <Trans>Tu reserva</Trans>
        </h2>
        <BookingFacts booking={booking} />
        {!justMade && <div className="ck-result__actions">{bookingLink}</div>}
      </section>

      {justMade && <NextSteps booking={booking} bookingLink={bookingLink} />}
      {justMade && after}
    </div>
  )
}

function BookingFacts({ booking }: { booking: Booking }) {
  const locale = useLocale()
  const tr = useTranslated()
  const group = booking.travel_group
  const cart = booking.cart
  const start = formatDate(group.start_at, locale)
  const end = formatDate(group.end_at, locale)
  return (
    <Facts layout="rows">
      <Fact label={<Trans>Viaje</Trans>}>
        {tr(group, 'name')} · {start} – {end}
      </Fact>
      <Fact label={<Trans>Pack</Trans>}>{tr(booking.pack, 'name')}</Fact>
      <Fact label={<Trans>Viajeros</Trans>}>{booking.members.map((m) => fullName(m)).join(', ')}</Fact>
      <Fact label={<Trans>Total</Trans>} valueTestId="booking-total">
        {formatAmount(cart.total)}
      </Fact>
      <Fact label={<Trans>Pagado</Trans>}>{formatAmount(cart.paid)}</Fact>
      <Fact label={<Trans>Pendiente</Trans>}>{formatAmount(cart.pending)}</Fact>
    </Facts>
  )
}

/** After a booking just made: the documentation, the next instalment, the confirmation mail. */
function NextSteps({ booking, bookingLink }: { booking: Booking; bookingLink: ReactNode }) {
  const locale = useLocale()
  const cart = booking.cart
  const nextTerm = booking.terms.find((term) => term.kind === 'plan' && !term.paid_at)
  const nextAmount = nextTerm ? formatAmount(nextTerm.amount + nextTerm.penalty_amount) : ''
  const nextDate = nextTerm?.limit_date ? formatDate(nextTerm.limit_date, locale) : ''
  return (
    <>
      <section className="ck-panel" aria-labelledby="success-next">
        <h2 id="success-next" className="ck-panel__title">
          <Trans>Próximos pasos</Trans>
        </h2>
        <ol className="ck-next-steps">
          <li>
            <Trans>Completa la documentación de cada viajero (DNI o pasaporte y, para menores, sus tutores y la autorización).</Trans>
          </li>
          {nextTerm && (
            <li>
              {nextDate ? (
                <Trans>
                  Paga el siguiente plazo, {nextAmount}, antes del {nextDate}.
                </Trans>
              ) : (
                <Trans>Paga lo pendiente, {nextAmount}.</Trans>
              )}
            </li>
          )}
          <li>
            <Trans>Revisa tu email: te hemos enviado la confirmación.</Trans>
          </li>
        </ol>
        <div className="ck-result__actions">
          {bookingLink}
          {cart.pending > 0 && (
            <Link className="button button--secondary button--md" to={`/booking/${encodeURIComponent(booking.id)}/payments`}>
              <Trans>Ver los pagos</Trans>
            </Link>
          )}
        </div>
      </section>
    </>
  )
}
