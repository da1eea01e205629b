import type {
  MockHealth,
  MockResetResult,
  MockSettings,
  MockSettingsInput,
  ScenarioChange,
  ScenarioListing,
  ScenarioTarget,
  TenantInput,
  TenantSeedResult as SeedResult,
} from '../../../contract/mock-control.ts'
import { fetchRetryingIdempotent } from '../../../core/http-retry.ts'
import { describeFetchError } from '../base/fetch-errors.ts'

// Typed client for the mock server's control API (/__mock; its schemas: contract/mock-control.ts).
// Lists are read leniently (bare or wrapped, {tenants: [...]}, {items: [...]}) and extra fields are
// kept, so an older mock still answers.

export type MockTenant = TenantInput & { id: string; [extra: string]: unknown }

/** What `scenario remove` matches: a name, where, or both (nothing: every active scenario). */
export type ScenarioFilter = ScenarioTarget & { name?: string }

export type TenantSeedResult = SeedResult<MockTenant>

export type MockControlErrorKind = 'unreachable' | 'rejected' | 'server' | 'bad-response'

export class MockControlError extends Error {
  override readonly name = 'MockControlError'
  readonly kind: MockControlErrorKind
  readonly status: number | undefined

  constructor(kind: MockControlErrorKind, message: string, status?: number) {
    super(message)
    this.kind = kind
    this.status = status
  }
}

export type MockControlClient = {
  readonly baseUrl: string
  listTenants(): Promise<MockTenant[]>
  addTenant(tenant: TenantInput): Promise<MockTenant>
  removeTenant(id: string): Promise<void>
  /** demo content for one tenant, or (no id) every tenant, putting back removed demo tenants */
  seedTenants(id?: string): Promise<TenantSeedResult>
  listScenarios(): Promise<ScenarioListing>
  /** `set` replaces what is active at exactly the target; `add` adds beside it */
  switchScenarios(mode: 'set' | 'add', names: readonly string[], target: ScenarioTarget): Promise<ScenarioChange>
  removeScenarios(filter: ScenarioFilter): Promise<ScenarioChange>
  /** the whole mock back to its seed (or `seed`): tenants, bookings, sessions, scenarios, and its settings as it started */
  reset(seed?: number): Promise<MockResetResult>
  /** the world's seed, what is active, and its counts against the seed's */
  health(): Promise<MockHealth>
  getSettings(): Promise<MockSettings>
  /** throttling for every tenant, or only `tenant`'s */
  putSettings(change: MockSettingsInput, tenant?: string): Promise<MockSettings>
}

export type MockControlOptions = {
  timeoutMs?: number
  fetch?: typeof fetch
}

export function createMockControlClient(mockUrl: string, options: MockControlOptions = {}): MockControlClient {
  const baseUrl = mockUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000

  async function request(method: string, pathAndQuery: string, body?: unknown): Promise<unknown> {
    const url = `${baseUrl}/__mock${pathAndQuery}`
    let response: Response
    try {
      response = await fetchRetryingIdempotent(doFetch, url, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new MockControlError('unreachable', `cannot reach the mock at ${baseUrl} (${describeFetchError(error)}); is \`travel-portal mock\` running?`)
    }
    const text = await response.text()
    const parsed = parseJsonOrUndefined(text)
    if (!response.ok) {
      const kind: MockControlErrorKind = response.status >= 500 ? 'server' : 'rejected'
      throw new MockControlError(kind, `${method} ${url} answered ${response.status}: ${describeErrorBody(parsed, text)}`, response.status)
    }
    if (text.trim() !== '' && parsed === undefined) {
      throw new MockControlError('bad-response', `${method} ${url} answered ${response.status} with a body that is not JSON`, response.status)
    }
    return parsed
  }

  return {
    baseUrl,
    async listTenants() {
      return unwrapList(await request('GET', '/tenants'), 'tenants') as MockTenant[]
    },
    async addTenant(tenant) {
      return (await request('POST', '/tenants', tenant)) as MockTenant
    },
    async removeTenant(id) {
      await request('DELETE', `/tenants/${encodeURIComponent(id)}`)
    },
    async seedTenants(id) {
      const body = await request('POST', '/tenants/seed', id === undefined ? undefined : { id })
      const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
      const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
      return {
        tenants: unwrapList(body, 'tenants') as MockTenant[],
        restored: strings(record['restored']),
        travelGroups: strings(record['travelGroups']),
        skipped: Array.isArray(record['skipped']) ? (record['skipped'] as TenantSeedResult['skipped']) : [],
      }
    },
    async listScenarios() {
      return (await request('GET', '/scenarios')) as ScenarioListing
    },
    async switchScenarios(mode, names, target) {
      return (await request(mode === 'set' ? 'PUT' : 'POST', '/scenarios', { names, target })) as ScenarioChange
    },
    async removeScenarios(filter) {
      const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString()
      return (await request('DELETE', query === '' ? '/scenarios' : `/scenarios?${query}`)) as ScenarioChange
    },
    async reset(seed) {
      return (await request('POST', '/reset', seed === undefined ? undefined : { seed })) as MockResetResult
    },
    async health() {
      return (await request('GET', '/health')) as MockHealth
    },
    async getSettings() {
      return (await request('GET', '/settings')) as MockSettings
    },
    async putSettings(change, tenant) {
      return (await request('PUT', tenant === undefined ? '/settings' : `/settings?agency=${encodeURIComponent(tenant)}`, change)) as MockSettings
    },
  }
}

function parseJsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function unwrapList(body: unknown, key: string): unknown[] {
  if (body === undefined || body === null) return []
  if (Array.isArray(body)) return body
  if (typeof body === 'object') {
    const record = body as Record<string, unknown>
    for (const candidate of [key, 'items', 'data']) {
      const value = record[candidate]
      if (Array.isArray(value)) return value
    }
  }
  return [body]
}

/** Renders the house error body {code, message, fields?} in one line. */
export function describeErrorBody(parsed: unknown, rawText: string): string {
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const body = parsed as { code?: unknown; message?: unknown; fields?: unknown }
    const parts: string[] = []
    if (typeof body.code === 'string') parts.push(body.code)
    if (typeof body.message === 'string') parts.push(body.message)
    if (Array.isArray(body.fields)) {
      for (const field of body.fields as Array<Record<string, unknown>>) {
        const line = `${String(field['field'])}: ${String(field['message'] ?? field['code'])}`
        // the control API's messages already name each field ("names.0: …"): said once
        if (typeof body.message !== 'string' || !body.message.includes(line)) parts.push(line)
      }
    }
    if (parts.length > 0) return parts.join('; ')
  }
  const trimmed = rawText.trim()
  return trimmed === '' ? '(empty body)' : trimmed.slice(0, 300)
}
