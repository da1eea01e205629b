import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { UsageError } from '../../../cli/src/base/exit-codes.ts'
import type { ContractIndex } from '../../../contract/engine/contract-index.ts'
import type { CoverageFile } from '../../../cli/src/reports/coverage.ts'
import { probeStep } from '../../../cli/src/run/probes.ts'
import { type SmokePlan } from '../../../cli/src/smoke/smoke-plan.ts'
import { runSmoke } from '../../../cli/src/smoke/run-smoke.ts'
import type { SmokeOptions } from '../../../cli/src/smoke/smoke-options.ts'
import type { SmokeReport } from '../../../cli/src/reports/smoke-report.ts'
import type { StepContext, StepDefinition } from '../../../cli/src/run/step-runner.ts'
import { closedPortUrl, json, startFakeServer, type FakeHandler, type FakeServer } from '../../support/fake-server.ts'
import { miniContractPath } from '../helpers/paths.ts'
import { createTestIo } from '../helpers/test-io.ts'

// Each test here makes whole conformance runs (hundreds of requests): its deadline is for a failure's report, not a
// claim on speed (a busy 2-core machine takes three times as long).
vi.setConfig({ testTimeout: 90_000 })

type State = { token?: string; agencyId?: string; thingId?: string; created?: string }

const thing = { id: 't-1', name: 'Tent', price: 1200, status: 'active' }

// A small journey over the mini contract, in the shape the real one has.
const steps: StepDefinition<State>[] = [
  {
    id: 'agency',
    name: 'Agency lookup',
    kind: 'read',
    operationIds: ['findAgency'],
    async run(context: StepContext<State>) {
      const outcome = await context.call('findAgency', { json: { url: 'http://localhost:5173' } })
      const id = (outcome.json as { id?: string } | undefined)?.id
      if (!outcome.ok || id === undefined) context.fail('an agency', String(outcome.status))
      context.set({ agencyId: id })
    },
  },
  {
    id: 'login',
    name: 'Login',
    kind: 'read',
    needs: ['agency'],
    operationIds: ['login'],
    async run(context: StepContext<State>) {
      const outcome = await context.call('login', { json: { email: 'ana@example.com', password: 'viaje2026' } })
      const token = (outcome.json as { token?: string } | undefined)?.token
      if (token === undefined) context.fail('a token', 'none')
      context.set({ token })
    },
  },
  probeStep<State>({
    id: 'probe.no-token',
    name: 'No token is refused',
    operationId: 'getThing',
    needs: ['agency'],
    expect: { status: 401 },
    request: () => ({ path: ['t-1'], auth: 'none' }),
  }),
  probeStep<State>({
    id: 'probe.wrong-password',
    name: 'Wrong password is refused',
    operationId: 'login',
    needs: ['agency'],
    expect: { status: '4XX', code: 'auth_login_wrong' },
    request: () => ({ json: { email: 'ana@example.com', password: 'nope' } }),
  }),
  {
    id: 'things',
    name: 'List things',
    kind: 'read',
    needs: ['login'],
    operationIds: ['listThings'],
    async run(context: StepContext<State>) {
      const outcome = await context.call('listThings')
      const first = (outcome.json as Array<{ id: string }> | undefined)?.[0]
      if (first !== undefined) context.set({ thingId: first.id })
    },
  },
  {
    id: 'thing',
    name: 'Get a thing',
    kind: 'read',
    needs: ['things'],
    requires: ['thingId'],
    operationIds: ['getThing'],
    async run(context: StepContext<State>) {
      await context.call('getThing', { path: [context.state.thingId as string] })
    },
  },
  {
    id: 'create',
    name: 'Create a thing',
    kind: 'write',
    needs: ['login'],
    operationIds: ['createThing'],
    async run(context: StepContext<State>) {
      await context.call('createThing', { json: { ...thing, name: context.tag('Smoke tent') } })
    },
  },
  {
    id: 'pay',
    name: 'Follow the payment action',
    kind: 'payment',
    needs: ['login'],
    async run(context: StepContext<State>) {
      context.guardPaymentUrl(paymentActionUrl)
    },
  },
]

let paymentActionUrl = 'http://127.0.0.1:9/pay'

