import { useLingui } from '@lingui/react/macro'
import { PageSkeleton, type SkeletonProps } from '@/components/status/page-skeleton'

/** A booking until it is in: the way back, its trip's name and dates, the tabs, the first tab. */
export function BookingSkeleton({ readsFromNetwork }: SkeletonProps) {
  const { t } = useLingui()
  return <PageSkeleton parts={['short-line', 'heading', 'line', 'tabs', 'card']} label={t`Cargando la reserva…`} readsFromNetwork={readsFromNetwork} />
}
