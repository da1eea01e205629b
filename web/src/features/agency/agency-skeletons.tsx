import { Trans } from '@lingui/react/macro'
import { PageSkeleton, type SkeletonProps } from '@/components/status/page-skeleton'

/** The FAQ's header: the page's and its skeleton's. */
export function FaqHeader() {
  return (
    <header className="page-header">
      <h1 className="page-header__title">
        <Trans>Preguntas frecuentes</Trans>
      </h1>
    </header>
  )
}

/** The legal notice's header: the page's and its skeleton's. */
export function LegalHeader() {
  return (
    <header className="page-header">
      <h1 className="page-header__title">
        <Trans>Aviso legal</Trans>
      </h1>
    </header>
  )
}

export const FaqSkeleton = ({ readsFromNetwork }: SkeletonProps) => <PageSkeleton header={<FaqHeader />} parts={['card']} readsFromNetwork={readsFromNetwork} />

export const LegalSkeleton = ({ readsFromNetwork }: SkeletonProps) => (
  <PageSkeleton header={<LegalHeader />} parts={['card']} readsFromNetwork={readsFromNetwork} />
)