/** The happy mock: everything as declared. */
const happy: FakeHandler = (request) => {
  const route = `${request.method} ${request.path}`
  if (route === 'POST /api/mini/agency') return json(200, { id: 'ag-sol', name: 'Viajes Sol' })
  if (route === 'POST /api/mini/login') {
    return JSON.parse(request.body).password === 'viaje2026' ? json(200, { token: 'tok-1' }) : json(401, { code: 'auth_login_wrong', message: 'Wrong' })
  }
  if (request.headers['authorization'] !== 'Bearer tok-1' && request.path.startsWith('/api/mini/things/'))
    return json(401, { code: 'unauthorized', message: 'No' })
  if (route === 'GET /api/mini/things') return json(200, [thing])
  if (route === 'GET /api/mini/things/t-1') return json(200, thing)
  if (route === 'POST /api/mini/things') return json(201, { ...thing, name: JSON.parse(request.body).name })
  return json(404, { code: 'not_found', message: 'No route' })
}

let server: FakeServer
let tempDir: string

beforeAll(async () => {
  server = await startFakeServer(happy)
  tempDir = await mkdtemp(path.join(tmpdir(), 'smoke-run-'))
})

afterAll(async () => {
  await server.close()
})

beforeEach(() => {
  server.setHandler(happy)
  server.requests.length = 0
  paymentActionUrl = 'http://127.0.0.1:9/pay'
})

function plan(): (contract: ContractIndex) => SmokePlan<State> {
  return () => ({
    steps,
    state: {},
    notes: [],
    session: (state) => ({
      ...(state.token === undefined ? {} : { token: state.token }),
      ...(state.agencyId === undefined ? {} : { agencyId: state.agencyId }),
    }),
  })
}

function options(overrides: Partial<SmokeOptions> = {}): SmokeOptions {
  return { baseUrl: server.url, contractPath: miniContractPath, write: false, json: false, allowProviders: [], timeoutMs: 5000, ...overrides }
}

async function runJson(overrides: Partial<SmokeOptions> = {}): Promise<{ code: number; report: SmokeReport }> {
  const io = createTestIo()
  const code = await runSmoke(options({ ...overrides, json: true }), io, { plan: plan() })
  return { code, report: JSON.parse(io.out()) as SmokeReport }
}

