// The one way a mock API handler is written: `route(rt, method, path, access, resolve)`.
// It resolves the tenant, the session and the scenarios, applies slow/flaky, parses JSON bodies
// against the contract's zod schemas (400 invalid_json, 422 with field errors), and turns
// `fail(...)` into the contract's error body. Handlers only hold the business rules.
import { delay, http, HttpResponse, matchRequestUrl, type HttpHandler } from 'msw'
import type { z } from 'zod'
import type { ErrorCode, FieldError } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime.ts'
import { activeScenarios, type ScenarioName } from '../scenarios.ts'
import { utcDay } from '../../../core/calendar.ts'
import type { AgencyRecord, CustomerRecord, Language, SessionRecord, World } from '../world/types.ts'
import type { ViewContext } from '../world/views.ts'

export const API_PREFIX = '*/api/customer'

const PARSED_URL = Symbol.for('travel-portal.mock.parsed-url')

export type Access =
  /** no agency needed (POST /agency) */
  | 'agency-free'
  /** agency optional: a public call that may come before the agency is known (config, lists, ballot) */
  | 'public-optional-agency'
  /** agency required, no token needed */
  | 'public'
  /** agency required, token used when present */
  | 'optional-auth'
  /** agency and token required */
  | 'auth'

export type Ctx = ViewContext & {
  rt: Runtime
  request: Request
  url: URL
  agency: AgencyRecord
  /** null only for agency-free and public-optional-agency calls without an agency */
  agencyOrNull: AgencyRecord | null
  session: SessionRecord | null
  customer: CustomerRecord | null
  lang: Language
  /** the signed-in customer; fails 401 when there is none */
  me(): CustomerRecord
  /** a fresh id with a prefix, unique in the world */
  id(prefix: string): string
}

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** response headers, e.g. Retry-After on a 429 */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** Stop the handler with the contract's error body. */
export const fail = (status: number, code: ErrorCode, message: string, fields?: FieldError[], headers?: Record<string, string>): never => {
  throw new HttpFailure(status, code, message, fields, headers)
}

/**
 * Where the card provider may send the payer back to: a page of this agency's own portal (one of its
 * hosts, http or https). Anything else would make the provider an open redirect (a phishing page, or a
 * javascript: url), so it is a 422 on return_url before any payment is made.
 */
export const assertAgencyReturnUrl = (ctx: Ctx, url: string): void => {
  let ok = false
  try {
    const u = new URL(url)
    ok = (u.protocol === 'http:' || u.protocol === 'https:') && (ctx.agency.hosts.includes(u.host) || ctx.agency.hosts.includes(u.hostname))
  } catch {
    ok = false
  }
  if (!ok)
    fail(422, 'validation_error', "The return url must be a page of this agency's portal.", [
      { field: 'return_url', code: 'format', message: "The return url must be a page of this agency's portal." },
    ])
}

// JSON answers are built directly rather than with HttpResponse.json, which sizes the body through a
// Blob (a copy per answer). The body is a stream that encodes the text only when read (a Response
// made from a string encodes it at once: most of the cost of an answer); the HTTP server does not
// read it but writes the text itself (jsonBodyOf), encoded natively into the socket.
const encoder = new TextEncoder()
const byteLength: (text: string) => number =
  typeof Buffer === 'undefined' ? (text) => encoder.encode(text).byteLength : (text) => Buffer.byteLength(text, 'utf8')
const responseText = new WeakMap<object, string>()

// In the node:http server every answer goes to the server's own writer (which reads jsonBodyOf), so
// JSON answers need not be Fetch Responses at all: a light object with the same reading methods
// saves the Response, its Headers and its stream (most of the allocation of an answer, so of the
// GC pauses under load). Off everywhere else (Vitest, the browser).
let lightResponses = false
/** The HTTP server switches this on (server.ts). */
export const useLightResponses = (on: boolean) => {
  lightResponses = on
}

// The UTF-8 bytes of an answer kept by the view cache (view-cache.ts), so it is not encoded again.
const responseBytes = new WeakMap<object, Uint8Array>()

