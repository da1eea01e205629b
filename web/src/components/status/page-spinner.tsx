import { Spinner, type SpinnerProps } from '@/components/status/spinner'

/** A page's content while it loads: a centred spinner that is announced. */
export function PageSpinner({ label, readsFromNetwork }: Pick<SpinnerProps, 'label' | 'readsFromNetwork'>) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} readsFromNetwork={readsFromNetwork} />
    </div>
  )
}
