import type { HTMLAttributes, ReactNode } from 'react'
import './card.css'

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  title?: ReactNode
  /** Keep the document outline right: h2 on a page, h3 inside a section. */
  titleAs?: 'h2' | 'h3'
  /** Buttons or links under the content. */
  actions?: ReactNode
  children?: ReactNode
}

export function Card({ title, titleAs: Title = 'h2', actions, children, className, ...rest }: CardProps) {
  return (
    <section {...rest} className={['card', className].filter(Boolean).join(' ')}>
      {title && <Title className="card__title">{title}</Title>}
      {children && <div className="card__body">{children}</div>}
      {actions && <div className="card__actions">{actions}</div>}
    </section>
  )
}