describe('smoke run', () => {
  it('exits 0 when every answer is as declared, and writes JUnit and coverage files', async () => {
    const io = createTestIo()
    const junit = path.join(tempDir, 'ok', 'junit.xml')
    const coverage = path.join(tempDir, 'ok', 'coverage.json')
    const code = await runSmoke(options({ junit, coverageOut: coverage, verbose: true }), io, { plan: plan() })
    expect(io.err()).toBe('')
    expect(code).toBe(0)
    const out = io.out()
    expect(out).toMatch(/^\[1\/8\] PASS agency POST \/api\/mini\/agency 200/m)
    expect(out).toMatch(/^\[3\/8\] PASS probe.no-token \[probe\] GET \/api\/mini\/things\/t-1 401/m)
    expect(out).toMatch(/^\[7\/8\] SKIP create \[write\]$/m)
    expect(out).toContain('writes data: pass --write to run')
    expect(out).toContain('PASSED: 4 of 9 operations worked · 5 not tried')
    expect(out).toContain('no violation; 8 steps (6 passed, 0 failed, 2 skipped), 6 calls')
    // not a TTY: no colour
    expect(out).not.toContain('\u001b[')

    expect(await readFile(junit, 'utf8')).toContain('<testsuites name="travel-portal smoke" tests="8" failures="0" errors="0" skipped="2"')
    const written = JSON.parse(await readFile(coverage, 'utf8')) as CoverageFile
    expect(written.coverageVersion).toBe(1)
    expect(written.entries.map((entry) => `${entry.operationId} ${entry.status}`)).toEqual([
      'findAgency 200',
      'getThing 200',
      'getThing 401',
      'listThings 200',
      'login 200',
      'login 401',
    ])
  })

  it('sends the tenant header and token picked up from earlier steps', async () => {
    await runJson()
    const list = server.requests.find((request) => request.path === '/api/mini/things')
    expect(list?.headers['agencyid']).toBe('ag-sol')
    // listThings declares no bearer scheme, getThing does
    expect(list?.headers['authorization']).toBeUndefined()
    expect(server.requests.find((request) => request.path === '/api/mini/things/t-1' && request.headers['authorization'])?.headers['authorization']).toBe(
      'Bearer tok-1',
    )
  })

  it('exits 1 on a violation, with the violation in the JSON report', async () => {
    server.setHandler((request) =>
      request.path === '/api/mini/things/t-1' && request.headers['authorization'] ? json(200, { ...thing, price: 'free' }) : happy(request),
    )
    const { code, report } = await runJson()
    expect(code).toBe(1)
    expect(report.verdict).toBe('violations')
    expect(report.violations).toHaveLength(1)
    expect(report.violations[0]).toMatchObject({ kind: 'schema', operationId: 'getThing', step: 'thing', expected: '$.price must be integer' })
    expect(report.steps.find((step) => step.id === 'thing')?.status).toBe('failed')
  })

  it('fails a probe that is not refused as expected', async () => {
    server.setHandler((request) => (request.path === '/api/mini/things/t-1' ? json(200, thing) : happy(request)))
    const { code, report } = await runJson()
    expect(code).toBe(1)
    const probe = report.steps.find((step) => step.id === 'probe.no-token')
    expect(probe?.violations[0]).toMatchObject({ kind: 'probe', operationId: 'getThing', expected: 'status 401', actual: 'status 200' })
  })

  it('skips steps whose dependency failed, naming it', async () => {
    server.setHandler((request) => (request.path === '/api/mini/login' ? json(422, { code: 'validation_error', message: 'x' }) : happy(request)))
    const { report } = await runJson()
    expect(report.steps.find((step) => step.id === 'login')?.status).toBe('failed')
    expect(report.steps.find((step) => step.id === 'things')).toMatchObject({ status: 'skipped', reason: 'needs login (failed)' })
  })

  it('runs write steps only with --write, tagging what they create', async () => {
    const { code, report } = await runJson({ write: true })
    expect(code).toBe(0)
    expect(report.steps.find((step) => step.id === 'create')?.status).toBe('passed')
    const created = server.requests.find((request) => request.method === 'POST' && request.path === '/api/mini/things')
    expect(JSON.parse(created?.body ?? '{}').name).toBe(`Smoke tent [${report.marker}]`)
    expect(report.marker).toMatch(/^smoke-\d{8}T\d{6}Z$/)
  })

  it('refuses a payment step whose action URL is not loopback unless allowed', async () => {
    paymentActionUrl = 'https://pay.provider.example/checkout/123'
    const refused = await runJson({ write: true })
    expect(refused.report.steps.find((step) => step.id === 'pay')).toMatchObject({ status: 'skipped' })
    expect(refused.report.steps.find((step) => step.id === 'pay')?.reason).toMatch(/^refused: payment action URL https:\/\/pay.provider.example\/checkout\/123/)

    const allowed = await runJson({ write: true, allowProviders: ['https://pay.provider.example/checkout'] })
    expect(allowed.report.steps.find((step) => step.id === 'pay')?.status).toBe('passed')
  })

  it('exits 2 when every call answers 404 (wrong base URL)', async () => {
    server.setHandler(() => ({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' }))
    const { code, report } = await runJson()
    expect(code).toBe(2)
    expect(report.verdict).toBe('nothing-testable')
    expect(report.explanation).toContain('every call answered 401 or 404')
  })

  it('exits 2 when the connection is refused', async () => {
    const io = createTestIo()
    const code = await runSmoke(options({ baseUrl: await closedPortUrl() }), io, { plan: plan() })
    expect(code).toBe(2)
    expect(io.out()).toContain('ECONNREFUSED')
    expect(io.out()).toContain('NOTHING TESTABLE')
  })

  it('rejects --email without --password, and a missing contract, as usage errors', async () => {
    await expect(runSmoke(options({ email: 'a@b.example' }), createTestIo(), { plan: plan() })).rejects.toThrow(UsageError)
    await expect(runSmoke(options({ contractPath: path.join(tempDir, 'none.yaml') }), createTestIo(), { plan: plan() })).rejects.toThrow(
      /contract file not found/,
    )
  })

  it('colours step lines only on a TTY without NO_COLOR', async () => {
    const tty = createTestIo({ isTTY: true })
    await runSmoke(options({ verbose: true }), tty, { plan: plan() })
    expect(tty.out()).toContain('\u001b[32mPASS\u001b[39m')

    const noColor = createTestIo({ isTTY: true, env: { NO_COLOR: '1' } })
    await runSmoke(options({ verbose: true }), noColor, { plan: plan() })
    expect(noColor.out()).not.toContain('\u001b[')
  })
})