const lightJsonResponse = (text: string, status: number, bytes?: Uint8Array): Response => {
  let bodyUsed = false
  let headers: Headers | undefined
  const take = () => {
    if (bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'))
    bodyUsed = true
    return Promise.resolve(text)
  }
  const light = {
    status,
    statusText: '',
    ok: status >= 200 && status < 300,
    type: 'default' as ResponseType,
    redirected: false,
    url: '',
    get headers() {
      return (headers ??= new Headers({ 'Content-Type': 'application/json', 'Content-Length': String(byteLength(text)) }))
    },
    get body() {
      return bodyUsed ? null : new Response(text).body
    },
    get bodyUsed() {
      return bodyUsed
    },
    text: take,
    json: () => take().then((t) => JSON.parse(t) as unknown),
    arrayBuffer: () => take().then((t) => encoder.encode(t).buffer),
    bytes: () => take().then((t) => encoder.encode(t)),
    blob: () => take().then((t) => new Blob([t], { type: 'application/json' })),
    formData: () => Promise.reject(new TypeError('not form data')),
    clone: () => lightJsonResponse(text, status, bytes),
  }
  responseText.set(light, text)
  if (bytes !== undefined) responseBytes.set(light, bytes)
  return light as unknown as Response
}

const jsonResponse = (body: unknown, status: number): Response => {
  const text = JSON.stringify(body)
  if (lightResponses) return lightJsonResponse(text, status)
  // highWaterMark 0: nothing is pulled (so encoded) before someone reads.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(encoder.encode(text))
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  const response = new Response(stream, { status, headers: { 'Content-Type': 'application/json', 'Content-Length': String(byteLength(text)) } })
  responseText.set(response, text)
  return response
}

/** The body of an unread answer made by json()/errorResponse(), as text (the HTTP server's shortcut). */
export const jsonBodyOf = (response: Response): string | undefined => (response.bodyUsed ? undefined : responseText.get(response))

/** The same, already encoded, when it came from the view cache. */
export const jsonBytesOf = (response: Response): Uint8Array | undefined => (response.bodyUsed ? undefined : responseBytes.get(response))

/**
 * A JSON answer from text made earlier (the view cache): light in the HTTP server, with its bytes
 * kept for the next time; an ordinary one elsewhere.
 */
export const jsonFromText = (text: string, status: number, bytes?: Uint8Array): Response =>
  lightResponses ? lightJsonResponse(text, status, bytes) : new Response(text, { status, headers: { 'Content-Type': 'application/json' } })

export const errorResponse = (status: number, code: ErrorCode, message: string, fields?: FieldError[], headers?: Record<string, string>) => {
  const body = fields && fields.length ? { code, message, fields } : { code, message }
  return headers === undefined ? jsonResponse(body, status) : HttpResponse.json(body, { status, headers })
}

export const json = <T>(body: T, status = 200) => jsonResponse(body, status)

/** A zod error as the contract's field errors (`members.0.email`, code required/format/...). */
export const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)'
    const code =
      issue.code === 'invalid_type' && !('input' in issue && issue.input !== undefined)
        ? 'required'
        : issue.code === 'too_small'
          ? 'min_length'
          : issue.code === 'too_big'
            ? 'max_length'
            : issue.code === 'invalid_format'
              ? (issue as { format?: string }).format === 'email'
                ? 'email'
                : 'format'
              : issue.code === 'invalid_value'
                ? 'enum'
                : issue.code
    return { field, code, message: issue.message }
  })

/** Parse and validate a JSON body: 400 invalid_json when it is not JSON, 422 with fields when it breaks the schema. */
export const readJson = async <S extends z.ZodType>(ctx: Ctx, schema: S): Promise<z.infer<S>> => {
  let raw: unknown
  const text = await ctx.request.text()
  try {
    raw = text.length ? JSON.parse(text) : undefined
  } catch {
    fail(400, 'invalid_json', 'The body is not valid JSON.')
  }
  if (raw === undefined) fail(400, 'bad_request', 'A JSON body is required.')
  const parsed = schema.safeParse(raw, { reportInput: true })
  if (!parsed.success) fail(422, 'validation_error', 'Some fields are not valid.', fieldErrorsOf(parsed.error))
  return parsed.data as z.infer<S>
}

