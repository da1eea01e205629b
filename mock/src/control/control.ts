// The mock's control API under /__mock (in the spirit of WireMock's /__admin): scenarios, world
// reset, tenants, the outbox of "sent" e-mails, the request journal and a health probe. Written as
// MSW handlers so the same API works on the HTTP server, in Vitest and in the browser demo.
import { http, HttpResponse, type HttpHandler } from 'msw'
import { z } from 'zod'

import {
  type MockHealth,
  type MockResetResult,
  MockSettingsInputSchema,
  type MockSettings,
  type MockWorldCounts,
  ResetInputSchema,
  SCENARIOS,
  type ScenarioChange,
  type ScenarioListing,
  ScenarioRemovalSchema,
  ScenarioSwitchInputSchema,
  TenantInputSchema,
  TenantSeedInputSchema,
} from '../../../contract/mock-control.ts'
import { failureResponse, parsedOrFail, readJsonValue } from '../http/http-json.ts'
import { fail, RuleFailure } from '../world/kernel/rule-failure.ts'
import { clearThrottles } from '../handlers/throttle.ts'
import { journalFor, type JournalEntry } from './journal.ts'
import { AT_ROOT } from '../http/root-path.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { addScenarios, removeScenarios, type ScenarioChanges, setScenarios } from '../world/kernel/scenario-switches.ts'
import { buildAgency, seedTenants } from './control-tenants.ts'
import { createWorld, seedAgencyContent } from '../world/seed/create-world.ts'
import type { AgencyRecord, OutboxMail, World } from '../world/kernel/types.ts'

export const CONTROL_PREFIX = `${AT_ROOT}/__mock`

// ── response shapes (exported so the CLI and tests can type what they read) ──

export type TenantListing = { tenants: AgencyRecord[] }
export type OutboxListing = { mails: OutboxMail[] }
export type JournalListing = { capacity: number; entries: JournalEntry[] }
export type ResetResult = MockResetResult
export type Health = MockHealth
type WorldCounts = MockWorldCounts

const countsOf = (world: World): WorldCounts => ({
  tenants: world.agencies.length,
  travelGroups: world.travelGroups.length,
  customers: world.customers.length,
  bookings: world.bookings.length,
  payments: world.payments.length,
  sessions: world.sessions.length,
  mails: world.outbox.length,
})

// The seed's own counts, made once per seed and day (a world is made in 30–90 ms)
const seedCounts = new Map<string, WorldCounts>()
const seedCountsOf = (world: World): WorldCounts => {
  const key = `${world.seed}|${world.seededAt}`
  let counts = seedCounts.get(key)
  if (counts === undefined) {
    counts = countsOf(createWorld(world.seed, new Date(world.seededAt)))
    seedCounts.clear()
    seedCounts.set(key, counts)
  }
  return counts
}

export const scenarioListing = (world: World): ScenarioListing => ({
  scenarios: SCENARIOS.map(({ name, description, targets }) => ({ name, description, targets })),
  active: structuredClone(world.scenarios),
})

const scenarioChange = (world: World, changes: ScenarioChanges): ScenarioChange => ({ ...scenarioListing(world), ...structuredClone(changes) })

// ── small helpers ──

/** A control call's answer, or its refusal as the contract's error body (the same one the API gives). */
const answer = async (run: () => Response | Promise<Response>): Promise<Response> => {
  try {
    return await run()
  } catch (error) {
    if (error instanceof RuleFailure) return failureResponse(error)
    throw error
  }
}

/** 422 naming every broken field in the message, for people reading a curl answer. */
const issuesText = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ')

// ── handlers ──

const clampInt = (raw: string | null, fallback: number, min: number, max: number) => {
  const n = raw === null ? Number.NaN : Number.parseInt(raw, 10)
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback
}

const agencyParam = (url: URL) => url.searchParams.get('agency') ?? url.searchParams.get('tenant')

/** The optional tenant a settings call is scoped to. */
const agencyScope = (world: World, value: string | null, field: string): string | null => {
  if (value === null || value === '') return null
  if (!world.agencies.some((a) => a.id === value)) {
    const known = world.agencies.map((a) => a.id).join(', ')
    fail(422, 'validation_error', `Unknown agency '${value}'; agencies: ${known}.`, [{ field, code: 'enum', message: `unknown agency '${value}'` }])
  }
  return value
}

