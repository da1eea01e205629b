import { Trans, useLingui } from '@lingui/react/macro'
import { PageSkeleton, type SkeletonProps } from '@/components/status/page-skeleton'

/** The trips list's header: the page's and its skeleton's. */
export function TravelGroupsHeader() {
  return (
    <header className="page-header">
      <h1 className="page-header__title">
        <Trans>Viajes</Trans>
      </h1>
      <p className="page-header__intro">
        <Trans>Elige tu viaje en grupo y reserva tu plaza en unos minutos.</Trans>
      </p>
    </header>
  )
}

/** The trips list on a first load, before its code: the header, the search, the trips to come. */
export function TravelGroupsSkeleton({ readsFromNetwork }: SkeletonProps) {
  const { t } = useLingui()
  return <PageSkeleton header={<TravelGroupsHeader />} parts={['field', 'card', 'card']} label={t`Cargando los viajes…`} readsFromNetwork={readsFromNetwork} />
}

/** A trip until it is in: its name, dates and price in the first card, its description in the next. */
export function TravelGroupSkeleton({ readsFromNetwork }: SkeletonProps) {
  const { t } = useLingui()
  return <PageSkeleton parts={['hero', 'card']} label={t`Cargando el viaje…`} readsFromNetwork={readsFromNetwork} />
}
