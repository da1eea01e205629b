import type { ContractIndex, OperationSpec } from '../../../contract/engine/contract-index.ts'
import { isSecretKey, mask, toCurl, type RecordedBody, type RecordedFormField, type RecordedRequest, type SecretNames } from '../../../contract/engine/curl.ts'
import { describeFetchError } from '../mock-control.ts'
import type { Exchange } from './har.ts'
import { createThrottledFetch, type ThrottleStats } from './throttled-fetch.ts'
import type { CheckedResponse, ResponseChecker } from '../../../contract/engine/response-checker.ts'
import type { Violation } from '../../../contract/engine/violation.ts'

// Calls API operations by operationId: builds the URL from the contract's path
// template, adds the bearer token and the tenant header, records the exchange
// and runs the response checker on every answer.

export type PathParams = Readonly<Record<string, string | number>> | ReadonlyArray<string | number>
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>

export type FormField = { name: string; value: string } | { name: string; fileName: string; contentType: string; data: Uint8Array }

export type CallOptions = {
  /** by name, or positionally in template order (robust to param renames) */
  path?: PathParams
  query?: Readonly<Record<string, QueryValue>>
  json?: unknown
  form?: readonly FormField[]
  headers?: Readonly<Record<string, string>>
  /** headers the run would send that this call leaves out (the tenant header, for the missing-header check) */
  omitHeaders?: readonly string[]
  /** 'auto': send the session token when the operation's security has a bearer scheme */
  auth?: 'auto' | 'none' | { token: string }
  /** negative probe: excluded when judging whether anything was testable */
  probe?: boolean
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
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
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
  undeclared(method: ExternalRequest['method'], apiPath: string): Promise<ExternalResponse>
  /** violations of all calls so far, in order */
  readonly violations: readonly Violation[]
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

export class TransportError extends Error {
  override readonly name = 'TransportError'
  readonly record: CallRecord

  constructor(message: string, record: CallRecord) {
    super(message)
    this.record = record
  }
}

/**
 * The API's root, taken from --base-url: `http://host/v2/customer` as given (any base path), `http://host/`
 * (a slash after the host) the root itself, and a bare `http://host` the contract's server base path.
 */
export function resolveApiBaseUrl(given: string, basePath: string): string {
  const url = new URL(given)
  const bareHost = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.test(given.trim())
  if (bareHost && basePath !== '') url.pathname = basePath
  return url.href.replace(/\/+$/, '')
}

const decoder = new TextDecoder('utf-8')

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 15_000
  const tenantHeader = options.tenantHeader ?? options.contract.tenantHeader ?? 'agencyId'
  const getSession: () => ApiSession = options.getSession ?? (() => ({}))
  const calls: CallRecord[] = []
  const violations: Violation[] = []
  const throttled = createThrottledFetch({
    doFetch,
    timeoutMs,
    ...(options.requestsPerSecond === undefined ? {} : { requestsPerSecond: options.requestsPerSecond }),
    ...(options.maxRetryWaitMs === undefined ? {} : { maxRetryWaitMs: options.maxRetryWaitMs }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
  })
  const send = throttled.send

  async function call(operationId: string, callOptions: CallOptions = {}): Promise<CallOutcome> {
    const operation = options.contract.operations.get(operationId)
    if (operation === undefined) throw new Error(`operation ${operationId} is not in the contract`)

    const url = buildUrl(options.baseUrl, operation, callOptions)
    const session = getSession()
    const headers: Record<string, string> = { ...options.extraHeaders, accept: acceptFor(operation) }
    if (session.agencyId !== undefined) headers[tenantHeader] = session.agencyId
    const token = tokenFor(operation, callOptions.auth ?? 'auto', session)
    if (token !== undefined) headers['Authorization'] = `Bearer ${token}`

    let body: BodyInit | undefined
    let recordedBody: RecordedBody | undefined
    if (callOptions.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(callOptions.json)
      recordedBody = { kind: 'json', value: callOptions.json }
    } else if (callOptions.form !== undefined) {
      const form = new FormData()
      const fields: RecordedFormField[] = []
      for (const field of callOptions.form) {
        if ('data' in field) {
          form.append(field.name, new Blob([field.data as Uint8Array<ArrayBuffer>], { type: field.contentType }), field.fileName)
          fields.push({ name: field.name, fileName: field.fileName, contentType: field.contentType })
        } else {
          form.append(field.name, field.value)
          fields.push({ name: field.name, value: field.value })
        }
      }
      // Encoded here (boundary and bytes), so any fetch sends it as is: Node's, or undici's for --ca-cert.
      const encoded = new Response(form)
      headers['content-type'] = encoded.headers.get('content-type') as string
      body = new Uint8Array(await encoded.arrayBuffer())
      recordedBody = { kind: 'form', fields }
    }
    Object.assign(headers, callOptions.headers)
    for (const name of callOptions.omitHeaders ?? []) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key]
    }

    const request: RecordedRequest = { method: operation.method.toUpperCase(), url, headers, ...(recordedBody === undefined ? {} : { body: recordedBody }) }
    const curl = toCurl(request, options.secrets?.())
    const explore = callOptions.explore === true
    const startedAt = new Date()
    const started = performance.now()
    let response: Response
    try {
      response = await send(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        // Never follow redirects: a 3xx must be checked, not chased, and a
        // redirect must not carry us to a third party (payment providers).
        redirect: 'manual',
      })
    } catch (error) {
      const reason = describeFetchError(error)
      const record: CallRecord = {
        operationId,
        method: request.method,
        url,
        status: undefined,
        statusKey: undefined,
        durationMs: Math.round(performance.now() - started),
        curl,
        probe: callOptions.probe === true,
        violationCount: 1,
        error: reason,
        ...(explore ? { explore } : {}),
      }
      calls.push(record)
      options.onExchange?.({ request, startedAt, durationMs: record.durationMs, label: operationId })
      throw new TransportError(`${request.method} ${url} failed: ${reason}`, record)
    }
    const answered = await options.checker.checkResponse(operationId, request, response)
    options.onExchange?.({
      request,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      label: operationId,
      response: { status: response.status, statusText: response.statusText, headers: response.headers, body: answered.body },
    })
    // The checker prints secrets masked; the client knows which ones the reader can export.
    const checked = { ...answered, violations: answered.violations.map((violation) => ({ ...violation, curl })) }
    const code = errorCode(checked.status, checked.json)
    const record: CallRecord = {
      operationId,
      method: request.method,
      url,
      status: checked.status,
      statusKey: checked.statusKey,
      durationMs: Math.round(performance.now() - started),
      curl,
      probe: callOptions.probe === true,
      violationCount: checked.violations.length,
      ...(code === undefined ? {} : { code }),
      ...(explore ? { explore } : {}),
    }
    calls.push(record)
    if (!explore) violations.push(...checked.violations)
    if (!explore && response.status >= 200 && response.status < 300) {
      const apiPath = new URL(url).pathname.slice(new URL(options.baseUrl).pathname.replace(/\/+$/, '').length) || '/'
      options.onAnswer?.({ operation, url, apiPath, requestJson: callOptions.json, status: response.status, json: checked.json, headers: response.headers })
    }
    const bytes = checked.body
    return {
      ...checked,
      ok: response.status >= 200 && response.status < 300,
      headers: response.headers,
      bytes,
      text: () => decoder.decode(bytes),
      record,
    }
  }

  async function undeclared(method: ExternalRequest['method'], apiPath: string): Promise<ExternalResponse> {
    const session = getSession()
    const headers: Record<string, string> = { ...options.extraHeaders, accept: 'application/json' }
    if (session.agencyId !== undefined) headers[tenantHeader] = session.agencyId
    if (session.token !== undefined) headers['Authorization'] = `Bearer ${session.token}`
    return external({ label: `${method} ${apiPath}`, method, url: `${options.baseUrl}${apiPath}` }, headers, true)
  }

  async function external(request: ExternalRequest, sessionHeaders?: Record<string, string>, probe = false): Promise<ExternalResponse> {
    const url = new URL(request.url)
    const headers: Record<string, string> = sessionHeaders ?? { accept: 'text/html, application/json;q=0.9, */*;q=0.8' }
    let body: string | undefined
    if (request.form !== undefined) {
      const params = new URLSearchParams(request.form as Record<string, string>)
      if (request.method === 'GET') for (const [key, value] of params) url.searchParams.append(key, value)
      else {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = params.toString()
      }
    }
    const recorded: RecordedRequest = {
      method: request.method,
      url: url.href,
      headers,
      ...(body === undefined ? {} : { body: { kind: 'text', contentType: headers['content-type'] as string, text: maskFormSecrets(body) } }),
    }
    const curl = toCurl(recorded, options.secrets?.())
    const startedAt = new Date()
    const started = performance.now()
    const base = { operationId: request.label, method: request.method, url: url.href, curl, probe, external: true }
    let response: Response
    try {
      response = await send(url.href, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
      })
    } catch (error) {
      const reason = describeFetchError(error)
      const record: CallRecord = {
        ...base,
        status: undefined,
        statusKey: undefined,
        durationMs: Math.round(performance.now() - started),
        violationCount: 1,
        error: reason,
      }
      calls.push(record)
      options.onExchange?.({ request: recorded, startedAt, durationMs: record.durationMs, label: request.label })
      throw new TransportError(`${request.method} ${url.href} failed: ${reason}`, record)
    }
    const text = await response.text()
    options.onExchange?.({
      request: recorded,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      label: request.label,
      response: { status: response.status, statusText: response.statusText, headers: response.headers, body: new TextEncoder().encode(text) },
    })
    const record: CallRecord = {
      ...base,
      status: response.status,
      statusKey: undefined,
      durationMs: Math.round(performance.now() - started),
      violationCount: 0,
    }
    calls.push(record)
    return { status: response.status, headers: response.headers, text, record }
  }

  return { baseUrl: options.baseUrl, calls, throttle: throttled.stats, call, external: (request) => external(request), undeclared, violations }
}

