import { type ReactNode, useEffect, useRef } from 'react'
import './auth.css'

type SentConfirmationProps = {
  /** Whether the form was sent: the confirmation shows, and takes focus, from then on. */
  sent: boolean
  title: ReactNode
  text: ReactNode
  /** e.g. "Usar otro email". */
  action?: ReactNode
}

/**
 * What replaces a form that mailed a link. The live region is in the page before its text arrives
 * (a region inserted together with its text is not announced by many screen readers), and focus
 * moves to the title: the button that sent it is gone, and focus must not fall to <body>.
 */
export function SentConfirmation({ sent, title, text, action }: SentConfirmationProps) {
  const titleRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (sent) titleRef.current?.focus()
  }, [sent])
  return (
    <div role="status" className={sent ? 'auth-sent' : undefined}>
      {sent && (
        <>
          <div className="auth-sent__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28">
              <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            </svg>
          </div>
          <h2 ref={titleRef} tabIndex={-1} className="auth-sent__title">
            {title}
          </h2>
          <p className="auth-sent__text">{text}</p>
          {action}
        </>
      )}
    </div>
  )
}
