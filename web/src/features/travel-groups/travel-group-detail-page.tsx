import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useParams } from 'react-router'
import { Callout } from '@/components/content/callout'
import { ErrorState } from '@/components/status/error-state'
import { TravelGroupSkeleton } from '@/features/travel-groups/travel-groups-skeletons'
import { SafeHtml } from '@/components/content/safe-html'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { usePageRead } from '@/hooks/use-page-read'
import { isApiError } from '@/lib/api/api-error'
import { useGetTravelGroup } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { nightsBetween, useGroupStatusLabel } from '@/features/travel-groups/group-facts'
import { Conditions, ExtrasSection, PacksSection, PaymentSection } from '@/features/travel-groups/travel-group-sections'
import './travel-groups.css'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'
import '@/components/content/data-table.css'

/** /travelgroup/{id}: everything about a trip before booking it. Public. */
export function TravelGroupDetailPage() {
  const { t } = useLingui()
  const { id = '' } = useParams()
  const group = usePageRead(useGetTravelGroup(id))
  const tr = useTranslated()
  useDocumentTitle(group.data ? tr(group.data, 'name') : t`Viaje`)
  if (group.isPending) return <TravelGroupSkeleton />
  if (group.isError) {
    const notFound = isApiError(group.error) && group.error.code === 'not_found'
    return (
      <div className="tg-page">
        <div className="tg-panel">
          <ErrorState
            title={notFound ? <Trans>No hemos encontrado este viaje</Trans> : undefined}
            message={notFound ? <Link to="/travelgroup">{t`Ver todos los viajes`}</Link> : errorMessage(group.error)}
            onRetry={notFound ? undefined : () => group.refetch()}
          />
        </div>
      </div>
    )
  }
  return <GroupDetail group={group.data} />
}

/**
 * The trip as its own read gives it. The sections with reads of their own (packs' seats, extras, payment plans, the
 * conditions) make them themselves: each answer then draws its section again, not the whole trip. An answer's render
 * is at once and in one task (a store update), and on a slow network the three come after the trip is drawn.
 */
function GroupDetail({ group }: { group: TravelGroup }) {
  const locale = useLocale()
  const tr = useTranslated()
  const statusLabel = useGroupStatusLabel()
  const nights = nightsBetween(group.start_at, group.end_at)
  const start = formatDate(group.start_at, locale, 'long')
  const end = formatDate(group.end_at, locale, 'long')
  const open = group.status === 'open' && group.seats_available > 0
  const soldOut = group.status === 'sold_out' || (group.status === 'open' && group.seats_available === 0)
  const seats = group.seats_available
  const from = formatAmount(group.price_from)
  const base = `/travelgroup/${encodeURIComponent(group.id)}`

  return (
    <div className="tg-page tg-detail">
      <header className="tg-hero">
        <p className="tg-hero__eyebrow">
          <Link to="/travelgroup">
            <Trans>Viajes</Trans>
          </Link>{' '}
          / {tr(group, 'destination')}
        </p>
        <h1 className="tg-hero__title">{tr(group, 'name')}</h1>
        <p className="tg-hero__dates">
          {start} – {end} · <Plural value={nights} one="# noche" other="# noches" />
        </p>
        <div className="tg-hero__facts">
          <span className={`tg-status tg-status--${soldOut ? 'sold_out' : group.status}`}>{statusLabel(soldOut ? 'sold_out' : group.status)}</span>
          {open && (
            <span className="tg-hero__seats">
              <Plural value={seats} one="Queda # plaza" other="Quedan # plazas" />
            </span>
          )}
          <span className="tg-hero__code">
            <Trans>Código {group.code}</Trans>
          </span>
        </div>
        <p className="tg-hero__price">
          <Trans>
            Desde <strong>{from}</strong> por persona
          </Trans>
        </p>
        <div className="tg-actions">
          {open && (
            <Link className="button button--primary button--md" to={`${base}/checkout`}>
              <Trans>Reservar plaza</Trans>
            </Link>
          )}
          {group.invitation_enabled && (
            <Link className="button button--secondary button--md" to={`${base}/invitation`}>
              <Trans>Solicitar una invitación</Trans>
            </Link>
          )}
        </div>
      </header>

      {soldOut && (
        <Callout tone="danger" announce="alert" title={<Trans>Ya no quedan plazas disponibles en este grupo</Trans>}>
          {group.invitation_enabled && (
            <p>
              <Trans>Déjanos tus datos con el formulario de invitación y te avisaremos si se libera alguna plaza.</Trans>
            </p>
          )}
        </Callout>
      )}
      {group.status === 'closed' && (
        <Callout tone="warning" title={<Trans>Este viaje ya no admite reservas</Trans>}>
          <p>
            <Trans>Consulta los próximos viajes de la agencia.</Trans>
          </p>
        </Callout>
      )}

      <section className="tg-section" aria-labelledby="tg-about">
        <h2 className="tg-section__title" id="tg-about">
          <Trans>El viaje</Trans>
        </h2>
        <SafeHtml html={tr(group, 'description_html')} className="tg-description" />
      </section>

      <PacksSection group={group} />

      {group.hosting_rooms.length > 0 && (
        <section className="tg-section" aria-labelledby="tg-rooms">
          <h2 className="tg-section__title" id="tg-rooms">
            <Trans>Alojamiento</Trans>
          </h2>
          <table className="data-table">
            <caption className="visually-hidden">
              <Trans>Habitaciones y suplemento por persona</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Habitación</Trans>
                </th>
                <th scope="col">
                  <Trans>Plazas</Trans>
                </th>
                <th scope="col" className="data-table__amount">
                  <Trans>Suplemento</Trans>
                  <span className="visually-hidden">
                    {' '}
                    <Trans>por persona</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.hosting_rooms.map((room) => (
                <tr key={room.id}>
                  <th scope="row">
                    {tr(room, 'name')}
                    {room.sold_out && (
                      <span className="tg-badge">
                        <Trans>Agotada</Trans>
                      </span>
                    )}
                  </th>
                  <td>{room.capacity}</td>
                  <td className="data-table__amount">{room.price > 0 ? formatAmount(room.price) : <Trans>Incluido</Trans>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <ExtrasSection groupId={group.id} />

      <PaymentSection group={group} />

      <Conditions groupId={group.id} />

      {open && (
        <div className="tg-sticky-cta">
          <span className="tg-sticky-cta__price">
            <Trans>
              Desde <strong>{from}</strong>
            </Trans>
          </span>
          <Link className="button button--primary button--md" to={`${base}/checkout`}>
            <Trans>Reservar plaza</Trans>
          </Link>
        </div>
      )}
    </div>
  )
}