function errorCode(status: number, json: unknown): string | undefined {
  if (status < 400 || json === null || typeof json !== 'object' || Array.isArray(json)) return undefined
  const code = (json as Record<string, unknown>)['code']
  return typeof code === 'string' && code !== '' ? code : undefined
}

/** Masks credential-like fields of an urlencoded body for the curl line. */
function maskFormSecrets(body: string): string {
  const params = new URLSearchParams(body)
  let changed = false
  for (const key of new Set(params.keys())) {
    if (isSecretKey(key)) {
      params.set(key, mask)
      changed = true
    }
  }
  return changed ? params.toString().replace(/%2A%2A%2A/g, mask) : body
}

function tokenFor(operation: OperationSpec, auth: NonNullable<CallOptions['auth']>, session: ApiSession): string | undefined {
  if (auth === 'none') return undefined
  if (typeof auth === 'object') return auth.token
  // Follow the contract: only operations whose security has a bearer scheme
  // get the token, so a "public" endpoint that secretly needs it shows up.
  return operation.bearer === 'none' ? undefined : session.token
}

function acceptFor(operation: OperationSpec): string {
  const types = new Set<string>()
  for (const [key, response] of Object.entries(operation.responses)) {
    if (key.startsWith('2')) for (const media of response.content) types.add(media.mediaType)
  }
  types.add('application/json')
  return [...types].join(', ')
}

export function buildUrl(baseUrl: string, operation: OperationSpec, options: CallOptions): string {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
  const given = options.path
  const values = new Map<string, string>()
  if (Array.isArray(given)) {
    if (given.length !== names.length) {
      throw new Error(`${operation.operationId} takes ${names.length} path parameter(s) (${names.join(', ')}), got ${given.length}`)
    }
    names.forEach((name, index) => values.set(name, String(given[index])))
  } else if (given !== undefined) {
    for (const [name, value] of Object.entries(given as Record<string, string | number>)) values.set(name, String(value))
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values.get(name)
    if (value === undefined) throw new Error(`${operation.operationId}: missing path parameter ${name}`)
    return encodeURIComponent(value)
  })
  const url = new URL(`${baseUrl}${path}`)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item))
    else url.searchParams.append(key, String(value))
  }
  return url.href
}

export function bodyText(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}
