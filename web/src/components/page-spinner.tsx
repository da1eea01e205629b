import { Spinner } from '@/components/spinner'

/** A page's content while it loads: a centred spinner that is announced. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  )
}