/** A DELETE's query as the removal filter: `agency` is read as `tenant`; an unknown key is refused, not ignored. */
const removalQuery = (url: URL): unknown => Object.fromEntries([...url.searchParams].map(([key, value]) => [key === 'agency' ? 'tenant' : key, value]))

const settingsOf = (rt: Runtime): MockSettings => ({
  debugLogin: rt.options.debugLogin,
  throttling: rt.options.throttling.everyone,
  throttlingByAgency: Object.fromEntries(rt.options.throttling.byAgency),
})

export const createControlHandlers = (rt: Runtime): HttpHandler[] => [
  http.get(`${CONTROL_PREFIX}/health`, () => {
    const world = rt.world
    const body: Health = {
      status: 'ok',
      seed: world.seed,
      seededAt: world.seededAt,
      agencies: world.agencies.length,
      scenarios: structuredClone(world.scenarios),
      counts: countsOf(world),
      seedCounts: seedCountsOf(world),
    }
    return HttpResponse.json(body)
  }),

  // ── settings ──
  // debugLogin: POST /auth/debug for every tenant (off unless the mock started with --debug-login or this
  // turns it on); a tenant can also have it alone (its debug_login). throttling: on unless QA turns it off,
  // for everyone or (?agency=ID) one tenant, e.g. for a conformance run that signs in many times.
  http.get(`${CONTROL_PREFIX}/settings`, () => HttpResponse.json(settingsOf(rt))),

  http.put(`${CONTROL_PREFIX}/settings`, ({ request }) =>
    answer(async () => {
      const agency = agencyScope(rt.world, agencyParam(new URL(request.url)), 'agency')
      const input = parsedOrFail(MockSettingsInputSchema, (await readJsonValue(request)) ?? {}, issuesText)
      if (input.debugLogin !== undefined) {
        if (agency !== null) {
          fail(422, 'validation_error', "debugLogin is for every tenant; a tenant's own is its debug_login.", [
            { field: 'debugLogin', code: 'not_per_agency', message: 'is for every tenant' },
          ])
        }
        rt.options.debugLogin = input.debugLogin
      }
      const { throttling } = rt.options
      if (input.throttling !== undefined) {
        if (agency === null) {
          throttling.everyone = input.throttling
          throttling.byAgency.clear()
        } else throttling.byAgency.set(agency, input.throttling)
      }
      return HttpResponse.json(settingsOf(rt))
    }),
  ),

  // ── scenarios ──
  http.get(`${CONTROL_PREFIX}/scenarios`, () => HttpResponse.json(scenarioListing(rt.world))),

  // set: what is active at exactly the target becomes these names (the answer says what it replaced)
  http.put(`${CONTROL_PREFIX}/scenarios`, ({ request }) =>
    answer(async () => {
      const input = parsedOrFail(ScenarioSwitchInputSchema, await readJsonValue(request), issuesText)
      const changes = rt.write((writer) => {
        const made = setScenarios(writer.world, input.names, input.target ?? {})
        writer.saveValue('scenarios')
        return made
      })
      return HttpResponse.json(scenarioChange(rt.world, changes))
    }),
  ),

  // add: these names at the target, beside what is active
  http.post(`${CONTROL_PREFIX}/scenarios`, ({ request }) =>
    answer(async () => {
      const input = parsedOrFail(ScenarioSwitchInputSchema, await readJsonValue(request), issuesText)
      const changes = rt.write((writer) => {
        const made = addScenarios(writer.world, input.names, input.target ?? {})
        writer.saveValue('scenarios')
        return made
      })
      return HttpResponse.json(scenarioChange(rt.world, changes))
    }),
  ),

  // remove: every active scenario matching the query (name, tenant, travelGroup, pack, booking, member); none given: all
  http.delete(`${CONTROL_PREFIX}/scenarios`, ({ request }) =>
    answer(() => {
      const filter = parsedOrFail(ScenarioRemovalSchema, removalQuery(new URL(request.url)), issuesText)
      const changes = rt.write((writer) => {
        const made = removeScenarios(writer.world, filter)
        writer.saveValue('scenarios')
        return made
      })
      return HttpResponse.json(scenarioChange(rt.world, changes))
    }),
  ),

  // ── world ──
  http.post(`${CONTROL_PREFIX}/reset`, ({ request }) =>
    answer(async () => {
      const input = parsedOrFail(ResetInputSchema, await readJsonValue(request), issuesText)
      rt.reset(input?.seed) // reset() saves the new world
      clearThrottles(rt)
      const body: ResetResult = { seed: rt.world.seed, seededAt: rt.world.seededAt, agencies: rt.world.agencies.length }
      return HttpResponse.json(body)
    }),
  ),

  // ── tenants ──
  http.get(`${CONTROL_PREFIX}/tenants`, () => {
    const body: TenantListing = { tenants: rt.world.agencies }
    return HttpResponse.json(body)
  }),

  http.post(`${CONTROL_PREFIX}/tenants`, ({ request }) =>
    answer(async () => {
      const input = parsedOrFail(TenantInputSchema, (await readJsonValue(request)) ?? {}, issuesText)
      const world = rt.world
      const agency = buildAgency(world, input)
      if (world.agencies.some((a) => a.id === agency.id)) {
        fail(409, 'conflict', `An agency with id '${agency.id}' already exists.`, [{ field: 'id', code: 'conflict', message: 'already exists' }])
      }
      for (const host of agency.hosts) {
        const owner = world.agencies.find((a) => a.hosts.includes(host))
        if (owner) {
          fail(409, 'conflict', `The host '${host}' is already served by agency '${owner.id}'.`, [
            { field: 'hosts', code: 'conflict', message: `already served by ${owner.id}` },
          ])
        }
      }
      world.agencies.push(agency)
      const groups = seedAgencyContent(world, agency)
      const html = input.travel_group_html
      for (const group of html ? groups.values() : []) {
        if (html!.description_html !== undefined) group.description_html = html!.description_html
        if (html!.terms_html !== undefined) group.terms_html = { es: html!.terms_html, en: html!.terms_html }
      }
      // seeding touches many collections: stored whole, like a reset
      rt.storeWhole()
      return HttpResponse.json(agency, { status: 201 })
    }),
  ),

  http.post(`${CONTROL_PREFIX}/tenants/seed`, ({ request }) =>
    answer(async () => seedTenants(rt, parsedOrFail(TenantSeedInputSchema, await readJsonValue(request), issuesText))),
  ),

  http.delete(`${CONTROL_PREFIX}/tenants/:id`, ({ params }) =>
    answer(() => {
      const id = String(params['id'])
      const agency = rt.world.agencies.find((a) => a.id === id) ?? fail(404, 'not_found', `No agency with id '${id}'.`)
      // Its bookings, customers… stay in the world but are unreachable: every API call is scoped by agency.
      rt.write((writer) => {
        writer.remove('agencies', [agency])
        removeScenarios(writer.world, { tenant: id })
        writer.saveValue('scenarios')
      })
      return new HttpResponse(null, { status: 204 })
    }),
  ),

  // ── outbox ──
  http.get(`${CONTROL_PREFIX}/outbox`, ({ request }) => {
    const url = new URL(request.url)
    const to = url.searchParams.get('to')?.trim().toLowerCase() || null
    const agency = agencyParam(url)
    const limit = clampInt(url.searchParams.get('limit'), 50, 1, 500)
    const mails = rt.world.outbox
      .map((mail, index) => ({ mail, index }))
      .filter(({ mail }) => (to === null || mail.to.toLowerCase() === to) && (agency === null || mail.agencyId === agency))
      // Newest first: the outbox is in the order mails were sent (equal instants under a frozen clock in tests).
      .sort((a, b) => b.mail.sentAt.localeCompare(a.mail.sentAt) || b.index - a.index)
      .slice(0, limit)
      .map(({ mail }) => mail)
    const body: OutboxListing = { mails }
    return HttpResponse.json(body)
  }),

  // ── journal ──
  http.get(`${CONTROL_PREFIX}/journal`, ({ request }) => {
    const journal = journalFor(rt)
    const limit = clampInt(new URL(request.url).searchParams.get('limit'), 100, 1, journal.capacity)
    const body: JournalListing = { capacity: journal.capacity, entries: journal.list(limit) }
    return HttpResponse.json(body)
  }),

  http.delete(`${CONTROL_PREFIX}/journal`, () => {
    journalFor(rt).clear()
    return new HttpResponse(null, { status: 204 })
  }),
]
