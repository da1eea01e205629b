// The one record every check produces. Flat strings on purpose: it is printed
// by the human reporter, serialised by --json and becomes a JUnit failure.

export type ViolationKind =
  /** status code not declared for the operation */
  | 'status'
  /** a 5xx, other than a declared 503 with Retry-After (a temporary outage) [not_a_server_error] */
  | 'server-error'
  /** content-type missing or not declared for that status */
  | 'content-type'
  /** body unreadable: not JSON, wrong magic bytes, empty when content is declared */
  | 'body'
  /** JSON body does not match the declared schema */
  | 'schema'
  /** error body's code not in x-error-codes for that status nor generic */
  | 'error-code'
  /** a header the answer needs is missing or malformed (Retry-After on a 429) */
  | 'header'
  /** an answer shows a secret: an undeclared credential-like property, a password hash, a private key (secret-exposure.ts) */
  | 'exposure'
  /** an error answer shows the backend's insides: a stack trace, file paths, SQL, an exception class (error-leaks.ts) */
  | 'error-leak'
  /** an answer lets another site read it with the caller's credentials (cors-rules.ts) */
  | 'cors'
  /** an answer names another resource than the one its path asked for: an id matched loosely (loose-id-rules.ts) */
  | 'loose-id'
  /** a list out of the order its operation declares (x-order: order-rules.ts) */
  | 'order'
  /** a cache may keep an answer for whom it is not: one customer's in a shared cache, or an agency's without Vary (cache-rules.ts) */
  | 'cache'
  /** a list that does not show what a write just made or changed, as the item's own read does */
  | 'list-consistency'
  /** a request the contract says needs a session, answered 2xx without one (the proxy) */
  | 'unauthenticated'
  /** what was written does not read back as sent, or as the contract says it is normalised */
  | 'round-trip'
  /** a field the resource shows but its request does not take was sent, and applied (mass assignment) */
  | 'read-only-field'
  /** a repeated request the contract declares idempotent did something again */
  | 'idempotency'
  /** a request a client sent does not follow the contract (request-checker.ts: the proxy) */
  | 'request'
  /** a negative probe got a different status or code than expected */
  | 'probe'
  /** a step's own assertion failed (e.g. the list it needed was empty) */
  | 'step'
  /** the request could not be made or answered (refused, timeout) */
  | 'transport'
  /** the contract itself could not be used for the check */
  | 'contract'

export type Violation = {
  kind: ViolationKind
  operationId: string
  method: string
  url: string
  status?: number
  expected: string
  actual: string
  /** reproduces the request; secrets masked */
  curl: string
  /** a short excerpt of what the backend sent (for a schema finding, the object it is about); secrets masked */
  sent?: string
  /** id of the step that made the call, filled in by the runner */
  step?: string
}

export function formatViolation(violation: Violation): string {
  const status = violation.status === undefined ? '' : ` -> ${violation.status}`
  return `[${violation.kind}] ${violation.operationId} ${violation.method} ${violation.url}${status}: expected ${violation.expected}; got ${violation.actual}`
}
