import DOMPurify from 'dompurify'

/**
 * HTML from the API (FAQ answers, the legal notice) made safe to render: no script, no event
 * handlers, no forms or frames, no remote images; links keep working and open safely.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  // No usable DOM to sanitize with: show the text, never the markup.
  if (!DOMPurify.isSupported) return html.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img', 'svg', 'math'],
    FORBID_ATTR: ['style'],
  })
}
