// A probe is one request against the mock with the status (and error code) it must produce.
// The contract test runs every probe in a fresh world, validates the answer against the contract,
// and fails when an operation or a declared error code has no probe.
import { getResponse } from 'msw'
import type { ErrorCode } from '../../contract/generated/model/index.ts'
import { createControlHandlers } from '../../mock/src/control/control.ts'
import { createApi } from '../../mock/src/handlers/index.ts'
import { createRuntime, type Runtime } from '../../mock/src/runtime/runtime.ts'
import { createMemoryStore } from '../../mock/src/runtime/memory-store.ts'
import type { ScenarioName } from '../../contract/mock-control.ts'
import { setScenarios } from '../../mock/src/world/kernel/scenario-switches.ts'
import { DEMO_PASSWORD } from '../../mock/src/world/seed/demo-accounts.ts'
import type { World } from '../../mock/src/world/kernel/types.ts'

/** The fixed clock of the contract tests: the world is seeded for this day. */
export const PROBE_NOW = new Date('2026-11-21T10:00:00Z')

export const LOGINS = {
  ana: { agency: 'ag-sol', email: 'ana.garcia@example.com' },
  marta: { agency: 'ag-sol', email: 'marta.lopez@example.com' },
  nuevo: { agency: 'ag-sol', email: 'nuevo@example.com' },
  enlace: { agency: 'ag-sol', email: 'enlace@example.com' },
  laura: { agency: 'ag-norte', email: 'laura.martin@example.com' },
} as const
export type LoginName = keyof typeof LOGINS

export type CallOptions = {
  body?: unknown
  /** a raw string body, sent as is (bad JSON probes) */
  rawBody?: string
  /** signed-in customer; default none */
  as?: LoginName
  /** a raw token instead of `as` */
  token?: string
  /** agencyId header; default the agency of `as`, else ag-sol; null sends none */
  agency?: string | null
  query?: Record<string, string>
  headers?: Record<string, string>
  formData?: FormData
}

export type ProbeApi = {
  rt: Runtime
  world: World
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: CallOptions): Promise<Response>
  /** call and parse JSON, failing loudly when the status is not 2xx (for setup steps) */
  ok<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: CallOptions): Promise<T>
  token(name: LoginName): Promise<string>
  scenarios(names: ScenarioName[], agency?: string): void
  /** move the world's clock (days from PROBE_NOW) */
  travel(days: number): void
}

export type Probe = {
  operationId: string
  name: string
  status: number
  code?: ErrorCode
  run(api: ProbeApi): Promise<Response>
}

export const createProbeApi = (): ProbeApi => {
  let now = PROBE_NOW.getTime()
  const store = createMemoryStore()
  const rt = createRuntime({ fresh: true, now: () => new Date(now), store })
  // Probes sign in by debug sign-in where a tenant turned it on (off by default): every tenant but
  // ag-mar, which stays the production-like one whose 403 debug_disabled is probed.
  for (const agency of rt.world.agencies) agency.debug_login = agency.id !== 'ag-mar'
  const handlers = [...createControlHandlers(rt), createApi(rt).handler]
  const tokens = new Map<LoginName, string>()

  const call: ProbeApi['call'] = async (method, path, options = {}) => {
    const headers = new Headers(options.headers)
    const agency = options.agency === undefined ? (options.as ? LOGINS[options.as].agency : 'ag-sol') : options.agency
    if (agency) headers.set('agencyId', agency)
    const token = options.token ?? (options.as ? await api.token(options.as) : undefined)
    if (token) headers.set('Authorization', `Bearer ${token}`)
    let body: BodyInit | undefined
    if (options.formData) body = options.formData
    else if (options.rawBody !== undefined) {
      body = options.rawBody
      headers.set('Content-Type', 'application/json')
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers.set('Content-Type', 'application/json')
    }
    const url = new URL(`http://localhost:3333/api/customer${path}`)
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v)
    // Every write must name what it changes, or a restart of the HTTP mock would lose it: the store is
    // brought level with the world (tests arrange state directly), then must still be level after.
    if (method !== 'GET') store.replace(rt.world)
    const res = await getResponse(handlers, new Request(url, { method, headers, body }))
    if (!res) throw new Error(`no mock handler answered ${method} ${path}`)
    const unstored = method === 'GET' ? [] : store.differences(rt.world)
    if (unstored.length > 0) throw new Error(`${method} ${path} changed what it did not store: ${unstored.slice(0, 5).join(', ')}`)
    return res
  }

  const api: ProbeApi = {
    rt,
    get world() {
      return rt.world
    },
    call,
    async ok(method, path, options) {
      const res = await call(method, path, options)
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`)
      const type = res.headers.get('content-type') ?? ''
      return (type.includes('json') ? await res.json() : await res.text()) as never
    },
    async token(name) {
      const cached = tokens.get(name)
      if (cached) return cached
      const login = LOGINS[name]
      const res = await getResponse(
        handlers,
        new Request('http://localhost:3333/api/customer/auth/debug', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', agencyId: login.agency },
          body: JSON.stringify({ email: login.email }),
        }),
      )
      if (!res?.ok) throw new Error(`could not sign in as ${name}`)
      const { token } = (await res.json()) as { token: string }
      tokens.set(name, token)
      return token
    },
    scenarios(names, agency) {
      setScenarios(rt.world, names, agency ? { tenant: agency } : {})
    },
    travel(days) {
      now = PROBE_NOW.getTime() + days * 86_400_000
    },
  }
  return api
}

export { DEMO_PASSWORD }
