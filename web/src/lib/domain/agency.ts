// The agency (tenant) this portal is served for. Resolved once before the first render: from
// `window.__AGENCY__` when the production server already branded the page, else from the
// page's origin through POST /agency (development). Constant for the page's life.
import type { Agency } from '@contract/generated/model/agency'
import { findAgency } from '@/lib/api/generated/endpoints/agency/agency'
import { setAgencyId } from '@/lib/api/request-context.universal'
import { brandVariablesCss, sanitizeTenantCss } from '@/lib/domain/branding.universal'

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging into Window needs an interface
  interface Window {
    /** Written by the production server (web/server/portal-server.ts); null when the host is unknown. */
    __AGENCY__?: Agency | null
  }
}

let current: Agency | null = null

export function setCurrentAgency(agency: Agency | null): void {
  current = agency
  setAgencyId(agency?.id ?? null)
}

export const getCurrentAgency = (): Agency | null => current

/** The current agency. Set before the first render, so a plain read is enough. */
export function useAgency(): Agency | null {
  return current
}

/** The injected agency if the server sent one, else the lookup by origin; null when none is served here. */
export async function resolveAgency(origin: string, injected: Agency | null | undefined): Promise<Agency | null> {
  if (injected) return injected
  try {
    return await findAgency({ url: origin })
  } catch (error) {
    console.warn('Agency lookup failed', error)
    return null
  }
}

const upsertStyle = (doc: Document, id: string, css: string) => {
  let element = doc.getElementById(id)
  if (!(element instanceof HTMLStyleElement)) {
    element = doc.createElement('style')
    element.id = id
    doc.head.append(element)
  }
  if (element.textContent !== css) element.textContent = css
}

/**
 * Brand colours and the agency's (neutralized) extra CSS as <style> elements, plus the title.
 * The production server writes the same elements into the HTML (allowed by their CSP hashes); when they are
 * there already nothing is touched, since a script-made <style> would break that policy.
 */
export function applyBranding(agency: Agency, doc: Document = document): void {
  if (!doc.getElementById('brand-vars')) upsertStyle(doc, 'brand-vars', brandVariablesCss(agency))
  const extra = sanitizeTenantCss(agency.css_extra)
  if (extra && !doc.getElementById('brand-extra')) upsertStyle(doc, 'brand-extra', extra)
  doc.title = agency.name
}
