import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Callout } from '@/components/content/callout'
import { ErrorState } from '@/components/status/error-state'
import { TravelGroupSkeleton } from '@/features/travel-groups/travel-groups-skeletons'
import { SafeHtml } from '@/components/content/safe-html'
import { Spinner } from '@/components/status/spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { usePageRead } from '@/hooks/use-page-read'
import { isApiError } from '@/lib/api/api-error'
import {
  useGetPackSeats,
  useGetTravelGroup,
  useGetTravelGroupTerms,
  useListExtras,
  useListPaymentTerms,
} from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import type { TravelItem } from '@contract/generated/model/travelItem'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { type Locale } from '@/lib/i18n/locales.universal'
import { nightsBetween, useGroupStatusLabel } from '@/features/travel-groups/group-facts'
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

function GroupDetail({ group }: { group: TravelGroup }) {
  const { t } = useLingui()
  const locale = useLocale()
  const tr = useTranslated()
  const statusLabel = useGroupStatusLabel()
  const packSeats = useGetPackSeats(group.id)
  const extras = useListExtras(group.id)
  const plans = useListPaymentTerms(group.id)
  const nights = nightsBetween(group.start_at, group.end_at)
  const start = formatDate(group.start_at, locale, 'long')
  const end = formatDate(group.end_at, locale, 'long')
  const open = group.status === 'open' && group.seats_available > 0
  const soldOut = group.status === 'sold_out' || (group.status === 'open' && group.seats_available === 0)
  const seats = group.seats_available
  const from = formatAmount(group.price_from)
  const base = `/travelgroup/${encodeURIComponent(group.id)}`
  const seatsOf = (packId: string, fallback: number) => packSeats.data?.find((p) => p.pack_id === packId)?.seats_left ?? fallback
  const penalty = group.booking_penalty
  const penaltyAmount = penalty ? formatAmount(penalty.amount) : ''
  const penaltyDate = penalty ? formatDate(penalty.limit_date, locale, 'long') : ''
  const fee = formatAmount(group.management_fee)
  const deposit = formatAmount(group.deposit)

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

      <section className="tg-section" aria-labelledby="tg-packs">
        <h2 className="tg-section__title" id="tg-packs">
          <Trans>Packs</Trans>
        </h2>
        <ul className="card-grid">
          {group.packs.map((pack) => {
            const left = seatsOf(pack.id, pack.seats_left)
            const price = formatAmount(pack.price)
            return (
              <li key={pack.id} className="tg-pack">
                <h3 className="tg-pack__name">{tr(pack, 'name')}</h3>
                <p className="tg-pack__price">
                  <Trans>
                    <strong>{price}</strong> por persona
                  </Trans>
                </p>
                {pack.description && <p className="tg-pack__description">{tr(pack, 'description')}</p>}
                {pack.includes.length > 0 && (
                  <ul className="tg-pack__includes" aria-label={t`Incluye`}>
                    {pack.includes.map((item) => (
                      <li key={item.id}>{tr(item, 'name')}</li>
                    ))}
                  </ul>
                )}
                <p className={left === 0 ? 'tg-seats tg-seats--none' : left <= 5 ? 'tg-seats tg-seats--few' : 'tg-seats'}>
                  {left === 0 ? <Trans>Pack completo</Trans> : <Plural value={left} one="Queda # plaza en este pack" other="Quedan # plazas en este pack" />}
                </p>
              </li>
            )
          })}
        </ul>
      </section>

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

      <section className="tg-section" aria-labelledby="tg-extras">
        <h2 className="tg-section__title" id="tg-extras">
          <Trans>Extras y seguros</Trans>
        </h2>
        {extras.isPending ? (
          <Spinner />
        ) : extras.isError ? (
          <ErrorState message={errorMessage(extras.error)} onRetry={() => extras.refetch()} />
        ) : (
          <div className="card-grid">
            <ItemList title={<Trans>Actividades y extras</Trans>} items={extras.data.extras} locale={locale} />
            <ItemList title={<Trans>Seguros opcionales</Trans>} items={extras.data.insurances} locale={locale} />
          </div>
        )}
      </section>

      <section className="tg-section" aria-labelledby="tg-payment">
        <h2 className="tg-section__title" id="tg-payment">
          <Trans>Formas de pago</Trans>
        </h2>
        {plans.isPending ? (
          <Spinner />
        ) : plans.isError ? (
          <ErrorState message={errorMessage(plans.error)} onRetry={() => plans.refetch()} />
        ) : (
          <ul className="card-grid">
            {plans.data.map((plan) => (
              <PlanCard key={plan.id} plan={plan} locale={locale} />
            ))}
          </ul>
        )}
        <ul className="tg-fees">
          <li>
            <Trans>Gastos de gestión: {fee} por reserva.</Trans>
          </li>
          <li>
            <Trans>Depósito no reembolsable: {deposit} por persona.</Trans>
          </li>
          {penalty && (
            <li>
              <Trans>
                Reservas hechas después del {penaltyDate}: recargo de {penaltyAmount} por persona.
              </Trans>
            </li>
          )}
        </ul>
      </section>

      <Conditions groupId={group.id} lang={locale} />

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

function ItemList({ title, items, locale }: { title: ReactNode; items: TravelItem[]; locale: Locale }) {
  const tr = useTranslated()
  if (items.length === 0) return null
  return (
    <div className="tg-item-list">
      <h3 className="tg-item-list__title">{title}</h3>
      <ul>
        {items.map((item) => {
          const until = item.limit_date ? formatDate(item.limit_date, locale, 'long') : null
          return (
            <li key={item.id} className="tg-item">
              <span className="tg-item__name">{tr(item, 'name')}</span>
              <span className="tg-item__price">{formatAmount(item.price)}</span>
              {(item.description || until) && (
                <span className="tg-item__info">
                  {item.description && tr(item, 'description')}
                  {item.description && until ? ' · ' : ''}
                  {until && <Trans>hasta el {until}</Trans>}
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function PlanCard({ plan, locale }: { plan: PaymentPlan; locale: Locale }) {
  const count = plan.terms.length
  const penalty = formatAmount(plan.late_term_penalty)
  return (
    <li className="tg-plan">
      <h3 className="tg-plan__name">{count <= 1 ? <Trans>Pago único</Trans> : <Trans>{count} plazos</Trans>}</h3>
      <ol className="tg-plan__terms">
        {plan.terms.map((term) => {
          const percentage = term.percentage
          const date = term.limit_date ? formatDate(term.limit_date, locale, 'long') : null
          return (
            <li key={term.number}>
              {date ? (
                <Trans>
                  {percentage} % antes del {date}
                </Trans>
              ) : (
                <Trans>{percentage} % al reservar</Trans>
              )}
            </li>
          )
        })}
      </ol>
      {plan.late_term_penalty > 0 && (
        <p className="tg-plan__note">
          <Trans>Pagar un plazo tarde añade {penalty} al último plazo.</Trans>
        </p>
      )}
    </li>
  )
}

function Conditions({ groupId, lang }: { groupId: string; lang: Locale }) {
  const [open, setOpen] = useState(false)
  const terms = useGetTravelGroupTerms(groupId, { lang }, { query: { enabled: open } })
  return (
    <section className="tg-section" aria-labelledby="tg-terms">
      <h2 className="tg-section__title" id="tg-terms">
        <Trans>Condiciones</Trans>
      </h2>
      <details className="tg-terms" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <Trans>Leer las condiciones generales y la privacidad</Trans>
        </summary>
        {terms.isPending ? (
          <Spinner />
        ) : terms.isError ? (
          <ErrorState message={errorMessage(terms.error)} onRetry={() => terms.refetch()} />
        ) : (
          <SafeHtml html={terms.data} className="tg-terms__body" />
        )}
      </details>
    </section>
  )
}
