// Every /api/customer operation of the contract, over one runtime's world, as ONE MSW handler: the
// operations are found by the contract's one matcher (contract/engine/operation-matcher.ts, a radix
// tree), so a request finds its operation in one lookup instead of MSW trying some seventy patterns. The same handler answers in the node:http server,
// in Vitest (msw/node) and in the browser's service worker: there is one request path.
import { http, type HttpHandler } from 'msw'
import { createOperationMatcher, type OperationMatch } from '../../../contract/engine/operation-matcher.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { agencyRoutes } from './agency-handlers.ts'
import { authRoutes } from './auth-handlers.ts'
import { bookingRoutes } from './booking-handlers.ts'
import { API_PATH } from '../../../contract/generated/api-operations.ts'
import { errorResponse } from '../http/http-json.ts'
import type { ApiRoute } from './context.ts'
import { documentationRoutes } from './documentation-handlers.ts'
import { listRoutes } from './list-handlers.ts'
import { paymentRoutes } from './payment-handlers.ts'
import { roomingRaffleRoutes } from './rooming-raffle-handlers.ts'
import { travelGroupRoutes } from './travel-group-handlers.ts'

export const apiRoutes = (rt: Runtime): ApiRoute[] => [
  ...agencyRoutes(rt),
  ...authRoutes(rt),
  ...listRoutes(rt),
  ...travelGroupRoutes(rt),
  ...paymentRoutes(rt),
  ...bookingRoutes(rt),
  ...documentationRoutes(rt),
  ...roomingRaffleRoutes(rt),
]

/** A path segment as the handlers see it: percent-decoded, or as it is when the escape is malformed. */
const decoded = (segment: string): string => {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The customer API of one runtime: its MSW handler, and the same answer without MSW around it. */
export type Api = {
  handler: HttpHandler
  /**
   * The operation's answer to `request`, or undefined when no operation has its method and path.
   * What the handler answers, minus MSW's handler machinery (a request clone, an abort controller
   * and a cleanup scheduler per request): the HTTP server asks here first (server.ts).
   */
  answer(request: Request): Promise<Response> | undefined
  /** The methods the contract has at a path under the API (with HEAD where GET is, and OPTIONS); none when it has no such path. */
  allowedMethods(pathname: string): string[]
}

export const createApi = (rt: Runtime): Api => {
  const operations = createOperationMatcher(apiRoutes(rt))

  const allowedMethods = (pathname: string): string[] => {
    if (!pathname.startsWith(`${API_PATH}/`)) return []
    const methods = operations.methodsAt(pathname.slice(API_PATH.length))
    if (methods.length === 0) return []
    return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS']
  }

  const run = (found: OperationMatch<ApiRoute>, request: Request, url: URL) => {
    const params: Record<string, string> = {}
    for (const [name, value] of Object.entries(found.params)) params[name] = decoded(value)
    return found.operation.run(request, params, url)
  }

  const answer = (request: Request): Promise<Response> | undefined => {
    const url = new URL(request.url)
    const { pathname } = url
    // MSW's `*` also matches a path prefix: only a path that starts with the API's is ours.
    if (!pathname.startsWith(`${API_PATH}/`)) return undefined
    const path = pathname.slice(API_PATH.length)
    const found = operations.match(request.method, path)
    if (found !== undefined) return run(found, request, url)
    // HTTP's rules for a path the contract has, asked with a method it does not have there (RFC 9110):
    // HEAD is GET without the body, OPTIONS lists the methods, anything else is 405 with that list.
    const allowed = allowedMethods(pathname)
    if (allowed.length === 0) return undefined
    const getRoute = request.method === 'HEAD' ? operations.match('GET', path) : undefined
    if (getRoute !== undefined) return run(getRoute, new Request(request.url, { method: 'GET', headers: request.headers }), url)
    const headers = { Allow: allowed.join(', ') }
    if (request.method === 'OPTIONS') return Promise.resolve(new Response(null, { status: 204, headers }))
    return Promise.resolve(errorResponse(405, 'bad_request', `${request.method} is not a method of ${pathname}: ${allowed.join(', ')}.`, undefined, headers))
  }
  // `*` matches any origin (the portal's dev server, the production server's proxy, a test's base).
  return { handler: http.all(`*${API_PATH}/*`, ({ request }) => answer(request)), answer, allowedMethods }
}
