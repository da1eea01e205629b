import type { ContractIndex, OperationSpec } from '../../../contract/engine/contract-index.ts'
import type { RecordedRequest, SecretNames } from '../../../contract/engine/curl.ts'
import type { CheckedResponse, ResponseChecker } from '../../../contract/engine/response-checker.ts'
import type { ListAgreement } from '../../../contract/engine/list-agreement.ts'
import type { Violation } from '../../../contract/engine/violation.ts'
import type { ThrottleStats } from './throttled-fetch.ts'

// The API client's vocabulary: what a call takes, what it records, what it answers.

/** One request and its answer as sent and received (for --har). */
export type Exchange = {
  request: RecordedRequest
  startedAt: Date
  durationMs: number
  /** undefined when no answer came (refused, timed out) */
  response?: { status: number; statusText: string; headers: Headers; body: Uint8Array }
  /** what the run called it: an operationId, or `provider` */
  label: string
}

export type PathParams = Readonly<Record<string, string | number>> | ReadonlyArray<string | number>
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>

export type FormField = { name: string; value: string } | { name: string; fileName: string; contentType: string; data: Uint8Array }

export type CallOptions = {
  /** by name, or positionally in template order (robust to param renames) */
  path?: PathParams
  /** the path values are put in the URL as they are, not percent-encoded (the odd-id check's `..%2F`, `%00`) */
  rawPath?: boolean
  query?: Readonly<Record<string, QueryValue>>
  json?: unknown
  form?: readonly FormField[]
  /** a body sent as is, under this content type (a malformed one, for the malformed-body check) */
  text?: { contentType: string; text: string }
  headers?: Readonly<Record<string, string>>
  /** headers the run would send that this call leaves out (the tenant header, for the missing-header check) */
  omitHeaders?: readonly string[]
  /** 'auto': send the session token when the operation's security has a bearer scheme */
  auth?: 'auto' | 'none' | { token: string }
  /** negative probe: excluded when judging whether anything was testable */
  probe?: boolean
  /** a 429 is this call's answer, never waited out and asked again (the sign-in brake check counts them) */
  keepThrottled?: boolean
  /** a check's own read (a write read back): its answer gives no values to other operations' links */
  unlinked?: boolean
  /** the step (check) that makes the call: named beside the operation in the HAR (the runner sets it) */
  step?: string
  /**
   * one of many generated inputs: recorded (coverage, timings) but its
   * violations are only returned, not added to the run's; the caller reports
   * the smallest failing input by calling again
   */
  explore?: boolean
}

export type CallRecord = {
  operationId: string
  method: string
  url: string
  status: number | undefined
  statusKey: string | undefined
  durationMs: number
  curl: string
  probe: boolean
  violationCount: number
  /** an error answer's `code`, when its JSON body had one */
  code?: string
  /** transport failure (refused, timeout), when there was no answer */
  error?: string
  /** a request outside the contract (payment provider page): not checked, not in coverage */
  external?: boolean
  explore?: boolean
}

/** A call that answered a 2xx: what it sent, for checks that repeat it or read it back. */
export type SuccessfulCall = {
  options: CallOptions
  answer: Answer
  /**
   * for a write: what the read that shows it answered right after (ApiClientOptions.readAfterWrite), and
   * whether the write's answer linked to that read
   */
  readBack?: {
    operationId: string
    json: unknown
    linked: boolean
    /** the lists that show that read, read at once too (until their x-consistency-ms), and what they showed */
    lists?: ReadonlyArray<{ operationId: string; id: string; reads: number; waitedMs: number; agreement: ListAgreement }>
  }
}

/** What a 2xx answer said, for following the contract's links. */
export type Answer = {
  operation: OperationSpec
  url: string
  /** the URL's path under the API's base URL (`/booking/42`), whatever base path the backend has */
  apiPath: string
  requestJson: unknown
  status: number
  json: unknown
  headers: Headers
}

/** A request outside the contract, e.g. submitting the payment provider's form. */
export type ExternalRequest = {
  /** what it is, shown where an operationId would be (e.g. `provider`) */
  label: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
  url: string
  /** sent as application/x-www-form-urlencoded (POST) or as the query (GET) */
  form?: Readonly<Record<string, string>>
}

export type ExternalResponse = {
  status: number
  headers: Headers
  text: string
  record: CallRecord
}

export type CallOutcome = CheckedResponse & {
  ok: boolean
  headers: Headers
  bytes: Uint8Array
  text(): string
  record: CallRecord
}

export type ApiSession = {
  token?: string
  agencyId?: string
}

export type ApiClient = {
  readonly baseUrl: string
  readonly calls: readonly CallRecord[]
  readonly throttle: Readonly<ThrottleStats>
  call(operationId: string, options?: CallOptions): Promise<CallOutcome>
  /** a request outside the contract; the caller guards the URL (see StepContext.external) */
  external(request: ExternalRequest): Promise<ExternalResponse>
  /**
   * A method the contract does not declare on a path under the API (`DELETE /booking/x`), with the
   * session's token and tenant: recorded as a probe, not checked against the contract nor counted in coverage.
   */
  undeclared(method: ExternalRequest['method'], apiPath: string, headers?: Readonly<Record<string, string>>): Promise<ExternalResponse>
  /** violations of all calls so far, in order */
  readonly violations: readonly Violation[]
  /** each operation's last call that answered a 2xx (probes and generated inputs aside) */
  readonly succeeded: ReadonlyMap<string, SuccessfulCall>
}

export type ApiClientOptions = {
  contract: ContractIndex
  checker: ResponseChecker
  /** API root, base path included (see resolveApiBaseUrl) */
  baseUrl: string
  /** read before every call, so steps that log in are picked up at once */
  getSession?: () => ApiSession
  timeoutMs?: number
  /** header carrying the tenant; default: the contract's (a header parameter or an apiKey scheme), else agencyId */
  tenantHeader?: string
  fetch?: typeof fetch
  /** secrets the run knows and the shell variables printed for them in curl lines */
  secrets?: () => SecretNames
  /**
   * after a write answered a 2xx (probes aside): read what shows it, at once, before anything else changes
   * it (the round-trip check compares the two); undefined when nothing shows it
   */
  readAfterWrite?: (call: SuccessfulCall) => Promise<SuccessfulCall['readBack']>
  /** every 2xx answer (generated inputs aside), e.g. for the link pool */
  onAnswer?: (answer: Answer) => void
  /** at most this many requests per second (a gateway's limit), spaced evenly */
  requestsPerSecond?: number
  /** waits for a 429's Retry-After up to this long each time (default 60 s), else keeps the 429 as the answer */
  maxRetryWaitMs?: number
  /** in tests: a clock that does not really wait */
  sleep?: (ms: number) => Promise<void>
  /** headers for every request (-H: an API gateway's key); the run's own token and tenant header win */
  extraHeaders?: Readonly<Record<string, string>>
  /** every exchange with its answer, for --har */
  onExchange?: (exchange: Exchange) => void
}