/**
 * Validate query parameters (strings) against a schema; 422 with fields on failure, or 400
 * bad_request (with fields) for an operation whose contract declares no 422.
 */
export const readQuery = <S extends z.ZodType>(ctx: Ctx, schema: S, invalidStatus: 400 | 422 = 422): z.infer<S> => {
  // fromEntries defines own keys: `?__proto__=…` is a key like any other (and rejected as unknown), not a prototype.
  const raw = Object.fromEntries(ctx.url.searchParams)
  const parsed = schema.safeParse(raw, { reportInput: true })
  if (!parsed.success) {
    fail(invalidStatus, invalidStatus === 400 ? 'bad_request' : 'validation_error', 'Some query parameters are not valid.', fieldErrorsOf(parsed.error))
  }
  return parsed.data as z.infer<S>
}

export const findAgencyByHeader = (world: World, request: Request) => {
  const id = request.headers.get('agencyid')
  return id ? (findIn(world.agencies, (a) => a.id === id) ?? null) : null
}

/**
 * The plain array behind a collection of the world, for read-only scans of a large one. The HTTP
 * server hands handlers a tracked world during writes (store/tracked-world.ts), where every element
 * reached is recorded as possibly changed and journaled; a scan through this records nothing, so
 * never change what it yields (reach the element again through the world for that).
 */
export const untracked = <T extends object>(collection: T): T =>
  ((collection as Record<symbol, unknown>)[Symbol.for('travel-portal.mock.raw')] as T | undefined) ?? collection

/**
 * `list.find(predicate)`, but only the element found counts as touched in a write (see untracked):
 * the search runs over the plain array, the element is then fetched through the world.
 */
export const findIn = <T extends object>(list: T[], predicate: (item: T) => boolean): T | undefined => {
  const at = untracked(list).findIndex(predicate)
  return at === -1 ? undefined : list[at]
}

// token → position in world.sessions, per sessions array. Checked on every hit (the array may have
// been reordered in place); on a miss the sessions added since are indexed, then, if the token is
// still unknown, the whole array. A find() over every session on every signed-in request cost
// O(sessions), and in writes marked them all as touched (so journaled).
const sessionPositions = new WeakMap<object, { positions: Map<string, number>; indexed: number }>()

const findSession = (world: World, token: string): SessionRecord | undefined => {
  const sessions = untracked(world.sessions)
  let index = sessionPositions.get(sessions)
  if (index === undefined) sessionPositions.set(sessions, (index = { positions: new Map(), indexed: 0 }))
  let at = index.positions.get(token)
  if (at === undefined || sessions[at]?.token !== token) {
    const reindex = (from: number) => {
      if (from === 0) index.positions.clear()
      for (let i = from; i < sessions.length; i += 1) index.positions.set(sessions[i]!.token, i)
      index.indexed = sessions.length
      return index.positions.get(token)
    }
    at = index.indexed <= sessions.length ? reindex(index.indexed) : undefined
    if (at === undefined || sessions[at]?.token !== token) {
      // Unknown (a bad or dropped token: no reindexing for those), or the array was reordered.
      if (sessions.findIndex((s) => s.token === token) === -1) return undefined
      at = reindex(0)
      if (at === undefined) return undefined
    }
  }
  // Through the world, so that a write that changes this session has it journaled.
  return world.sessions[at]
}

const sessionOf = (world: World, request: Request, agency: AgencyRecord | null, now: Date): SessionRecord | null => {
  const header = request.headers.get('authorization')
  if (!header) return null
  const token = header.replace(/^Bearer\s+/i, '').trim()
  const session = findSession(world, token)
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return null
  // a token is only good at the agency that issued it
  if (agency && session.agencyId !== agency.id) return null
  return session
}

const langOf = (request: Request): Language => (request.headers.get('accept-language')?.toLowerCase().startsWith('en') ? 'en' : 'es')

const flakyFailure = (): Response | null => {
  const roll = Math.random()
  if (roll < 0.125) return HttpResponse.error()
  if (roll < 0.25) return errorResponse(503, 'service_unavailable', 'Injected failure (flaky scenario). Try again.')
  return null
}

type Method = 'get' | 'post' | 'put' | 'delete'

