import { createServer, request as httpRequest, Agent as HttpAgent, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https'
import { rootCertificates } from 'node:tls'

import type { ContractIndex } from '../../../contract/engine/contract-index.ts'
import { recordedBodyOf, type RecordedRequest } from '../../../contract/engine/curl.ts'
import { createRequestChecker } from '../../../contract/engine/request-checker.ts'
import { createResponseChecker } from '../../../contract/engine/response-checker.ts'
import { answerScans, checkCatalogue } from '../checks/catalogue.ts'
import { unauthenticated, unauthenticatedFinding } from './unauthenticated.ts'
import type { CheckInfo } from '../reports/check-info.ts'
import type { SchemaValidator } from '../../../contract/engine/schema-validator.ts'
import type { Violation } from '../../../contract/engine/violation.ts'
import type { CoverageEntry } from '../reports/coverage.ts'
import type { Exchange } from '../transport/api-types.ts'
import { findingKey, type Finding } from '../reports/smoke-report.ts'
import type { ProxyMode, ProxyReport } from '../reports/proxy-report.ts'

// A validating proxy: every request under the contract's base path goes to the upstream unchanged (method,
// path, query, headers but hop-by-hop ones, body), and its answer comes back unchanged, streamed; both are
// checked against the contract on the way (request-checker.ts, response-checker.ts with the scans of every
// answer). Findings are de-duplicated as the smoke run's are. With `errors`, a request the contract refuses
// is answered by the proxy with the contract's Error and not forwarded, and a broken answer becomes a 502
// naming what broke. `GET /__proxy/report` answers the report so far, `POST /__proxy/shutdown` stops it;
// nothing under `/__proxy/` is forwarded.

export type ProxyOptions = {
  contract: ContractIndex
  validator: SchemaValidator
  /** the API's base URL upstream (its base path included) */
  upstream: string
  mode: ProxyMode
  /** headers added to every forwarded request (-H: an API gateway's key) */
  headers?: Readonly<Record<string, string>>
  timeoutMs?: number
  tls?: { ca?: string; insecure?: boolean }
  /** keep the exchanges for a HAR (off by default: a long session would hold them all) */
  keepExchanges?: boolean
  /**
   * what the mock answers instead of the upstream: the operations whose upstream answer has one of these
   * statuses ("not implemented here"), and the operations always served by it; `mockUrl` starts it (once)
   */
  fallback?: { statuses: readonly number[]; operations: readonly string[]; mockUrl(): Promise<string> }
  onFinding?(finding: Finding): void
  /** `POST /__proxy/shutdown` (as WireMock's `/__admin/shutdown`): the command stops and writes its reports */
  onShutdown?(): void
}

/** What the proxy reads of every exchange: the client's request, and every answer as the catalogue's scans do. */
const proxyChecks: CheckInfo[] = [
  { name: 'request', proves: 'the client sent what the contract takes: parameters, headers, body', runs: 'every answer' },
  ...checkCatalogue.filter((check) => check.runs === 'every answer'),
  unauthenticated,
]

export type ValidatingProxy = {
  server: Server
  report(): ProxyReport
  readonly exchanges: readonly Exchange[]
  close(): Promise<void>
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'host'])
const MAX_BODY = 10 * 1024 * 1024

