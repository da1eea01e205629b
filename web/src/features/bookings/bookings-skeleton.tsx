import { Trans, useLingui } from '@lingui/react/macro'
import { PageSkeleton, type SkeletonProps } from '@/components/status/page-skeleton'

/** My bookings' header: the page's and its skeleton's. */
export function BookingsHeader() {
  return (
    <header className="page-header">
      <h1 className="page-header__title">
        <Trans>Mis reservas</Trans>
      </h1>
    </header>
  )
}

/** My bookings until its list is in: the title, then a card per booking to come. */
export function BookingsSkeleton({ readsFromNetwork }: SkeletonProps) {
  const { t } = useLingui()
  return <PageSkeleton header={<BookingsHeader />} parts={['card', 'card']} label={t`Cargando tus reservas…`} readsFromNetwork={readsFromNetwork} />
}
