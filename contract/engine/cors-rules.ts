// Cross-origin reads (OWASP API Security Top 10 2023, API8): an answer that lets a page of another site read it with
// the caller's credentials. A browser sends the page's origin in `Origin`; a backend may name in
// `Access-Control-Allow-Origin` an origin it trusts (the portal's). Naming back a foreign origin, or `null` (sandboxed
// frames, file: pages), together with `Access-Control-Allow-Credentials: true` lets that site read the customer's
// answers; `*` with credentials is refused by browsers and shows a backend that reflects whatever comes.
// Which origins are foreign: the ones a run sends on purpose (`foreignOrigins`: hosts under attacker.invalid, RFC 2606
// keeps .invalid from ever being a site) and `null`. A real portal's origin is never one, so real traffic through the
// proxy is judged by the same rule without knowing the portals.
import { requestHeader } from './curl.ts'
import type { AnswerScan, ScannedAnswer } from './response-checker.ts'

const FOREIGN_HOST = 'attacker.invalid'

/**
 * The origins a run sends: another site; `null`; and one that only a loose match takes for the portal's: its host
 * with another site after it (a prefix or unanchored match). A name that merely ends in the portal's host (a suffix
 * match) is not sent: it is a sibling under the portal's own domain, which a backend may rightly trust.
 */
export function foreignOrigins(portalUrl: string): string[] {
  const portal = new URL(portalUrl)
  const port = portal.port === '' ? '' : `:${portal.port}`
  return [`https://${FOREIGN_HOST}`, 'null', `${portal.protocol}//${portal.hostname}.${FOREIGN_HOST}${port}`]
}

export function isForeignOrigin(origin: string): boolean {
  if (origin === 'null') return true
  try {
    const { hostname } = new URL(origin)
    return hostname === FOREIGN_HOST || hostname.endsWith(`.${FOREIGN_HOST}`)
  } catch {
    return false
  }
}

/** What is wrong with an answer (or a preflight's) to a request from `origin`; undefined when nothing is. */
export function corsProblem(origin: string | undefined, answer: Headers): { expected: string; actual: string } | undefined {
  if (origin === undefined) return undefined
  const allowed = answer.get('access-control-allow-origin')?.trim()
  const credentials = answer.get('access-control-allow-credentials')?.trim().toLowerCase() === 'true'
  if (allowed === undefined || !credentials) return undefined
  if (allowed === '*') {
    return {
      expected: 'no Access-Control-Allow-Origin: * with credentials',
      actual: `Access-Control-Allow-Origin: * and Access-Control-Allow-Credentials: true (for Origin ${origin})`,
    }
  }
  if (allowed === origin && isForeignOrigin(origin)) {
    return {
      expected: `Origin ${origin}, another site, not let read with the caller's credentials`,
      actual: `Access-Control-Allow-Origin: ${allowed} and Access-Control-Allow-Credentials: true`,
    }
  }
  return undefined
}

export const corsScan = (): AnswerScan => ({
  kind: 'cors',
  scan: (answer: ScannedAnswer) => {
    const problem = corsProblem(requestHeader(answer.request, 'origin'), answer.headers)
    return problem === undefined ? [] : [problem]
  },
})