export function createValidatingProxy(options: ProxyOptions): ValidatingProxy {
  const { contract } = options
  const requests = createRequestChecker(contract, options.validator)
  const responses = createResponseChecker(contract, { validator: options.validator, scans: answerScans(contract) })
  const upstream = new URL(options.upstream.replace(/\/+$/, ''))
  const secure = upstream.protocol === 'https:'
  const agent = secure
    ? new HttpsAgent({
        keepAlive: true,
        ...(options.tls?.ca === undefined ? {} : { ca: [...rootCertificates, options.tls.ca] }),
        rejectUnauthorized: options.tls?.insecure !== true,
      })
    : new HttpAgent({ keepAlive: true })
  const send = secure ? httpsRequest : httpRequest
  const timeoutMs = options.timeoutMs ?? 30_000
  const startedAt = new Date().toISOString()
  const findings = new Map<string, Finding>()
  const coverage = new Map<string, CoverageEntry>()
  const exchanges: Exchange[] = []
  const fromMock = new Map<string, { operationId: string; why: string; count: number }>()
  const mockAgent = new HttpAgent({ keepAlive: true })
  let count = 0
  let refused = 0
  let violationCount = 0

  const record = (violations: readonly Violation[]) => {
    for (const violation of violations) {
      violationCount += 1
      const { key, rule } = findingKey(violation)
      const found = findings.get(key)
      if (found !== undefined) {
        found.count += 1
        continue
      }
      const finding: Finding = { operationId: violation.operationId, kind: violation.kind, expected: rule, count: 1, steps: ['proxy'], example: violation }
      findings.set(key, finding)
      options.onFinding?.(finding)
    }
  }

  const report = (): ProxyReport => ({
    tool: 'travel-portal proxy',
    reportVersion: 1,
    upstream: upstream.href,
    mode: options.mode,
    startedAt,
    exchanges: count,
    refused,
    violations: violationCount,
    findings: [...findings.values()],
    checks: proxyChecks,
    coverage: [...coverage.values()].sort((a, b) => a.operationId.localeCompare(b.operationId) || a.status - b.status),
    fromMock: [...fromMock.values()],
  })

  const answerError = (res: ServerResponse, status: number, code: string, message: string) => {
    const body = JSON.stringify({ code, message })
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid')
    if (url.pathname === '/__proxy/report' && req.method === 'GET') {
      const body = JSON.stringify(report(), null, 2)
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(body)
      return
    }
    if (url.pathname === '/__proxy/shutdown' && req.method === 'POST' && options.onShutdown !== undefined) {
      res.writeHead(202, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ stopping: true }))
      options.onShutdown()
      return
    }
    if (url.pathname.startsWith('/__proxy/')) return answerError(res, 404, 'not_found', 'The proxy answers GET /__proxy/report and POST /__proxy/shutdown.')
    const base = contract.basePath
    if (base !== '' && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) {
      return answerError(res, 404, 'not_found', `travel-portal proxy: only the API under ${base} is passed on.`)
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', () => {
      if (size > MAX_BODY) return answerError(res, 413, 'bad_request', 'travel-portal proxy: request bodies are passed on up to 10 MB.')
      forward(req, res, url, Buffer.concat(chunks))
    })
  }

  const forward = (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => {
    const method = req.method ?? 'GET'
    // A browser's CORS preflight is not a call of the API: passed on as it is, not checked nor counted.
    const preflight = method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined
    if (!preflight) count += 1
    const clientHeaders: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) clientHeaders[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const apiPath = url.pathname.slice(contract.basePath.length) || '/'
    const target = `${upstream.href.replace(/\/+$/, '')}${apiPath}${url.search}`
    const seen = `http://${req.headers.host ?? 'proxy'}${url.pathname}${url.search}`
    const checked = preflight ? { operation: undefined, violations: [] } : requests.check({ method, url: seen, headers: clientHeaders, body })
    record(checked.violations)
    const recorded: RecordedRequest = {
      method,
      url: seen,
      headers: clientHeaders,
      ...(body.length === 0 ? {} : { body: recordedBodyOf(clientHeaders['content-type'] ?? '', body) }),
    }
    const started = performance.now()
    const startedAtDate = new Date()
    if (options.mode === 'errors' && checked.violations.length > 0) {
      refused += 1
      const first = checked.violations[0] as Violation
      const schemaOfBody = first.expected.startsWith('body ')
      return answerError(
        res,
        schemaOfBody ? 422 : 400,
        schemaOfBody ? 'validation_error' : 'bad_request',
        `travel-portal proxy: the contract refuses this request: expected ${first.expected}; got ${first.actual}`,
      )
    }
    const operationId = checked.operation?.operationId
    const fallback = options.fallback
    const served = (why: string) => {
      const key = `${operationId} ${why}`
      const entry = fromMock.get(key)
      if (entry === undefined) fromMock.set(key, { operationId: operationId ?? `${method} ${apiPath}`, why, count: 1 })
      else entry.count += 1
    }
    // The mock answers what the backend does not have: the same request, to the mock's own API.
    const toMock = (why: string) => {
      served(why)
      fallback
        ?.mockUrl()
        .then((mockUrl) => relay(`${mockUrl}${contract.basePath}${apiPath}${url.search}`, httpRequest, mockAgent, new URL(mockUrl).host, false))
        .catch((error: unknown) => answerError(res, 502, 'bad_gateway', `travel-portal proxy: the mock could not answer (${String(error)})`))
    }
    if (fallback !== undefined && operationId !== undefined && fallback.operations.includes(operationId)) return toMock('always (--mock-operation)')
    relay(target, send, agent, upstream.host, fallback !== undefined && operationId !== undefined)

    function relay(destination: string, sender: typeof httpRequest, through: HttpAgent | HttpsAgent, host: string, mayFallBack: boolean): void {
      const upstreamRequest = sender(
        destination,
        { method, headers: { ...clientHeaders, ...options.headers, host }, agent: through, timeout: timeoutMs },
        (upstreamResponse) => {
          const status = upstreamResponse.statusCode ?? 502
          if (mayFallBack && fallback?.statuses.includes(status) === true) {
            upstreamResponse.resume()
            return toMock(`${status} from the upstream`)
          }
          const headers: Record<string, string | string[]> = {}
          for (const [name, value] of Object.entries(upstreamResponse.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
          // In report mode the answer streams on as it comes; with --errors it is held until it is checked.
          if (options.mode === 'report') res.writeHead(status, upstreamResponse.statusMessage, headers)
          const parts: Buffer[] = []
          upstreamResponse.on('data', (chunk: Buffer) => {
            parts.push(chunk)
            if (options.mode === 'report') res.write(chunk)
          })
          upstreamResponse.on('end', () => {
            // Report mode: the client has its answer before the check runs (the check is off its latency).
            if (options.mode === 'report') res.end()
            const answer = Buffer.concat(parts)
            const responseHeaders = new Headers()
            for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
            let broken: Violation | undefined
            if (operationId !== undefined) {
              const result = responses.checkExchange(operationId, recorded, { status, headers: responseHeaders, body: answer })
              record(result.violations)
              broken = result.violations[0]
              // the client's finding is the request's (no session); serving it anyway is the backend's
              const served = checked.operation === undefined ? undefined : unauthenticatedFinding(checked.operation, recorded, status)
              if (served !== undefined) record([served])
              broken ??= served
              const key = `${operationId} ${status}`
              const entry = coverage.get(key)
              if (entry === undefined) coverage.set(key, { operationId, method, path: checked.operation?.path ?? apiPath, status, count: 1 })
              else entry.count += 1
            }
            if (options.keepExchanges === true) {
              exchanges.push({
                request: recorded,
                startedAt: startedAtDate,
                durationMs: Math.round(performance.now() - started),
                label: operationId ?? `${method} ${apiPath}`,
                response: { status, statusText: upstreamResponse.statusMessage ?? '', headers: responseHeaders, body: new Uint8Array(answer) },
              })
            }
            if (options.mode === 'report') return
            if (broken !== undefined) {
              refused += 1
              return answerError(
                res,
                502,
                'bad_gateway',
                `travel-portal proxy: the backend's answer breaks the contract: expected ${broken.expected}; got ${broken.actual}`,
              )
            }
            res.writeHead(status, upstreamResponse.statusMessage, { ...headers, 'content-length': String(answer.length) })
            res.end(answer)
          })
        },
      )
      upstreamRequest.on('timeout', () => upstreamRequest.destroy(new Error('timeout')))
      upstreamRequest.on('error', (error) => {
        if (res.headersSent) return res.destroy()
        const timedOut = error.message === 'timeout'
        answerError(
          res,
          timedOut ? 504 : 502,
          timedOut ? 'gateway_timeout' : 'bad_gateway',
          timedOut
            ? `travel-portal proxy: ${host} did not answer within ${timeoutMs} ms`
            : `travel-portal proxy: ${host} could not be reached (${error.message})`,
        )
      })
      upstreamRequest.end(body.length === 0 ? undefined : body)
    }
  }

  const server = createServer(handle)
  return {
    server,
    report,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        mockAgent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
