import { retryAfterMs } from '../../core/http-retry.ts'
import type { ContractIndex, MediaTypeSpec, OperationSpec, ResponseSpec } from './contract-index.ts'
import { maskJsonSecrets, toCurl, type RecordedRequest } from './curl.ts'
import { getAtPointer } from './json-pointer.ts'
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts'
import type { Violation, ViolationKind } from './violation.ts'

// Checks one real HTTP answer against what the contract declares for that
// operation: status, content type, body shape, and the domain error code;
// then runs the scans it was given over the same answer (a secret shown, the
// backend's insides in an error: faults no schema sees). Independent of any
// specific operation.

export type ObservedResponse = {
  status: number
  headers: Headers
  body: Uint8Array
}

export type CheckedResponse = {
  operationId: string
  status: number
  /** the declared response key that matched ('200', '4XX', 'default') */
  statusKey: string | undefined
  /** actual media type without parameters, lower-cased */
  mediaType: string | undefined
  /** parsed body when it is JSON (undefined otherwise or when unparsable) */
  json: unknown
  violations: Violation[]
}

export type ResponseChecker = {
  readonly contract: ContractIndex
  checkExchange(operationId: string, request: RecordedRequest, response: ObservedResponse): CheckedResponse
  /** Reads the body of a fetch Response, then checks it. */
  checkResponse(operationId: string, request: RecordedRequest, response: Response): Promise<CheckedResponse & { body: Uint8Array }>
}

/** An answer as a scan reads it: what came, for which operation, and the declared media its body matched. */
export type ScannedAnswer = {
  /** undefined when the contract has no such operation */
  operation: OperationSpec | undefined
  request: RecordedRequest
  status: number
  headers: Headers
  body: Uint8Array
  /** the parsed body, when it is JSON */
  json: unknown
  /** the declared media type the JSON body matched, when the answer is on the contract that far */
  media: MediaTypeSpec | undefined
}

/** A scan of every answer for one fault no schema shows: what it found, each an expected and an actual. */
export type AnswerScan = {
  kind: ViolationKind
  scan(answer: ScannedAnswer): Array<{ expected: string; actual: string }>
}

export type ResponseCheckerOptions = {
  validator?: SchemaValidator
  /** cap per response: a wrong array type can otherwise yield hundreds */
  maxSchemaErrors?: number
  /** run over every answer after the contract's own checks, whatever they found (default: none) */
  scans?: readonly AnswerScan[]
}

const decoder = new TextDecoder('utf-8')

