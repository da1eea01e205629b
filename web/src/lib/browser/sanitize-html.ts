import DOMPurify from 'dompurify'

/** What HTML from the API may keep: no forms or frames, no remote images, no inline styles. */
const API_HTML_RULES = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img', 'svg', 'math'],
  FORBID_ATTR: ['style'],
}

let rulesSet = false

/**
 * HTML from the API (FAQ answers, the legal notice) made safe to render: no script, no event
 * handlers, no forms or frames, no remote images; links keep working and open safely.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  // No usable DOM to sanitize with: show the text, never the markup.
  if (!DOMPurify.isSupported) return html.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
  // Rules passed with a call are parsed again by every call (DOMPurify rebuilds its allow-lists: 0.1–0.6 ms
  // and their garbage a call on a desktop, ten times that on a low-end phone, and a trip has several pieces of
  // HTML); set once, they are kept. This module is the only one that imports DOMPurify (lint), so no other caller meets them.
  if (!rulesSet) {
    DOMPurify.setConfig(API_HTML_RULES)
    rulesSet = true
  }
  return DOMPurify.sanitize(html)
}
