import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/controls/button'
import { EmptyState } from '@/components/status/empty-state'
import { ErrorState } from '@/components/status/error-state'
import { PageSkeleton } from '@/components/status/page-skeleton'
import { TravelGroupsHeader } from '@/features/travel-groups/travel-groups-skeletons'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useListTravelGroups } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { TravelGroupSummary } from '@contract/generated/model/travelGroupSummary'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { TruncatedText } from '@/components/content/truncated-text'
import { nightsBetween, useGroupStatusLabel } from '@/features/travel-groups/group-facts'
import './travel-groups.css'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'
import '@/components/content/card-link.css'
import { listTravelGroupsQuerySearchMax } from '@contract/generated/field-limits'

const PER_PAGE = 12

/** /travelgroup: the agency's trips open for booking, with a search. Public. */
export function TravelGroupListPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Viajes`)
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [typed, setTyped] = useState(search)
  const groups = useListTravelGroups({ page, per_page: PER_PAGE, ...(search ? { search } : {}) })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = typed.trim()
    setParams(q ? { q } : {})
  }

  return (
    <div className="tg-page">
      <TravelGroupsHeader />

      <form className="tg-search" role="search" onSubmit={submit} aria-label={t`Buscar viajes`}>
        {/* the label in full above the field: a placeholder this long was cut on a phone */}
        <label htmlFor="tg-search" className="field__label tg-search__label">
          <Trans>Buscar por destino, nombre o código</Trans>
        </label>
        <input
          id="tg-search"
          type="search"
          className="field__control"
          value={typed}
          placeholder={t`Ej.: Londres`}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={listTravelGroupsQuerySearchMax}
        />
        <Button type="submit" variant="secondary">
          <Trans>Buscar</Trans>
        </Button>
      </form>

      {groups.isPending ? (
        <PageSkeleton parts={['card', 'card']} label={t`Cargando los viajes…`} />
      ) : groups.isError ? (
        <div className="tg-panel">
          <ErrorState message={errorMessage(groups.error)} onRetry={() => groups.refetch()} />
        </div>
      ) : groups.data.data.length === 0 ? (
        <div className="tg-panel">
          <EmptyState
            title={search ? <Trans>No hay viajes que coincidan con «{search}»</Trans> : <Trans>Ahora mismo no hay viajes abiertos</Trans>}
            description={<Trans>Vuelve pronto o escríbenos: te avisaremos de los próximos.</Trans>}
            action={
              search ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setTyped('')
                    setParams({})
                  }}
                >
                  <Trans>Ver todos los viajes</Trans>
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : (
        <>
          <p className="tg-count" aria-live="polite">
            <Plural value={groups.data.meta.total} one="# viaje" other="# viajes" />
          </p>
          <ul className="card-grid tg-grid" aria-label={t`Viajes`}>
            {groups.data.data.map((group) => (
              <li key={group.id}>
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
          {groups.data.meta.last_page > 1 && (
            <nav className="tg-pages" aria-label={t`Páginas`}>
              {page > 1 && (
                <Link to={`?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(page - 1) })}`}>
                  <Trans>Anterior</Trans>
                </Link>
              )}
              <span>
                <Trans>
                  Página {page} de {groups.data.meta.last_page}
                </Trans>
              </span>
              {page < groups.data.meta.last_page && (
                <Link to={`?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(page + 1) })}`}>
                  <Trans>Siguiente</Trans>
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  )
}

function GroupCard({ group }: { group: TravelGroupSummary }) {
  const locale = useLocale()
  const tr = useTranslated()
  const statusLabel = useGroupStatusLabel()
  const price = formatAmount(group.price_from)
  const nights = nightsBetween(group.start_at, group.end_at)
  const seats = group.seats_available
  return (
    <article className={`tg-card tg-card--${group.status}`} aria-labelledby={`tg-${group.id}`}>
      <div className="tg-card__top">
        <span className="tg-card__destination">{tr(group, 'destination')}</span>
        <span className={`tg-status tg-status--${group.status}`}>{statusLabel(group.status)}</span>
      </div>
      <h2 className="tg-card__title" id={`tg-${group.id}`}>
        <Link className="card-link" to={`/travelgroup/${encodeURIComponent(group.id)}`}>
          <TruncatedText text={tr(group, 'name')} />
        </Link>
      </h2>
      <p className="tg-card__dates">
        {formatDate(group.start_at, locale, 'long')} – {formatDate(group.end_at, locale, 'long')} · <Plural value={nights} one="# noche" other="# noches" />
      </p>
      <div className="tg-card__bottom">
        <p className="tg-card__price">
          <span className="tg-card__from">
            <Trans>desde</Trans>
          </span>{' '}
          <strong>{price}</strong>{' '}
          <span className="tg-card__from">
            <Trans>por persona</Trans>
          </span>
        </p>
        {group.status === 'open' && (
          <p className={seats <= 5 ? 'tg-card__seats tg-card__seats--few' : 'tg-card__seats'}>
            <Plural value={seats} one="Queda # plaza" other="Quedan # plazas" />
          </p>
        )}
      </div>
    </article>
  )
}