export function createResponseChecker(contract: ContractIndex, options: ResponseCheckerOptions = {}): ResponseChecker {
  const validator = options.validator ?? createSchemaValidator(contract)
  const maxSchemaErrors = options.maxSchemaErrors ?? 10

  function checkExchange(operationId: string, request: RecordedRequest, response: ObservedResponse): CheckedResponse {
    const violations: Violation[] = []
    // What the backend sent, shown beside each finding: the body's start, or the object a schema error is about.
    const sentBody = () =>
      response.body.length === 0 ? undefined : sentExcerpt(result.json === undefined ? decoder.decode(response.body.subarray(0, 400)) : result.json)
    const report = (kind: ViolationKind, expected: string, actual: string, sent: string | undefined = sentBody()) =>
      violations.push({
        kind,
        operationId,
        method: request.method.toUpperCase(),
        url: request.url,
        status: response.status,
        expected,
        actual,
        curl: toCurl(request),
        ...(sent === undefined ? {} : { sent }),
      })

    const mediaType = parseMediaType(response.headers.get('content-type'))
    const result: CheckedResponse = { operationId, status: response.status, statusKey: undefined, mediaType, json: undefined, violations }
    const isJson = mediaType !== undefined && isJsonMediaType(mediaType)
    if (isJson && response.body.length > 0) {
      try {
        result.json = JSON.parse(decoder.decode(response.body)) as unknown
      } catch {
        // reported below once we know JSON was expected
      }
    }

    const operation = contract.operations.get(operationId)
    const media = checkContract(operation)
    // Whatever the contract checks found, every scan reads the answer too.
    const scanned: ScannedAnswer = { operation, request, status: response.status, headers: response.headers, body: response.body, json: result.json, media }
    for (const scan of options.scans ?? []) {
      for (const finding of scan.scan(scanned)) report(scan.kind, finding.expected, finding.actual)
    }
    return result

    /** The contract's own checks; the declared media the JSON body matched, when it got that far. */
    function checkContract(operation: OperationSpec | undefined): MediaTypeSpec | undefined {
      if (operation === undefined) {
        report('contract', `operation ${operationId} declared in the contract`, 'no such operationId')
        return undefined
      }

      const statusKey = matchStatusKey(operation, response.status)
      result.statusKey = statusKey
      // A backend may say it is down for a while (a declared 503 with Retry-After); any other 5xx is a fault,
      // declared or not, whatever the request was [not_a_server_error].
      if (response.status >= 500 && !(response.status === 503 && statusKey !== undefined && retryAfterMs(response.headers.get('retry-after')) !== undefined)) {
        report(
          'server-error',
          'no server error (a 5xx only as a declared 503 with Retry-After, for a temporary outage)',
          `${response.status}${describeErrorCode(result.json)}${response.status === 503 && statusKey !== undefined ? ' without Retry-After' : ''}`,
        )
        return undefined
      }
      if (statusKey === undefined) {
        report(
          'status',
          `one of the declared statuses ${Object.keys(operation.responses).join(', ') || '(none)'}`,
          `${response.status}${describeErrorCode(result.json)}`,
        )
        return undefined
      }
      const declared = operation.responses[statusKey] as ResponseSpec
      // A throttled client must be told when to come back (RFC 6585, RFC 9110 §10.2.3): seconds or an HTTP date.
      if (response.status === 429) {
        const retryAfter = response.headers.get('retry-after')
        if (retryAfterMs(retryAfter) === undefined) {
          report(
            'header',
            'a Retry-After header on a 429 (seconds or an HTTP date)',
            retryAfter === null ? 'no Retry-After header' : `Retry-After: ${retryAfter}`,
          )
        }
      }

      checkHeaders(declared, response.headers, report)

      // --- content type and body presence
      const hasBody = response.body.length > 0
      if (declared.content.length === 0) {
        if (hasBody) report('body', `no body (${statusKey} declares no content)`, `${response.body.length} bytes of ${mediaType ?? 'unknown type'}`)
        return undefined
      }
      if (!hasBody) {
        report('body', `a ${declared.content.map((item) => item.mediaType).join(' or ')} body`, 'empty body')
        return undefined
      }
      if (mediaType === undefined) {
        report('content-type', `content-type ${declared.content.map((item) => item.mediaType).join(' or ')}`, 'no content-type header')
        return undefined
      }
      const media = matchMediaType(declared.content, mediaType)
      if (media === undefined) {
        report('content-type', `content-type ${declared.content.map((item) => item.mediaType).join(' or ')}`, mediaType)
        return undefined
      }

      // --- body
      if (isJson) {
        if (result.json === undefined) {
          report('body', 'a JSON body', `unparsable JSON: ${excerpt(decoder.decode(response.body.subarray(0, 200)))}`)
          return undefined
        }
        const before = violations.length
        if (media.schema !== undefined) checkSchema(media, result.json, report)
        const schemaFailed = violations.length > before
        if (response.status >= 400) checkErrorCode(operation, declared, response.status, result.json, schemaFailed, report)
        return media
      }
      const sniffed = sniffBinary(mediaType, response.body)
      if (sniffed !== undefined) report('body', `a ${mediaType} body`, sniffed)
      return undefined
    }
  }

  /**
   * Declared response headers [response_headers_conformance]: a required one is there, and any one that is
   * there reads as its schema (header text taken as a number or a boolean where the schema says so).
   */
  function checkHeaders(declared: ResponseSpec, headers: Headers, report: (kind: ViolationKind, expected: string, actual: string) => void): void {
    for (const header of declared.headers) {
      const value = headers.get(header.name)
      if (value === null) {
        if (header.required) report('header', `a ${header.name} header (required)`, `no ${header.name} header`)
        continue
      }
      if (header.schema === undefined) continue
      const trimmed = value.trim()
      const typed = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed === 'true' || trimmed === 'false' ? trimmed === 'true' : value
      const check = validator.validate(header.schema, typed)
      if (check.outcome === 'invalid') {
        report('header', `${header.name} ${check.errors.map((error) => error.message).join('; ')}`, `${header.name}: ${excerpt(value)}`)
      }
    }
  }

  function checkSchema(media: MediaTypeSpec, json: unknown, report: (kind: ViolationKind, expected: string, actual: string, sent?: string) => void): void {
    const location = media.schema
    if (location === undefined) return
    const check = validator.validate(location, json)
    if (check.outcome === 'unusable') {
      report('contract', `a usable schema at ${location.pointer}`, check.reason)
      return
    }
    if (check.outcome === 'valid') return
    const errors = check.errors.slice(0, maxSchemaErrors)
    for (const error of errors) {
      const around = getAtPointer(json, error.instancePointer)
      // A missing field shows the names the object has instead (a renamed field is then plain to see).
      const sent =
        error.actual === undefined && around !== null && typeof around === 'object' && !Array.isArray(around)
          ? excerpt(`an object with ${Object.keys(around).join(', ')}`, 480)
          : sentExcerpt(around)
      report('schema', `${error.path} ${error.message}`, error.actual === undefined ? 'missing' : excerpt(JSON.stringify(error.actual)), sent)
    }
    if (check.errors.length > errors.length) {
      report('schema', `at most ${maxSchemaErrors} schema errors shown`, `${check.errors.length - errors.length} more`)
    }
  }

  function checkErrorCode(
    operation: OperationSpec,
    declared: ResponseSpec,
    status: number,
    json: unknown,
    schemaFailed: boolean,
    report: (kind: ViolationKind, expected: string, actual: string) => void,
  ): void {
    const code = json !== null && typeof json === 'object' ? (json as { code?: unknown }).code : undefined
    if (typeof code !== 'string') {
      // The schema check has usually said this already; don't say it twice.
      if (!schemaFailed) report('error-code', 'an error body with a string "code"', excerpt(JSON.stringify(json)))
      return
    }
    const domain = declaredErrorCodes(operation, declared, status)
    const generic = genericCodesFor(contract, status)
    if (domain.includes(code) || generic.includes(code)) return
    const parts: string[] = []
    if (domain.length > 0) parts.push(`x-error-codes ${domain.join(', ')}`)
    if (generic.length > 0) parts.push(`generic ${generic.join(', ')}`)
    report('error-code', `code for ${status} in ${parts.length > 0 ? parts.join(' or ') : '(none declared)'}`, code)
  }

  return {
    contract,
    checkExchange,
    async checkResponse(operationId, request, response) {
      const body = new Uint8Array(await response.arrayBuffer())
      return { ...checkExchange(operationId, request, { status: response.status, headers: response.headers, body }), body }
    },
  }
}

