import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useParams } from 'react-router'
import { ErrorState } from '@/components/status/error-state'
import { PageSpinner } from '@/components/status/page-spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { isApiError } from '@/lib/api/api-error'
import { useGetTravelGroup, useGetTravelGroupBooking } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatDate } from '@/lib/i18n/format'
import './checkout.css'
import { useLocale } from '@/hooks/use-locale'

/**
 * /travelgroup/{id}/winner: the customer has been given a place in the group (the agency invited
 * them: an "invited" booking). It congratulates them and takes them to complete the booking.
 * (SPEC names the page only; docs/decisions/005-checkout.md.)
 */
export function WinnerPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Tienes plaza`)
  const locale = useLocale()
  const { id = '' } = useParams()
  const group = useGetTravelGroup(id)
  const booking = useGetTravelGroupBooking(id, { query: { retry: false } })
  const noBooking = booking.isError && isApiError(booking.error) && booking.error.code === 'not_found'

  if (group.isError || (booking.isError && !noBooking)) {
    const error = group.error ?? booking.error
    return (
      <div className="ck-narrow-page">
        <div className="ck-panel">
          <ErrorState message={errorMessage(error)} onRetry={() => Promise.all([group.refetch(), booking.refetch()])} />
        </div>
      </div>
    )
  }
  if (!group.data || (booking.isPending && !noBooking)) return <PageSpinner />

  const g = group.data
  const name = g.name
  const start = formatDate(g.start_at, locale, 'long')
  const end = formatDate(g.end_at, locale, 'long')
  const status = noBooking ? null : (booking.data?.status ?? null)
  const checkout = `/travelgroup/${encodeURIComponent(g.id)}/checkout`

  return (
    <div className="ck-result-page">
      {status === 'invited' ? (
        <div className="ck-result ck-result--winner">
          <div className="ck-result__icon" aria-hidden="true">
            <svg viewBox="0 0 48 48" width="48" height="48">
              <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
              <path d="M24 10l4 9 10 1-7.5 6.5L33 36l-9-5-9 5 2.5-9.5L10 20l10-1z" fill="currentColor" />
            </svg>
          </div>
          <h1 className="ck-result__title">
            <Trans>¡Enhorabuena, tienes plaza!</Trans>
          </h1>
          <p className="ck-result__lead">
            <Trans>
              La agencia te ha reservado una plaza en {name} ({start} – {end}). Completa la reserva con los datos de los viajeros y el primer pago para
              confirmarla.
            </Trans>
          </p>
          <div className="ck-result__actions">
            <Link className="button button--primary button--md" to={checkout}>
              <Trans>Completar mi reserva</Trans>
            </Link>
            <Link className="button button--secondary button--md" to={`/travelgroup/${encodeURIComponent(g.id)}`}>
              <Trans>Ver el viaje</Trans>
            </Link>
          </div>
        </div>
      ) : status === 'pending' || status === 'confirmed' ? (
        <div className="ck-result ck-result--success">
          <h1 className="ck-result__title">
            <Trans>Tu plaza ya está reservada</Trans>
          </h1>
          <p className="ck-result__lead">
            <Trans>Ya tienes una reserva en {name}. Desde ella puedes ver los pagos y completar la documentación.</Trans>
          </p>
          <div className="ck-result__actions">
            <Link className="button button--primary button--md" to={`/booking/${encodeURIComponent(booking.data!.id)}`}>
              <Trans>Ver mi reserva</Trans>
            </Link>
          </div>
        </div>
      ) : (
        <div className="ck-result ck-result--pending">
          <h1 className="ck-result__title">
            <Trans>No tienes ninguna plaza asignada en este viaje</Trans>
          </h1>
          <p className="ck-result__lead">
            <Trans>Si crees que es un error, escribe a la agencia. También puedes reservar una plaza en {name}.</Trans>
          </p>
          <div className="ck-result__actions">
            <Link className="button button--primary button--md" to={`/travelgroup/${encodeURIComponent(g.id)}`}>
              <Trans>Ver el viaje</Trans>
            </Link>
          </div>
        </div>
      )}
    </div>
  )
}
