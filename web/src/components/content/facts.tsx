import type { ReactNode } from 'react'
import './facts.css'

/**
 * Facts about a trip, a booking or a payment as a description list: each label with its value.
 * `grid`: each fact a small card, label above value, as many to a row as fit; `rows`: label and value
 * side by side, one fact a row. `small` sets them in the small text of a card.
 */
export function Facts({
  layout = 'grid',
  small = false,
  className,
  children,
}: {
  layout?: 'grid' | 'rows'
  small?: boolean
  className?: string
  children: ReactNode
}) {
  return <dl className={['facts', layout === 'rows' && 'facts--rows', small && 'facts--small', className].filter(Boolean).join(' ')}>{children}</dl>
}

export function Fact({
  label,
  className,
  valueClassName,
  valueTestId,
  children,
}: {
  label: ReactNode
  className?: string
  valueClassName?: string
  valueTestId?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  )
}
