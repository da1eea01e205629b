// What a cache may keep of an answer (RFC 9111), against whom the contract says it is for (`x-cache`):
//   - one customer's answer (an operation declared `personal`, or any answer to a request with a session) that a
//     shared cache may keep: a CDN hands one traveller's booking to the next (§3.5; OWASP API8);
//   - a `personal` operation whose answer does not say `private` or `no-store`, as the contract declares;
//   - an agency's answer (`tenant`) that a shared cache may keep without `Vary` naming the tenant header: a CDN
//     serves one agency's trips or FAQ on another's portal.
import type { ContractIndex } from './contract-index.ts'
import { requestHeader } from './curl.ts'
import type { AnswerScan } from './response-checker.ts'

export type CacheControl = ReadonlyMap<string, string | true>

/** Cache-Control's directives, lower-cased: `max-age` → its value, a bare one → true. */
export function parseCacheControl(header: string | null): CacheControl {
  const directives = new Map<string, string | true>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...value] = part.trim().split('=')
    if (name === undefined || name === '') continue
    directives.set(name.toLowerCase(), value.length === 0 ? true : value.join('=').trim().replace(/^"|"$/g, ''))
  }
  return directives
}

/**
 * Whether a shared cache may store the answer (§3): never with no-store or private; for a request with a
 * session only when public, s-maxage or must-revalidate allow it (§3.5); otherwise with an explicit lifetime
 * (max-age, s-maxage, Expires), public, or no-cache (stored, then revalidated).
 */
export function sharedCacheMayStore(cacheControl: CacheControl, headers: Headers, withSession: boolean): boolean {
  if (cacheControl.has('no-store') || cacheControl.has('private')) return false
  if (withSession) return cacheControl.has('public') || cacheControl.has('s-maxage') || cacheControl.has('must-revalidate')
  return ['public', 's-maxage', 'max-age', 'no-cache'].some((name) => cacheControl.has(name)) || headers.has('expires')
}

/** Whether Vary names the header (or is `*`, which no cache can reuse). */
export const variesOn = (headers: Headers, name: string): boolean =>
  (headers.get('vary') ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .some((item) => item === '*' || item === name.toLowerCase())

/** The scan of every answer for what a cache may keep of it (the response checker runs it). */
export function cacheScan(contract: ContractIndex): AnswerScan {
  const tenantHeader = contract.tenantHeader
  return {
    kind: 'cache',
    scan({ operation, request, headers }) {
      if (operation === undefined) return []
      const withSession = requestHeader(request, 'authorization') !== undefined
      const cacheControl = parseCacheControl(headers.get('cache-control'))
      const shown = headers.get('cache-control') === null ? 'no Cache-Control' : `Cache-Control: ${headers.get('cache-control')}`
      const findings: Array<{ expected: string; actual: string }> = []
      // with a session, one customer's unless the contract says the answer is the same for all (tenant, public)
      const personal = operation.cache === 'personal' || (withSession && !operation.cacheDeclared)
      if (personal && sharedCacheMayStore(cacheControl, headers, withSession)) {
        findings.push({
          expected: 'an answer for one customer that no shared cache keeps (private or no-store)',
          actual: `${shown}: a CDN may hand it to the next customer`,
        })
      } else if (operation.cache === 'personal' && operation.cacheDeclared && !cacheControl.has('private') && !cacheControl.has('no-store')) {
        findings.push({ expected: 'Cache-Control: private or no-store (x-cache: personal)', actual: shown })
      }
      if (
        operation.cache === 'tenant' &&
        tenantHeader !== undefined &&
        requestHeader(request, tenantHeader) !== undefined &&
        sharedCacheMayStore(cacheControl, headers, withSession) &&
        !variesOn(headers, tenantHeader)
      ) {
        findings.push({
          expected: `Vary: ${tenantHeader} on an agency's answer a shared cache may keep (x-cache: tenant)`,
          actual: `${shown}, ${headers.get('vary') === null ? 'no Vary' : `Vary: ${headers.get('vary')}`}: a CDN may serve it on another agency's portal`,
        })
      }
      return findings
    },
  }
}
