// unauthenticated: the proxy sees the real clients' requests, and one that carries no session for an operation
// that needs one is the client's finding (the request check's); the backend serving it anyway (a 2xx) is the
// backend's, found here on real traffic — what the smoke run's auth check proves with its own requests
// (Schemathesis' ignored_auth).
import type { OperationSpec } from '../../../contract/engine/contract-index.ts'
import { toCurl, type RecordedRequest } from '../../../contract/engine/curl.ts'
import type { Violation } from '../../../contract/engine/violation.ts'
import type { CheckInfo } from '../reports/check-info.ts'

export const unauthenticated = {
  name: 'unauthenticated',
  proves: 'a request without the session its operation needs is never served (2xx) by the backend',
  runs: 'every answer',
  schemathesis: 'ignored_auth',
  zap: 'Access Control Testing add-on (users and rules set up by hand)',
} as const satisfies CheckInfo

/** The finding for one exchange the proxy passed on; undefined when the request had a session or was refused. */
export function unauthenticatedFinding(operation: OperationSpec, request: RecordedRequest, status: number): Violation | undefined {
  if (!operation.requiresAuth || status < 200 || status >= 300) return undefined
  const authorization = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? ''
  if (/^bearer\s+\S/i.test(authorization)) return undefined
  return {
    kind: 'unauthenticated',
    operationId: operation.operationId,
    method: request.method,
    url: request.url,
    status,
    expected: '401 for a request without the session the operation needs',
    actual: `${status}: the backend answered without a session`,
    curl: toCurl(request),
  }
}
