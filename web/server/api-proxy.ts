// The customer API on the portal's own origin: the server passes `/api/customer/…` on to `apiUrl`.
// Production builds call it there (web/.env.production), so no call needs a CORS preflight or a
// connection of its own: on a phone that is a round trip or two less before every page shows.
// Only the contract's operations go through: whatever else lives on the API's host (a mock's control
// API, an admin route) stays out of the portal's reach.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { API_OPERATIONS, API_PATH } from '../../contract/generated/api-operations.ts'
import { createOperationMatcher } from '../../contract/engine/operation-matcher.ts'
import { forwardedForChain, type TrustedProxies } from '../../core/client-address.ts'

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host'])

/** The contract's operations (the one matching rule: contract/engine/operation-matcher.ts). */
const operations = createOperationMatcher(API_OPERATIONS.map(([method, path]) => ({ method, path })))

/** Whether `method path` (the path under API_PATH, as the client sent it) is an operation of the contract; HEAD goes with GET. */
export const isApiOperation = (method: string, path: string): boolean => operations.match(method === 'HEAD' ? 'GET' : method, path) !== undefined

/**
 * The upstream address for a portal request under API_PATH: null when it is not an operation of the
 * contract, or would leave the API's path (`..`, encoded or not).
 */
export const apiTarget = (method: string, requestUrl: string, apiUrl: string): URL | null => {
  const base = new URL(apiUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const rest = requestUrl.slice(API_PATH.length)
  if (!rest.startsWith('/')) return null
  const path = rest.split('?')[0]!
  if (!isApiOperation(method, path)) return null
  const target = new URL(`${basePath}${rest}`, base)
  if (target.origin !== base.origin || !target.pathname.startsWith(`${basePath}/`)) return null
  return target
}

export const proxyApi = (req: IncomingMessage, res: ServerResponse, target: URL, origin: string, trusted: TrustedProxies, timeoutMs: number) => {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
  headers['x-forwarded-host'] = new URL(origin).host
  headers['x-forwarded-proto'] = new URL(origin).protocol.replace(':', '')
  // Who is asking, for the API's throttling: the chain so far when a trusted proxy sent it, then this connection's peer
  const forwardedFor = forwardedForChain(req, trusted)
  if (forwardedFor === undefined) delete headers['x-forwarded-for']
  else headers['x-forwarded-for'] = forwardedFor
  const upstream = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method: req.method, headers, timeout: timeoutMs }, (answer) => {
    res.statusCode = answer.statusCode ?? 502
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value)
    answer.pipe(res)
  })
  upstream.on('timeout', () => upstream.destroy(new Error('timed out')))
  upstream.on('error', () => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    // The portal's client reads this like any API failure (503: try again).
    res.statusCode = 503
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify({ code: 'service_unavailable', message: 'The API did not answer.' }))
  })
  req.pipe(upstream)
}
