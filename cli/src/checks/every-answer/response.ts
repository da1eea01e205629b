// response: every answer, of every step and probe, is read against the contract — its status, content
// type, body schema, headers and error code — by the engine's response checker; it is that checker, so it
// has no scan of its own and cannot be left out.
import type { Check } from '../kit/check.ts'

export const response = {
  name: 'response',
  proves: 'every answer has a declared status, content type, body schema, headers and error code; no 5xx but a declared 503 with Retry-After',
  runs: 'every answer',
  schemathesis: 'status_code_conformance, content_type_conformance, response_schema_conformance, response_headers_conformance, not_a_server_error',
  restler: 'its 5xx bug buckets (every request it sends)',
  zap: '10019 Content-Type Header Missing (its schemas unread)',
  always: true,
} as const satisfies Check<'response'>