export type Resolver = (ctx: Ctx, params: Record<string, string>) => Response | Promise<Response>

type RouteParams = Record<string, string | readonly string[] | undefined>

/**
 * What the node:http server needs to call a route() handler without going through MSW's handler
 * chain (see mock/src/dispatch.ts): its method, its MSW path pattern and the resolver itself.
 */
export type FastRoute = {
  method: string
  /** the MSW path pattern, e.g. '*\/api/customer/booking/:id' */
  path: string
  /** the same from the root of the path, e.g. '/api/customer/booking/:id' (MSW's `*` also swallows a path prefix) */
  rootedPath: string
  run(request: Request, params: RouteParams): Promise<Response>
}

const fastRoutes = new WeakMap<HttpHandler, FastRoute>()

/** The direct entry of a handler made by route(); undefined for any other handler. */
export const fastRouteOf = (handler: unknown): FastRoute | undefined =>
  typeof handler === 'object' && handler !== null ? fastRoutes.get(handler as HttpHandler) : undefined

export const route = (rt: Runtime, method: Method, path: string, access: Access, resolve: Resolver): HttpHandler => {
  const pattern = `${API_PREFIX}${path}`
  const resolver = async ({ request, params }: { request: Request; params: RouteParams }): Promise<Response> => {
    const world = rt.world
    const now = rt.now()
    // The HTTP server's light requests carry their url parsed already (light-request.ts).
    const url = ((request as unknown as Record<symbol, URL | undefined>)[PARSED_URL] as URL | undefined) ?? new URL(request.url)
    const agency = findAgencyByHeader(world, request)
    const scenarios: Set<ScenarioName> = activeScenarios(world, agency?.id ?? null)

    if (scenarios.has('slow')) await delay(1500)
    if (scenarios.has('flaky')) {
      const failure = flakyFailure()
      if (failure) return failure
    }

    try {
      if (!agency && access !== 'agency-free' && access !== 'public-optional-agency') {
        return errorResponse(400, 'agency_unknown', request.headers.get('agencyid') ? 'Unknown agency.' : 'The agencyId header is required.')
      }
      const session = sessionOf(world, request, agency, now)
      const customer = session ? (findIn(world.customers, (c) => c.id === session.customerId) ?? null) : null
      if (access === 'auth' && !customer) return errorResponse(401, 'unauthorized', 'Sign in to continue.')

      const ctx: Ctx = {
        world,
        now,
        today: utcDay(now),
        scenarios,
        rt,
        request,
        url,
        agency: agency as AgencyRecord,
        agencyOrNull: agency,
        session,
        customer,
        lang: langOf(request),
        me: () => customer ?? fail(401, 'unauthorized', 'Sign in to continue.'),
        id: (prefix) => {
          world.counter += 1
          return `${prefix}-${world.counter}`
        },
      }
      // MSW has already percent-decoded the params (and leaves a malformed escape as it is):
      // decoding again turned '%25' into a URIError, answered as a 503.
      const flatParams: Record<string, string> = {}
      for (const [key, value] of Object.entries(params)) if (typeof value === 'string') flatParams[key] = value
      return await resolve(ctx, flatParams)
    } catch (error) {
      if (error instanceof HttpFailure) return errorResponse(error.status, error.code, error.message, error.fields, error.headers)
      console.error('[mock] handler error', method.toUpperCase(), path, error)
      return errorResponse(503, 'service_unavailable', 'The mock failed to handle this request.')
    }
  }
  // MSW's leading `*` matches any origin but also any path before /api/customer, so that
  // /anything/api/customer/booking was answered as /api/customer/booking. Only a path that starts
  // with the API's is ours; anything else falls through to the next handler (and ends a 404).
  const rootedPath = `${API_PREFIX.replace(/^\*/, '')}${path}`
  const handler = http[method](pattern, async (info) => {
    const url = new URL(info.request.url)
    if (!matchRequestUrl(url, `${url.origin}${rootedPath}`).matches) return undefined
    return resolver(info)
  })
  fastRoutes.set(handler, { method: method.toUpperCase(), path: pattern, rootedPath, run: (request, params) => resolver({ request, params }) })
  return handler
}
