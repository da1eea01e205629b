// How the node:http server finds the handler for a request. MSW's getResponse() walks every handler
// in order (about 130), and for each one clones the request, parses the URL and cookies and matches
// the pattern; the handler that matches then runs behind an AbortController and a finalize
// machinery. That cost is most of a request's time in a load test.
//
// For the customer API (/api/customer/…, every handler made by route()), this indexes the handlers
// by method and first path segment, matches the few candidates in order with MSW's own matcher
// (matchRequestUrl from the path's root, as route() handlers match: same params, same decoding,
// same trailing-slash rule) and calls the route's
// resolver directly. Anything else — the control API, the card provider, handlers a test injects,
// an API path no candidate matches, a first segment that is percent-encoded — goes through
// getResponse() over the full list, exactly as before.
import { getResponse, matchRequestUrl, type RequestHandler } from 'msw'

import { API_PREFIX, fastRouteOf, type FastRoute } from './handlers/context.ts'
import { AT_ROOT } from './root-path.ts'

/** The path prefix of the customer API (API_PREFIX without MSW's any-origin `*`). */
const API_PATH = `${API_PREFIX.replace(/^\*/, '')}/`

/** A request as the dispatcher needs it: the cheap form for route() handlers, the Fetch one for MSW. */
export type RequestSource = {
  method: string
  url: URL
  /** the Fetch Request (MSW's walk) */
  real(): Request
  /** what a route() handler gets on the direct route (light-request.ts); may be real() */
  light(): Request
}

/** A source over one Fetch Request (tests, and callers without a node:http request). */
export const sourceOf = (request: Request): RequestSource => ({ method: request.method, url: new URL(request.url), real: () => request, light: () => request })

export type Dispatcher = {
  /** The answer of the first handler that answers, or undefined when none does (a 404). */
  respond(source: RequestSource): Promise<Response | undefined>
  /** How many requests took the direct route (diagnostics and tests). */
  readonly direct: number
}

/** The first path segment of a pattern after the API prefix, when it is a plain literal. */
const literalSegment = (pattern: string): string | null => {
  if (!pattern.startsWith(API_PREFIX + '/')) return null
  const segment = pattern.slice(API_PREFIX.length + 1).split('/')[0] ?? ''
  return /^[A-Za-z0-9_.~-]+$/.test(segment) ? segment : null
}

/** Could this non-API handler ever match a path under /api/customer/? Only if it is not a plain other prefix. */
const mayShadowApi = (handler: RequestHandler): boolean => {
  const path = (handler.info as { path?: unknown }).path
  if (typeof path !== 'string') return true
  const rest = path.startsWith(`${AT_ROOT}/`) ? path.slice(AT_ROOT.length + 1) : path.startsWith('*/') ? path.slice(2) : null
  if (rest === null) return true
  const first = rest.split('/')[0] ?? ''
  return !/^[A-Za-z0-9_.~-]+$/.test(first) || first === API_PATH.split('/')[1]
}

type Candidate = FastRoute & {
  /**
   * The pattern as an anchored regular expression, for plain paths (no '%': nothing to decode),
   * where it matches exactly what MSW's matcher matches: one non-empty segment per param, literal
   * segments as they are, one optional trailing slash. null for a pattern it cannot express.
   */
  plain: RegExp | null
  names: string[]
}

const compilePlain = (pattern: string): { plain: RegExp | null; names: string[] } => {
  const names: string[] = []
  const segments = pattern.slice(API_PREFIX.length + 1).split('/')
  const parts: string[] = []
  for (const segment of segments) {
    const param = /^:([A-Za-z_]\w*)$/.exec(segment)
    if (param !== null) {
      names.push(param[1]!)
      parts.push('([^/]+)')
    } else if (/^[A-Za-z0-9_.~-]+$/.test(segment)) {
      parts.push(segment.replace(/[.~-]/g, (c) => `\\${c}`))
    } else {
      return { plain: null, names: [] }
    }
  }
  return { plain: new RegExp(`^${API_PATH.replace(/\//g, '\\/')}${parts.join('\\/')}\\/?$`), names }
}

export const createDispatcher = (handlers: readonly RequestHandler[]): Dispatcher => {
  const buckets = new Map<string, Candidate[]>()
  let usable = true
  for (const handler of handlers) {
    const fast = fastRouteOf(handler)
    if (fast === undefined) {
      if (mayShadowApi(handler)) usable = false
      continue
    }
    const segment = literalSegment(fast.path)
    if (segment === null) {
      // A pattern the index cannot place (a param right after the prefix): keep MSW's walk for everything.
      usable = false
      continue
    }
    const key = `${fast.method} ${segment}`
    const candidate: Candidate = { ...fast, ...compilePlain(fast.path) }
    const bucket = buckets.get(key)
    if (bucket === undefined) buckets.set(key, [candidate])
    else bucket.push(candidate)
  }
  const all = [...handlers]
  let direct = 0

  const candidatesFor = (method: string, pathname: string): Candidate[] | undefined => {
    if (!usable || !pathname.startsWith(API_PATH)) return undefined
    const rest = pathname.slice(API_PATH.length)
    const slash = rest.indexOf('/')
    const segment = slash === -1 ? rest : rest.slice(0, slash)
    // An encoded segment may still match a literal (MSW compares encoded forms): leave it to MSW.
    if (segment.includes('%')) return undefined
    return buckets.get(`${method} ${segment}`)
  }

  return {
    get direct() {
      return direct
    },
    async respond(source) {
      const { url } = source
      const pathname = url.pathname
      const candidates = candidatesFor(source.method, pathname)
      if (candidates !== undefined) {
        const plainPath = !pathname.includes('%')
        for (const route of candidates) {
          if (plainPath && route.plain !== null) {
            const found = route.plain.exec(pathname)
            if (found === null) continue
            const params: Record<string, string> = {}
            route.names.forEach((name, i) => {
              params[name] = found[i + 1]!
            })
            direct += 1
            return route.run(source.light(), params)
          }
          const match = matchRequestUrl(url, `${url.origin}${route.rootedPath}`)
          if (match.matches) {
            direct += 1
            return route.run(source.light(), match.params ?? {})
          }
        }
      }
      return getResponse(all, source.real(), { quiet: true })
    },
  }
}
