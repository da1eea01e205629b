// The travel group's sections that read something of their own besides the trip: each makes its read, so an answer
// draws its section again and not the whole trip (travel-group-detail-page.tsx).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { ErrorState } from '@/components/status/error-state'
import { SafeHtml } from '@/components/content/safe-html'
import { Spinner } from '@/components/status/spinner'
import { useGetPackSeats, useGetTravelGroupTerms, useListExtras, useListPaymentTerms } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import type { TravelItem } from '@contract/generated/model/travelItem'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { type Locale } from '@/lib/i18n/locales.universal'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'

/** The trip's packs, with the seats left in each as the seats' own read says (the trip's figure until it answers). */
export function PacksSection({ group }: { group: TravelGroup }) {
  const { t } = useLingui()
  const tr = useTranslated()
  const packSeats = useGetPackSeats(group.id)
  const seatsOf = (packId: string, fallback: number) => packSeats.data?.find((p) => p.pack_id === packId)?.seats_left ?? fallback
  return (
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
  )
}

/** The trip's extras and optional insurances. */
export function ExtrasSection({ groupId }: { groupId: string }) {
  const locale = useLocale()
  const extras = useListExtras(groupId)
  return (
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
  )
}

/** The trip's payment plans, and its fees. */
export function PaymentSection({ group }: { group: TravelGroup }) {
  const locale = useLocale()
  const plans = useListPaymentTerms(group.id)
  const penalty = group.booking_penalty
  const penaltyAmount = penalty ? formatAmount(penalty.amount) : ''
  const penaltyDate = penalty ? formatDate(penalty.limit_date, locale, 'long') : ''
  const fee = formatAmount(group.management_fee)
  const deposit = formatAmount(group.deposit)
  return (
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

/** The general conditions and privacy, read once the traveller opens them. */
export function Conditions({ groupId }: { groupId: string }) {
  const lang = useLocale()
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
