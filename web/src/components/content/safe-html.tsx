import { useMemo } from 'react'
import { sanitizeHtml } from '@/lib/browser/sanitize-html'
import './safe-html.css'

/** Renders HTML from the API after sanitizing it (see sanitizeHtml). */
export function SafeHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return <div className={['prose', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />
}
