// What travellers really get: the page view's Core Web Vitals (LCP, INP, CLS, measured by the web-vitals library
// as Chrome's field data measures them), sent once, when the page is hidden (the traveller switches app, closes
// the tab or leaves), with navigator.sendBeacon to the portal's own origin (config/vitals.universal.ts; the
// production server writes them, web/server/rum-beacon.ts). The page's route template and the agency say where;
// the device's memory and connection type say on what. Nothing else: no address, no booking, no account.
// Loaded once the browser is idle after the first render (main.tsx): web-vitals reads what the browser buffered
// since the page's start.
import { onCLS, onINP, onLCP } from 'web-vitals'
import { PAGE_ROUTES } from '@/config/routes.universal'
import type { VitalsBeacon } from '@/config/vitals.universal'

/** The route template of the page the matched routes end in (their ids: app/router.tsx names a page's route by its page). */
export const routeTemplateOf = (routeIds: readonly (string | undefined)[]): string | undefined => {
  const page = PAGE_ROUTES.find((route) => route.page === routeIds.at(-1))
  return page === undefined ? undefined : `/${page.path}`
}

type Navigator = globalThis.Navigator & { deviceMemory?: number; connection?: { effectiveType?: string } }

export type VitalsBeaconOptions = {
  /** where the server takes them (the value of <html data-vitals>) */
  endpoint: string
  agencyId: string
  /** the page the traveller landed on (its matched route ids): Chrome's field data counts a page view for the page loaded */
  landedOn: readonly (string | undefined)[]
}

/** Starts measuring; the beacon goes once, the first time the page is hidden. */
export function startVitalsBeacon({ endpoint, agencyId, landedOn }: VitalsBeaconOptions): void {
  const route = routeTemplateOf(landedOn)
  const beacon: Partial<VitalsBeacon> = {}
  onLCP((metric) => (beacon.lcp = Math.round(metric.value)))
  onINP((metric) => (beacon.inp = Math.round(metric.value)))
  onCLS((metric) => (beacon.cls = Math.round(metric.value * 10_000) / 10_000))
  let sent = false
  // after web-vitals' own listeners (added above), which report what they held back until now
  const send = () => {
    if (sent || document.visibilityState !== 'hidden') return
    if (route === undefined) return
    sent = true
    const { deviceMemory, connection } = navigator as Navigator
    const body: VitalsBeacon = {
      route,
      agency: agencyId,
      ...beacon,
      ...(typeof deviceMemory === 'number' ? { memory: deviceMemory } : {}),
      ...(typeof connection?.effectiveType === 'string' ? { connection: connection.effectiveType } : {}),
    }
    navigator.sendBeacon(endpoint, new Blob([JSON.stringify(body)], { type: 'application/json' }))
  }
  document.addEventListener('visibilitychange', send)
  // Safari may leave without a visibilitychange
  addEventListener('pagehide', send)
  // Said on the page: web-vitals settles LCP at the first press or leave it sees, so one before this moment is not
  // measured (a test waits for it before its press; devtools show it)
  document.documentElement.setAttribute('data-vitals-measuring', '')
}
