import { useLingui } from '@lingui/react/macro'
import './spinner.css'

export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg'
  /** Announced text; defaults to "Cargando…". Ignored when decorative. */
  label?: string
  /** Inside something that already says it is busy (e.g. a loading Button). */
  decorative?: boolean
}

export function Spinner({ size = 'md', label, decorative = false }: SpinnerProps) {
  const { t } = useLingui()
  const ring = <span className={`spinner spinner--${size}`} aria-hidden="true" />
  if (decorative) return ring
  return (
    <span role="status" className="spinner-wrap">
      {ring}
      <span className="visually-hidden">{label ?? t`Cargando…`}</span>
    </span>
  )
}
