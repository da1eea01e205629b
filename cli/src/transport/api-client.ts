import { toCurl, type RecordedBody, type RecordedFormField, type RecordedRequest } from '../../../contract/engine/curl.ts'
import type { Violation } from '../../../contract/engine/violation.ts'
import { describeFetchError } from '../base/fetch-errors.ts'
import type {
  ApiClient,
  ApiClientOptions,
  ApiSession,
  CallOptions,
  CallOutcome,
  CallRecord,
  ExternalRequest,
  ExternalResponse,
  SuccessfulCall,
} from './api-types.ts'
import { acceptFor, buildUrl, errorCode, maskFormSecrets, tokenFor } from './request-parts.ts'
import { createThrottledFetch } from './throttled-fetch.ts'

// Calls API operations by operationId: builds the URL from the contract's path
// template, adds the bearer token and the tenant header, records the exchange
// and runs the response checker on every answer.

export class TransportError extends Error {
  override readonly name = 'TransportError'
  readonly record: CallRecord

  constructor(message: string, record: CallRecord) {
    super(message)
    this.record = record
  }
}

const decoder = new TextDecoder('utf-8')

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 15_000
  const tenantHeader = options.tenantHeader ?? options.contract.tenantHeader ?? 'agencyId'
  const getSession: () => ApiSession = options.getSession ?? (() => ({}))
  const calls: CallRecord[] = []
  const violations: Violation[] = []
  const succeeded = new Map<string, SuccessfulCall>()
  const throttled = createThrottledFetch({
    doFetch,
    timeoutMs,
    ...(options.requestsPerSecond === undefined ? {} : { requestsPerSecond: options.requestsPerSecond }),
    ...(options.maxRetryWaitMs === undefined ? {} : { maxRetryWaitMs: options.maxRetryWaitMs }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
  })
  const send = throttled.send

  /**
   * Sends one recorded request (never following a redirect: a 3xx is checked, not chased, and must not
   * carry the run to a third party) and tells onExchange what came back. With no answer, the call is
   * recorded as failed and a TransportError thrown; otherwise the response and the time it took.
   */
  async function exchange(
    request: RecordedRequest,
    body: BodyInit | undefined,
    label: string,
    failed: (reason: string, durationMs: number) => CallRecord,
    keep429 = false,
  ): Promise<{ response: Response; startedAt: Date; started: number }> {
    const startedAt = new Date()
    const started = performance.now()
    try {
      const response = await send(
        request.url,
        {
          method: request.method,
          headers: request.headers,
          ...(body === undefined ? {} : { body }),
          redirect: 'manual',
        },
        keep429,
      )
      return { response, startedAt, started }
    } catch (error) {
      const record = failed(describeFetchError(error), Math.round(performance.now() - started))
      calls.push(record)
      options.onExchange?.({ request, startedAt, durationMs: record.durationMs, label })
      throw new TransportError(`${request.method} ${request.url} failed: ${record.error}`, record)
    }
  }

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
    } else if (callOptions.text !== undefined) {
      headers['content-type'] = callOptions.text.contentType
      body = callOptions.text.text
      recordedBody = { kind: 'text', contentType: callOptions.text.contentType, text: callOptions.text.text }
    } else if (callOptions.form !== undefined) {
      const form = new FormData()
      const fields: RecordedFormField[] = []
      for (const field of callOptions.form) {
        if ('data' in field) {
          form.append(field.name, new Blob([field.data as Uint8Array<ArrayBuffer>], { type: field.contentType }), field.fileName)
          // the file's bytes too: the curl line sends them itself (a test document of a few kilobytes)
          fields.push({ name: field.name, fileName: field.fileName, contentType: field.contentType, base64: Buffer.from(field.data).toString('base64') })
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
    const label = callOptions.step === undefined ? operationId : `${operationId} (${callOptions.step})`
    const { response, startedAt, started } = await exchange(
      request,
      body,
      label,
      (error, durationMs) => ({
        operationId,
        method: request.method,
        url,
        status: undefined,
        statusKey: undefined,
        durationMs,
        curl,
        probe: callOptions.probe === true,
        violationCount: 1,
        error,
        ...(explore ? { explore } : {}),
      }),
      callOptions.keepThrottled === true,
    )
    const answered = await options.checker.checkResponse(operationId, request, response)
    options.onExchange?.({
      request,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      label,
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
      const answer = { operation, url, apiPath, requestJson: callOptions.json, status: response.status, json: checked.json, headers: response.headers }
      if (callOptions.unlinked !== true) options.onAnswer?.(answer)
      if (callOptions.probe !== true) {
        const successful: SuccessfulCall = { options: callOptions, answer }
        succeeded.set(operationId, successful)
        if (operation.method !== 'get' && options.readAfterWrite !== undefined) {
          const readBack = await options.readAfterWrite(successful)
          if (readBack !== undefined) successful.readBack = readBack
        }
      }
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

  async function undeclared(method: ExternalRequest['method'], apiPath: string, extra: Readonly<Record<string, string>> = {}): Promise<ExternalResponse> {
    const session = getSession()
    const headers: Record<string, string> = { ...options.extraHeaders, accept: 'application/json', ...extra }
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
    const base = { operationId: request.label, method: request.method, url: url.href, curl, probe, external: true }
    const { response, startedAt, started } = await exchange(recorded, body, request.label, (error, durationMs) => ({
      ...base,
      status: undefined,
      statusKey: undefined,
      durationMs,
      violationCount: 1,
      error,
    }))
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

  return { baseUrl: options.baseUrl, calls, throttle: throttled.stats, call, external: (request) => external(request), undeclared, violations, succeeded }
}
