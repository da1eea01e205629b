// Where a page sends its Core Web Vitals, and what a beacon holds: shared by the page
// (app/background/vitals-beacon.ts) and the production server that writes them (web/server/rum-beacon.ts).

/** The portal's own path the beacons go to. */
export const VITALS_PATH = '/__rum'

/** Set on <html> by the server that takes the beacons (its value: where); a page without it sends none. */
export const VITALS_ATTRIBUTE = 'data-vitals'

/**
 * One page view's vitals: the page's route template (`/booking/:id`, never the address), the agency, the three
 * Core Web Vitals as measured so far (LCP and INP in ms, CLS unitless), and the device's memory (GB) and
 * connection type, when the browser tells them. Nothing of the account, the booking or the traveller.
 */
export type VitalsBeacon = {
  route: string
  agency: string
  lcp?: number
  inp?: number
  cls?: number
  memory?: number
  connection?: string
}
