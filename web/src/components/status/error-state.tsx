import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '@/components/controls/button'
import './status-state.css'

export type ErrorStateProps = {
  /** What went wrong, already translated (e.g. `i18n._(messageForCode(code))`). */
  message: ReactNode
  title?: ReactNode
  /** Shows "Reintentar"; may return a promise to keep the button busy meanwhile. */
  onRetry?: () => unknown
}

export function ErrorState({ message, title, onRetry }: ErrorStateProps) {
  return (
    <div className="status-state status-state--error">
      <div className="status-state__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
        </svg>
      </div>
      {/* role=alert so a failure that replaces content is announced. */}
      <div role="alert" className="status-state__message">
        <p className="status-state__title">{title ?? <Trans>Algo no ha ido bien</Trans>}</p>
        <p className="status-state__text">{message}</p>
      </div>
      {onRetry && (
        <div className="status-state__action">
          <Button variant="secondary" onClick={() => onRetry()}>
            <Trans>Reintentar</Trans>
          </Button>
        </div>
      )}
    </div>
  )
}
