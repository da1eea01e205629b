// Which browser origins may call the mock: the portal's (and any localhost), with the headers the
// portal sends and the ones it reads.
import type { Runtime } from '../runtime/runtime.ts'

const ALLOWED_HEADERS = 'Authorization, agencyId, Content-Type, Accept-Language, Accept'
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
// Blob downloads read the file name; Retry-After comes with 503s.
const EXPOSED_HEADERS = 'Content-Disposition, Retry-After'

/** A portal origin: any port on localhost, 127.0.0.1 or *.localhost, a host of a tenant, or a configured origin. */
export const isPortalOrigin = (origin: string, rt: Runtime): boolean => {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  const hostname = url.hostname.toLowerCase()
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost')) return true
  if (rt.options.portalOrigins.includes(url.origin)) return true
  const host = url.host.toLowerCase()
  return rt.world.agencies.some((agency) => agency.hosts.includes(host) || agency.hosts.includes(hostname))
}

// Shared (never changed): most requests (tools, tests, benchmarks) send no Origin.
const VARY_ONLY: Readonly<Record<string, string>> = Object.freeze({ Vary: 'Origin' })

export const corsHeadersFor = (origin: string | undefined, rt: Runtime): Record<string, string> => {
  // Vary always: a cache must not serve one origin's answer (with or without CORS) to another.
  if (origin === undefined || !isPortalOrigin(origin, rt)) return VARY_ONLY
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  }
}

/** A preflight's answer for an allowed origin: the methods and headers it may use, for ten minutes. */
export const preflightHeaders = (cors: Record<string, string>, privateNetwork: boolean): Record<string, string> => {
  if (!('Access-Control-Allow-Origin' in cors)) return { ...cors }
  const headers: Record<string, string> = {
    ...cors,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  }
  // Chrome's Private Network Access asks before a public page may call localhost.
  if (privateNetwork) headers['Access-Control-Allow-Private-Network'] = 'true'
  return headers
}
