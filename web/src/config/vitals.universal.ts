// Where a page sends its Core Web Vitals, and what a beacon holds: shared by the page
// (app/background/vitals-beacon.ts) and the production server that writes them (web/server/rum-beacon.ts).

/** The portal's own path the beacons go to. */
export const VITALS_PATH = '/__rum'

/** Set on <html> by the server that takes the beacons (its value: where); a page without it sends none. */
export const VITALS_ATTRIBUTE = 'data-vitals'

/** Set beside it when the server takes only a share of the page views (RUM_SAMPLE, 0 to 1): its value, the share. */
export const VITALS_SAMPLE_ATTRIBUTE = 'data-vitals-sample'

/**
 * Whether this page view is one of the share the server asked for (decided on the page, so the others cost neither
 * the phone's upload nor the server's time; decision 050). No share said: every page view. A share that is not a
 * number from 0 to 1: none, rather than more than the server asked for.
 */
export const inVitalsSample = (share: string | null, random: () => number = Math.random): boolean => {
  if (share === null) return true
  const value = Number(share)
  return Number.isFinite(value) && value >= 0 && value <= 1 && random() < value
}

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