/** Exact status beats a range (4XX) beats default, as OpenAPI says. */
export function matchStatusKey(operation: OperationSpec, status: number): string | undefined {
  const exact = String(status)
  if (operation.responses[exact] !== undefined) return exact
  const range = `${Math.floor(status / 100)}XX`
  const rangeKey = Object.keys(operation.responses).find((key) => key.toUpperCase() === range)
  if (rangeKey !== undefined) return rangeKey
  return operation.responses['default'] === undefined ? undefined : 'default'
}

/** Codes from the operation's x-error-codes for the status (exact, then range) plus response-level ones. */
export function declaredErrorCodes(operation: OperationSpec, declared: ResponseSpec, status: number): string[] {
  const range = `${Math.floor(status / 100)}XX`
  const fromOperation = Object.entries(operation.errorCodes)
    .filter(([key]) => key === String(status) || key.toUpperCase() === range || (key === 'default' && declared.statusKey === 'default'))
    .flatMap(([, codes]) => codes)
  return [...new Set([...fromOperation, ...declared.errorCodes])]
}

function genericCodesFor(contract: ContractIndex, status: number): readonly string[] {
  const generic = contract.genericErrorCodes
  return [...(generic[String(status)] ?? []), ...(generic[`${Math.floor(status / 100)}XX`] ?? []), ...(generic['*'] ?? [])]
}

export function parseMediaType(header: string | null): string | undefined {
  if (header === null) return undefined
  const type = header.split(';')[0]?.trim().toLowerCase()
  return type === undefined || type === '' ? undefined : type
}

export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json')
}

/** Most specific declared range that covers the actual type: exact, type/*, then * /*. */
export function matchMediaType(declared: readonly MediaTypeSpec[], actual: string): MediaTypeSpec | undefined {
  const exact = declared.find((item) => item.mediaType === actual)
  if (exact !== undefined) return exact
  const major = actual.split('/')[0]
  const wildcard = declared.find((item) => item.mediaType === `${major}/*`)
  if (wildcard !== undefined) return wildcard
  return declared.find((item) => item.mediaType === '*/*')
}

const signatures: ReadonlyArray<{ mediaType: string; test: (bytes: Uint8Array) => boolean; label: string }> = [
  { mediaType: 'application/pdf', label: 'PDF', test: (bytes) => startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
  { mediaType: 'image/png', label: 'PNG', test: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) },
  { mediaType: 'image/jpeg', label: 'JPEG', test: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { mediaType: 'image/gif', label: 'GIF', test: (bytes) => startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) },
  {
    mediaType: 'image/webp',
    label: 'WebP',
    test: (bytes) => startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && decoder.decode(bytes.subarray(8, 12)) === 'WEBP',
  },
]

/**
 * A PDF endpoint answering `application/pdf` with an HTML error page is a
 * classic; the magic bytes catch it. Returns a description of what was found
 * instead, or undefined when the body looks right or the type is not sniffed.
 */
export function sniffBinary(mediaType: string, body: Uint8Array): string | undefined {
  const signature = signatures.find((item) => item.mediaType === mediaType)
  if (signature === undefined || signature.test(body)) return undefined
  return `${body.length} bytes that do not start like a ${signature.label}: ${excerpt(decoder.decode(body.subarray(0, 40)))}`
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte)
}

function describeErrorCode(json: unknown): string {
  const code = json !== null && typeof json === 'object' ? (json as { code?: unknown }).code : undefined
  return typeof code === 'string' ? ` (code ${code})` : ''
}

/** A JSON value or a text, on one line, credentials masked, at most 240 characters. */
function sentExcerpt(value: unknown): string {
  return excerpt(typeof value === 'string' ? value : JSON.stringify(maskJsonSecrets(value)), 240)
}

export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}
