import { Trans, useLingui } from '@lingui/react/macro'
import { PageSkeleton, type SkeletonProps, SkeletonBar } from '@/components/status/page-skeleton'

/** Checkout's title: the page's and its skeleton's. */
export function CheckoutTitle() {
  return (
    <h1 className="page-header__title">
      <Trans>Reserva tu plaza</Trans>
    </h1>
  )
}

/** Checkout until its offer is in: the title between the trip's name and dates to come, the steps, the first step. */
export function CheckoutSkeleton({ readsFromNetwork }: SkeletonProps) {
  const { t } = useLingui()
  const header = (
    <header className="page-header">
      <SkeletonBar part="eyebrow" />
      <CheckoutTitle />
      <SkeletonBar part="line" />
    </header>
  )
  return <PageSkeleton header={header} parts={['short-line', 'steps', 'card']} label={t`Cargando la reserva…`} readsFromNetwork={readsFromNetwork} />
}
