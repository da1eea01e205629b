import type { ReactNode } from 'react'
import { Link } from 'react-router'
import './auth.css'

type AuthNoticeProps = { id: string; title: ReactNode; intro: ReactNode; to: string; action: ReactNode }

/** A sign-in page that can only say what happened and where to go next (a used link, a refused token). */
export function AuthNotice({ id, title, intro, to, action }: AuthNoticeProps) {
  return (
    <section className="auth-card" aria-labelledby={id}>
      <header className="auth-card__header">
        <h1 id={id} className="auth-card__title">
          {title}
        </h1>
        <p className="auth-card__intro">{intro}</p>
      </header>
      <Link className="auth-card__cta" to={to} replace>
        {action}
      </Link>
    </section>
  )
}
