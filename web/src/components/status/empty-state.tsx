import type { ReactNode } from 'react'
import './status-state.css'

export type EmptyStateProps = {
  title: ReactNode
  description?: ReactNode
  /** Usually a Button or link to create the first item. */
  action?: ReactNode
  /** Decorative; hidden from assistive technology. */
  icon?: ReactNode
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <div className="status-state">
      <div className="status-state__icon" aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M4 7h16v12H4z" strokeLinejoin="round" />
            <path d="M9 7V5h6v2" strokeLinejoin="round" />
          </svg>
        )}
      </div>
      <p className="status-state__title">{title}</p>
      {description && <p className="status-state__text">{description}</p>}
      {action && <div className="status-state__action">{action}</div>}
    </div>
  )
}
