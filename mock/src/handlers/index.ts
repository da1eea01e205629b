// Every /api/customer operation of the contract, over one runtime's world, as ONE MSW handler: the
// operations sit in a radix router (rou3), so a request finds its operation in one lookup instead
// of MSW trying some seventy patterns in turn. The same handler answers in the node:http server,
// in Vitest (msw/node) and in the browser's service worker: there is one request path.
import { http, type HttpHandler } from 'msw'
import { addRoute, createRouter, findRoute } from 'rou3'
import type { Runtime } from '../runtime.ts'
import { agencyRoutes } from './agency-handlers.ts'
import { authRoutes } from './auth-handlers.ts'
import { bookingRoutes } from './booking-handlers.ts'
import { API_PATH, type ApiRoute } from './context.ts'
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
}

export const createApi = (rt: Runtime): Api => {
  const router = createRouter<ApiRoute>()
  for (const operation of apiRoutes(rt)) addRoute(router, operation.method, operation.path, operation)
  const answer = (request: Request): Promise<Response> | undefined => {
    const url = new URL(request.url)
    const { pathname } = url
    // MSW's `*` also matches a path prefix: only a path that starts with the API's is ours.
    if (!pathname.startsWith(`${API_PATH}/`)) return undefined
    const found = findRoute(router, request.method, pathname.slice(API_PATH.length))
    if (found === undefined) return undefined
    const params: Record<string, string> = {}
    for (const [name, value] of Object.entries(found.params ?? {})) params[name] = decoded(value)
    return found.data.run(request, params, url)
  }
  // `*` matches any origin (the portal's dev server, the production server's proxy, a test's base).
  return { handler: http.all(`*${API_PATH}/*`, ({ request }) => answer(request)), answer }
}
