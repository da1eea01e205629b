import { useLingui } from '@lingui/react/macro'
import { PageSkeleton, type PageSkeletonProps } from '@/components/page-skeleton'

/** A booking until it is in: the way back, its trip's name and dates, the tabs, the first tab. */
export function BookingSkeleton({ readsFromNetwork }: Pick<PageSkeletonProps, 'readsFromNetwork'>) {
  const { t } = useLingui()
  return <PageSkeleton parts={['short-line', 'heading', 'line', 'tabs', 'card']} label={t`Cargando la reserva…`} readsFromNetwork={readsFromNetwork} />
}
