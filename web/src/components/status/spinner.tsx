import { Trans, useLingui } from '@lingui/react/macro'
import { useOnline } from '@/hooks/use-online'
import './spinner.css'

export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg'
  /** Announced text; defaults to "Cargando…". Ignored when decorative. */
  label?: string
  /** Inside something that already says it is busy (e.g. a loading Button). */
  decorative?: boolean
  /**
   * What loads is a read of the API (the default). Offline such a read waits for the network, so instead
   * of spinning the spinner says plainly that this was not kept on the device (issue 16). False for work
   * done on the device (drawing a QR code, a page's code from the cache) or a transfer already under way.
   */
  readsFromNetwork?: boolean
  /** Announced, not drawn: something else on the page shows it is loading (a page's skeleton). */
  unseen?: boolean
}

export function Spinner({ size = 'md', label, decorative = false, readsFromNetwork = true, unseen = false }: SpinnerProps) {
  const { t } = useLingui()
  const online = useOnline()
  const ring = <span className={`spinner spinner--${size}`} aria-hidden="true" />
  if (decorative) return ring
  if (!online && readsFromNetwork) {
    return (
      <p role="status" className="spinner-offline">
        <Trans>Esto no está guardado para verlo sin conexión. Se cargará cuando vuelvas a tener conexión.</Trans>
      </p>
    )
  }
  return (
    <span role="status" className={unseen ? 'visually-hidden' : 'spinner-wrap'}>
      {!unseen && ring}
      <span className={unseen ? undefined : 'visually-hidden'}>{label ?? t`Cargando…`}</span>
    </span>
  )
}
