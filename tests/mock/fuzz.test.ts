// Fuzzes the mock from the contract, in process (MSW's getResponse over the mock's handlers, as the
// contract probes do): over 10,000 requests, valid and mutated (see scripts/bench/mock/fuzz-cases.ts), against one
// world that the valid writes keep changing, with scenarios switched now and then (never flaky or
// slow) and the clock moved. Deterministic for FUZZ_SEED.
//
// Every answer must hold: no exception, no 5xx, every 4xx the contract's error body with a code of
// ErrorCode (and, for a contract operation, a status and code it declares), every 2xx valid against
// the operation's response schema (both checked with the CLI's response checker).
import { fileURLToPath } from 'node:url'

import { getResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'

import { loadContract, type ContractIndex, type OperationSpec } from '../../contract/engine/contract-index.ts'
import { answerScans } from '../../cli/src/checks/catalogue.ts'
import { createResponseChecker, type ResponseChecker } from '../../contract/engine/response-checker.ts'
import { formatViolation } from '../../contract/engine/violation.ts'
import { createMockHandlers } from '../../mock/src/setups/mock-handlers.ts'
import { createRuntime } from '../../mock/src/runtime/runtime.ts'
import type { ScenarioName } from '../../contract/mock-control.ts'
import {
  createRandom,
  harvestIds,
  roundOfCases,
  viewContract,
  visibleIds,
  type FuzzCase,
  type GeneratorContext,
  type Tokens,
} from '../../scripts/bench/mock/fuzz-cases.ts'

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261121)
const TARGET = 10_000
const NOW = new Date('2026-11-21T10:00:00Z').getTime()
const ORIGIN = 'http://localhost:3333'
const contractFile = fileURLToPath(new URL('../../contract/openapi.yaml', import.meta.url))

// Everything but flaky (it fails on purpose) and slow (1.5 s per call).
const SCENARIO_SETS: ScenarioName[][] = [
  [],
  [],
  [],
  ['maintenance', 'new-build'],
  ['sold-out'],
  ['pack-full'],
  ['expired-passport', 'expired-dni'],
  ['payment-fails'],
  ['term-expired'],
  ['no-bookings'],
  ['minor-buyer'],
  ['rooming-confirmed', 'already-traveled'],
]

type Failure = { kind: string; request: string; status: number | string; problem: string }

let contract: ContractIndex
let checker: ResponseChecker
let errorCodes: Set<string>

beforeAll(async () => {
  contract = await loadContract(contractFile)
  checker = createResponseChecker(contract, { scans: answerScans(contract) })
  const doc = contract.documents.get(contract.rootUrl) as { components: { schemas: { ErrorCode: { enum: string[] } } } }
  errorCodes = new Set(doc.components.schemas.ErrorCode.enum)
})

