// The one way a mock API handler is written: `route(rt, method, path, access, resolve)`.
// It resolves the tenant, the session and the scenarios, applies slow/flaky, parses JSON bodies
// against the contract's zod schemas (400 invalid_json, 422 with field errors), and turns
// `fail(...)` into the contract's error body. Handlers only hold the business rules.
import { delay, HttpResponse } from 'msw'
import type { z } from 'zod'
import type { Runtime } from '../runtime/runtime.ts'
import type { WorldWriter } from '../world/kernel/world-writes.ts'
import { errorResponse, failureResponse, fieldErrorsOf, parsedOrFail, readJsonValue } from '../http/http-json.ts'
import { fail, RuleFailure } from '../world/kernel/rule-failure.ts'
import type { WorldContext } from '../world/kernel/world-context.ts'
import { activeScenarios, type ScenarioSwitches } from '../world/kernel/active-scenarios.ts'
import { utcDay } from '../../../core/calendar.ts'
import { API_CACHE } from '../../../contract/generated/api-operations.ts'
import type { Language } from '../../../contract/generated/model/language.ts'
import type { AgencyRecord, CustomerRecord, SessionRecord, World } from '../world/kernel/types.ts'

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

/**
 * What a handler gets. It changes the world's rows in place and says so through the writer's
 * methods (insert, save, remove, saveValue, id): route() stores them together once it has answered.
 */
export type Ctx = WorldContext & {
  rt: Runtime
  request: Request
  url: URL
  /** null only for agency-free and public-optional-agency calls without an agency */
  agencyOrNull: AgencyRecord | null
  session: SessionRecord | null
  customer: CustomerRecord | null
}

/** The portal origin a mailed link should point at: the request's Origin when it is one of the agency's hosts. */
const portalOriginOf = (request: Request, agency: AgencyRecord): string => {
  const origin = request.headers.get('origin')
  if (origin) {
    try {
      const u = new URL(origin)
      if (agency.hosts.includes(u.host) || agency.hosts.includes(u.hostname)) return u.origin
    } catch {
      // fall through
    }
  }
  return `http://${agency.hosts[0] === 'localhost' ? 'localhost:5173' : `${agency.hosts[0]}:5173`}`
}

export const json = <T>(body: T, status = 200) => Response.json(body, { status })

/** Parse and validate a JSON body: 400 when it is missing or not JSON, 422 with fields when it breaks the schema. */
export const readJson = async <S extends z.ZodType>(ctx: Ctx, schema: S): Promise<z.infer<S>> => {
  const raw = await readJsonValue(ctx.request)
  if (raw === undefined) fail(400, 'bad_request', 'A JSON body is required.')
  return parsedOrFail(schema, raw, 'Some fields are not valid.')
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
  return id ? (world.agencies.find((a) => a.id === id) ?? null) : null
}

// token → position in world.sessions, per sessions array. Checked on every hit (the array may have
// been reordered in place); on a miss the sessions added since are indexed, then, if the token is
// still unknown, the whole array. A find() over every session on every signed-in request cost
// O(sessions).
const sessionPositions = new WeakMap<object, { positions: Map<string, number>; indexed: number }>()

const findSession = (world: World, token: string): SessionRecord | undefined => {
  const sessions = world.sessions
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
  return sessions[at]
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
  if (roll < 0.25) return errorResponse(503, 'service_unavailable', 'Injected failure (flaky scenario). Try again.', undefined, { 'Retry-After': '1' })
  return null
}

type Method = 'get' | 'post' | 'put' | 'delete'

export type Resolver = (ctx: Ctx, params: Record<string, string>) => Response | Promise<Response>

/**
 * One operation of the customer API as route() makes it: handlers/index.ts puts them all in one
 * router behind a single MSW handler, the same in Node, Vitest and the browser.
 */
export type ApiRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** the contract's path template under the API's root, e.g. '/booking/{id}' (the same as API_OPERATIONS') */
  path: string
  /** params already percent-decoded; `url` is request.url, parsed once by the router */
  run(request: Request, params: Record<string, string>, url: URL): Promise<Response>
}

