import type { ReactNode, Ref } from 'react'
import './callout.css'

export type CalloutProps = {
  /** info: something to know; success: it worked; warning: mind this; danger: it failed, do this next. */
  tone?: 'info' | 'success' | 'warning' | 'danger'
  title?: ReactNode
  children?: ReactNode
  /** Buttons or links: what to do next. */
  actions?: ReactNode
  /**
   * alert: a failure the user must hear now (announced assertively); status: a change they should
   * hear politely; none: static information.
   */
  announce?: 'alert' | 'status' | 'none'
  className?: string
  /** For focusing it after a failed action. */
  id?: string
  tabIndex?: number
  ref?: Ref<HTMLDivElement>
}

/** A boxed message inside a page: a hint, a result, or a failure with what to do next. */
export function Callout({ tone = 'info', title, children, actions, announce = 'none', className, id, tabIndex, ref }: CalloutProps) {
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={tabIndex}
      role={announce === 'none' ? undefined : announce}
      className={['callout', `callout--${tone}`, className].filter(Boolean).join(' ')}
    >
      <span className="callout__icon" aria-hidden="true">
        <svg viewBox="0 0 20 20" width="20" height="20">
          {tone === 'success' ? (
            <path d="M5 10.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          ) : tone === 'info' ? (
            <>
              <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M10 9v5M10 6.2v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </>
          ) : (
            <>
              <path d="M10 2.5l8 14.5H2z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              <path d="M10 8v4M10 14.6v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </>
          )}
        </svg>
      </span>
      <div className="callout__content">
        {title && <p className="callout__title">{title}</p>}
        {children && <div className="callout__text">{children}</div>}
        {actions && <div className="callout__actions">{actions}</div>}
      </div>
    </div>
  )
}
