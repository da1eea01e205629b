import type { ReactNode } from 'react'
import { Link } from 'react-router'
import './back-link.css'

/** "‹ Volver a …": the way back to where a page belongs (a booking's payments, its ballot), above its title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="back-link">
      <Link to={to}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {children}
      </Link>
    </p>
  )
}