/**
 * What may keep an answer, as the contract's x-cache says for the operation (RFC 9111): a customer's own
 * answers no cache at all; an agency's the same for all its customers, revalidated and keyed by the
 * agency; the same for everyone (the place lists), an hour. A handler that set its own is left alone.
 */
const CACHE_HEADERS: Record<(typeof API_CACHE)[string], Record<string, string>> = {
  personal: { 'Cache-Control': 'private, no-store' },
  tenant: { 'Cache-Control': 'no-cache', Vary: 'agencyId' },
  public: { 'Cache-Control': 'public, max-age=3600' },
}

const withCacheHeaders = (response: Response, policy: (typeof API_CACHE)[string] | undefined): Response => {
  if (policy === undefined || response.headers.has('cache-control')) return response
  for (const [name, value] of Object.entries(CACHE_HEADERS[policy])) {
    const current = response.headers.get(name)
    response.headers.set(name, current === null ? value : `${current}, ${value}`)
  }
  return response
}

export const route = (rt: Runtime, method: Method, path: string, access: Access, resolve: Resolver): ApiRoute => {
  const policy = API_CACHE[`${method.toUpperCase()} ${path}`]
  const run = async (request: Request, params: Record<string, string>, url: URL): Promise<Response> =>
    withCacheHeaders(await answerOnce(request, params, url), policy)
  const answerOnce = async (request: Request, params: Record<string, string>, url: URL): Promise<Response> => {
    const world = rt.world
    const now = rt.now()
    const agency = findAgencyByHeader(world, request)
    const scenarios = activeScenarios(world, agency?.id ?? null)

    if (scenarios.has('slow')) await delay(1500)
    if (scenarios.has('unavailable')) {
      return errorResponse(503, 'service_unavailable', 'The service is down for maintenance. Try again in a few minutes.', undefined, { 'Retry-After': '120' })
    }
    if (scenarios.has('flaky')) {
      const failure = flakyFailure()
      if (failure) return failure
    }

    const write = rt.begin()
    let response: Response
    try {
      response = await answer(request, params, { world, now, url, agency, scenarios, write })
    } catch (error) {
      if (error instanceof RuleFailure) response = failureResponse(error)
      else {
        // A bug, not an outage: no Retry-After, so a conformance run reports it as a server error.
        console.error('[mock] handler error', method.toUpperCase(), path, error)
        response = errorResponse(503, 'service_unavailable', 'The mock failed to handle this request.')
      }
    }
    // Whatever the handler changed is stored before it is answered, a failure included (the world in
    // memory holds it either way).
    try {
      write.commit()
    } catch (error) {
      console.error('[mock] could not store a write', method.toUpperCase(), path, error)
      return errorResponse(503, 'service_unavailable', 'The mock could not store the change.', undefined, { 'Retry-After': '1' })
    }
    return response
  }

  type Start = { world: World; now: Date; url: URL; agency: AgencyRecord | null; scenarios: ScenarioSwitches; write: WorldWriter }
  const answer = async (request: Request, params: Record<string, string>, { world, now, url, agency, scenarios, write }: Start): Promise<Response> => {
    if (!agency && access !== 'agency-free' && access !== 'public-optional-agency') {
      return errorResponse(400, 'agency_unknown', request.headers.get('agencyid') ? 'Unknown agency.' : 'The agencyId header is required.')
    }
    const session = sessionOf(world, request, agency, now)
    const customer = session ? (world.customers.find((c) => c.id === session.customerId) ?? null) : null
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
      portalOrigin: () => portalOriginOf(request, agency as AgencyRecord),
      provider: { base: url.origin, secret: rt.options.providerSecret },
      me: () => customer ?? fail(401, 'unauthorized', 'Sign in to continue.'),
      insert: write.insert,
      save: write.save,
      remove: write.remove,
      saveValue: write.saveValue,
      id: write.id,
    }
    return resolve(ctx, params)
  }
  return { method: method.toUpperCase() as ApiRoute['method'], path, run }
}