// The operation of a method and a parsed path, as the mock routes: from the root of the path, one
// segment per parameter, one optional trailing slash; the fewest parameters win.
let routes: { operation: OperationSpec; pattern: RegExp; params: number }[] = []
const operationOf = (method: string, pathname: string): OperationSpec | undefined => {
  if (routes.length === 0) {
    routes = [...contract.operations.values()]
      .map((operation) => ({
        operation,
        pattern: new RegExp(
          `^${(contract.basePath + operation.path)
            .split('/')
            .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/')}/?$`,
        ),
        params: (operation.path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params)
  }
  return routes.find((r) => r.operation.method === method.toLowerCase() && r.pattern.test(pathname))?.operation
}

const describeCase = (c: FuzzCase) => {
  const body =
    c.body === undefined
      ? ''
      : typeof c.body === 'string'
        ? ` body ${JSON.stringify(c.body.slice(0, 120))}${c.body.length > 120 ? `… (${c.body.length} chars)` : ''}`
        : ' body <form>'
  const headers = Object.entries(c.headers)
    .map(([k, v]) => `${k}: ${v.length > 40 ? `${v.slice(0, 40)}…` : v}`)
    .join('; ')
  return `${c.method} ${c.path.length > 160 ? `${c.path.slice(0, 160)}…` : c.path} [${headers}]${body}`
}

describe('fuzzing the mock from the contract', () => {
  it(`answers ${TARGET.toLocaleString('en')}+ generated requests without a 5xx, a throw, an error body without a known code or a 2xx off the contract`, async () => {
    const started = performance.now()
    let now = NOW
    const rt = createRuntime({ fresh: true, now: () => new Date(now), debugLogin: true })
    const handlers = createMockHandlers(rt)
    const random = createRandom(SEED)
    const view = viewContract(contract)

    const debugLogin = async (email: string, agency: string): Promise<string> => {
      const res = await getResponse(
        handlers,
        new Request(`${ORIGIN}/api/customer/auth/debug`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', agencyId: agency },
          body: JSON.stringify({ email }),
        }),
      )
      if (!res?.ok) throw new Error(`could not sign in as ${email}: ${res?.status}`)
      return ((await res.json()) as { token: string }).token
    }
    const freshTokens = async (): Promise<Tokens> => {
      const expired = `tok_expired_${rt.world.sessions.length}`
      const ana = rt.world.customers.find((c) => c.email === 'ana.garcia@example.com' && c.agencyId === 'ag-sol')!
      rt.world.sessions.push({
        token: expired,
        customerId: ana.id,
        agencyId: 'ag-sol',
        via: 'password',
        createdAt: new Date(now - 40 * 86_400_000).toISOString(),
        expiresAt: new Date(now - 86_400_000).toISOString(),
      })
      return {
        own: await debugLogin('ana.garcia@example.com', 'ag-sol'),
        others: [await debugLogin('marta.lopez@example.com', 'ag-sol'), await debugLogin('nuevo@example.com', 'ag-sol')],
        otherTenant: await debugLogin('laura.martin@example.com', 'ag-norte'),
        expired,
        spare: await debugLogin('ana.garcia@example.com', 'ag-sol'),
      }
    }

    // The ids the main customer sees: its bookings and everything in them, the agency's travel groups.
    const ownIds = (token: string) =>
      visibleIds(async (path) => {
        const res = await getResponse(
          handlers,
          new Request(`${ORIGIN}/api/customer${path}`, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } }),
        )
        return res?.ok ? res.json() : null
      })

    const fingerprint = () => JSON.stringify({ ...rt.world, files: rt.world.files.map((f) => [f.name, f.size, f.base64.length]) })

    const failures: Failure[] = []
    const byKind = new Map<string, { count: number; ms: number; statuses: Map<number, number> }>()
    let sent = 0
    let round = 0
    while (sent < TARGET) {
      round += 1
      // A scenario set and a day for the round; tokens renewed (a valid logout may have ended them).
      rt.world.scenarios = random.pick(SCENARIO_SETS).map((name) => ({ name, target: {} }))
      now = NOW + (random.int(400) - 30) * 86_400_000
      const tokens = await freshTokens()
      const ctx: GeneratorContext = { view, random, pools: harvestIds(rt.world), own: await ownIds(tokens.own), tokens }
      for (const c of roundOfCases(ctx, 12, 40)) {
        sent += 1
        const fail = (status: number | string, problem: string) => failures.push({ kind: c.kind, request: describeCase(c), status, problem })
        const headers = new Headers()
        for (const [name, value] of Object.entries(c.headers)) {
          try {
            headers.set(name, value)
          } catch {
            // a value no HTTP client could send (the server fuzz sends raw bytes instead)
          }
        }
        const caseStarted = performance.now()
        // A GET never changes the world: whatever it changed would be lost on a restart (only writes are committed).
        // (Checked on a third of the valid GETs, uploads by name and size: serialising the world is the slow part.)
        const before = c.method === 'GET' && c.kind === 'valid' && sent % 3 === 0 ? fingerprint() : null
        let response: Response | undefined
        try {
          response = await getResponse(
            handlers,
            new Request(`${ORIGIN}${c.path}`, { method: c.method, headers, body: c.method === 'GET' || c.method === 'HEAD' ? undefined : c.body }),
          )
        } catch (error) {
          fail('throw', error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join(' | ') : String(error))
          continue
        }
        if (before !== null && fingerprint() !== before) fail(response?.status ?? 'none', 'a GET changed the world')
        // The operation the URL names once parsed as every client and the server parse it (dot
        // segments, even encoded ones, are resolved: /group/%2e%2e is the travel group itself).
        const operation = operationOf(c.method, new URL(`${ORIGIN}${c.path}`).pathname)
        const stats = byKind.get(c.kind) ?? { count: 0, ms: 0, statuses: new Map() }
        byKind.set(c.kind, stats)
        stats.count += 1
        stats.ms += performance.now() - caseStarted
        if (response === undefined) {
          // No handler: the HTTP server answers 404 not_found. Only for paths or methods the contract does not have.
          stats.statuses.set(404, (stats.statuses.get(404) ?? 0) + 1)
          if (operation !== undefined && !['odd-path-param', 'other-collection-id'].includes(c.kind))
            fail('none', `no handler answered ${operation.operationId}`)
          continue
        }
        const status = response.status
        stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1)
        if (response.type === 'error' || status === 0) {
          fail(0, 'dropped connection outside the flaky scenario')
          continue
        }
        if (status >= 500) {
          fail(status, (await response.text()).slice(0, 300))
          continue
        }
        if (status >= 400) {
          const text = await response.text()
          let body: { code?: unknown; message?: unknown } | null
          try {
            body = JSON.parse(text) as { code?: unknown; message?: unknown } | null
          } catch {
            body = null
          }
          if (body === null || typeof body.code !== 'string' || typeof body.message !== 'string') fail(status, `not an error body: ${text.slice(0, 200)}`)
          else if (!errorCodes.has(body.code)) fail(status, `code ${body.code} is not in the contract's ErrorCode`)
          else if (operation !== undefined) {
            // …and a status and code the operation declares (its own x-error-codes or the generic ones).
            const checked = checker.checkExchange(
              operation.operationId,
              { method: c.method, url: `${ORIGIN}${c.path}`, headers: {} },
              { status, headers: response.headers, body: new TextEncoder().encode(text) },
            )
            if (checked.violations.length > 0) fail(status, checked.violations.map(formatViolation).join(' / ').slice(0, 600))
          }
          continue
        }
        if (operation === undefined) {
          // HTTP's own answers on a path the contract has (RFC 9110): OPTIONS lists its methods, HEAD is its GET
          if (c.method === 'OPTIONS' && status === 204 && response.headers.get('allow')) continue
          if (c.method === 'HEAD' && status === 200) continue
          fail(status, `a ${status} for a path or method the contract does not have`)
          continue
        }
        const checked = await checker.checkResponse(operation.operationId, { method: c.method, url: `${ORIGIN}${c.path}`, headers: {} }, response)
        if (checked.violations.length > 0) fail(status, checked.violations.map(formatViolation).join(' / ').slice(0, 600))
      }
    }
    const seconds = (performance.now() - started) / 1000

    const table = [...byKind]
      .sort((a, b) => b[1].count - a[1].count)
      .map(
        ([kind, s]) =>
          `${kind.padEnd(22)} ${String(s.count).padStart(5)} ${`${(s.ms / 1000).toFixed(1)} s`.padStart(7)}  ${[...s.statuses]
            .sort((a, b) => a[0] - b[0])
            .map(([st, n]) => `${st}×${n}`)
            .join(' ')}`,
      )
      .join('\n')
    console.log(`fuzz: ${sent} requests in ${round} rounds, ${seconds.toFixed(1)} s, seed ${SEED}, ${failures.length} failures\n${table}`)

    const shown = failures.slice(0, 25).map((f) => `[${f.kind}] ${f.status} ${f.problem}\n    ${f.request}`)
    expect(failures.length, `${failures.length} failures (seed ${SEED}), the first:\n${shown.join('\n')}`).toBe(0)
    expect(sent).toBeGreaterThanOrEqual(TARGET)
  }, 600_000)
})
