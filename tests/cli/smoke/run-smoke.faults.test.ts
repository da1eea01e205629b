import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runCli } from '../../../cli/src/main.ts'
import type { SmokeReport } from '../../../cli/src/reports/smoke-report.ts'
import { corruptions, editJson, startBrokenBackend, type Corruption, type Upstream } from '../fixtures/broken-backend.ts'
import { startTestMock, type TestMock } from '../helpers/mock-server.ts'
import { createTestIo } from '../helpers/test-io.ts'

// Each test here makes whole conformance runs (hundreds of requests): its deadline is for a failure's report, not a
// claim on speed (a busy 2-core machine takes three times as long).
vi.setConfig({ testTimeout: 90_000 })

// The conformance run against backends broken one way at a time, throttled, served elsewhere, and as
// another customer: what a backend team meets with its own set-up.

const execFileAsync = promisify(execFile)
const ana = ['--email', 'ana.garcia@example.com', '--password', 'viaje2026']
const other = ['--other-email', 'nuevo@example.com', '--other-password', 'viaje2026']
const fixtures = path.join(import.meta.dirname, '../fixtures')

let mock: TestMock
let tempDir: string

beforeAll(async () => {
  ;[mock, tempDir] = await Promise.all([startTestMock(), mkdtemp(path.join(tmpdir(), 'smoke-faults-'))])
  // Forty runs from one client in a minute sign in wrongly twice each: as QA would, switch the mock's throttling off.
  expect((await runCli(['settings', '--throttling', 'off', '--mock-url', mock.url], createTestIo())).valueOf()).toBe(0)
})

afterAll(async () => {
  await mock.dispose()
})

async function smokeJson(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; report: SmokeReport; err: string }> {
  const io = createTestIo({ env })
  // the mock's throttling is off here (see beforeAll): its missing brake is not what these tests are about
  const code = await runCli(['smoke', ...args, '--exclude', 'sign-in-brake', '--json'], io)
  return { code, report: JSON.parse(io.out()) as SmokeReport, err: io.err() }
}

const reported = (report: SmokeReport, fault: Corruption) =>
  report.violations.filter(
    (violation) =>
      violation.operationId === fault.operationId &&
      violation.kind === fault.kind &&
      (fault.check === undefined || violation.step === fault.check || violation.step?.startsWith(`${fault.check}:`)),
  )

describe('each fault alone', () => {
  // --include keeps each run to the operation at fault (the journey still runs: it finds the ids).
  it.each(corruptions.map((fault) => [`${fault.operationId} ${fault.check ?? fault.kind}: ${fault.what}`, fault] as const))('%s', async (_name, fault) => {
    const backend = await startBrokenBackend(mock.url, { only: fault })
    try {
      const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other, '--include', fault.operationId, '--max-response-time', '1000'])
      expect(
        reported(report, fault).length,
        JSON.stringify(report.findings.map((finding) => [finding.operationId, finding.kind, finding.expected])),
      ).toBeGreaterThan(0)
      expect(code).toBe(1)
      expect(report.verdict).toBe('violations')
    } finally {
      await backend.close()
    }
  })
})

describe('a gateway that limits clients', () => {
  it('is not blamed: a correctly throttling backend (429 with Retry-After) gives 0 violations and exit 0, and the run says how long it waited', async () => {
    // A quota of 150 requests, as a gateway would count them; once spent, every request is refused until a
    // second has passed since the first refusal, then a new quota. Counted in requests, not per second of the
    // clock, so that a run on a slow machine meets the limit as surely as one on a fast machine.
    let quota = 150
    let refusingSince: number | null = null
    const tooMany = (): Upstream => ({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: Buffer.from(JSON.stringify({ code: 'too_many_requests', message: 'Slow down.' })),
    })
    const gateway = await startBrokenBackend(mock.url, {
      corrupt: false,
      gate: () => {
        if (refusingSince !== null && performance.now() - refusingSince >= 1000) {
          refusingSince = null
          quota = 150
        }
        if (quota > 0) {
          quota -= 1
          return undefined
        }
        refusingSince ??= performance.now()
        return tooMany()
      },
    })
    try {
      const { code, report } = await smokeJson(['--base-url', gateway.url, ...ana, ...other])
      expect(report.violations).toEqual([])
      expect(code).toBe(0)
      expect(report.throttle.throttled).toBeGreaterThan(0)
      expect(report.throttle.waitedMs).toBeGreaterThanOrEqual(1000)
      expect(report.throttle.keptAnswers).toBe(0)
    } finally {
      await gateway.close()
    }
  })

  it('--rate-limit spaces the requests so that the gateway never has to refuse', async () => {
    const started: number[] = []
    const gateway = await startBrokenBackend(mock.url, {
      corrupt: false,
      gate: () => {
        started.push(performance.now())
        return undefined
      },
    })
    try {
      const { code, report } = await smokeJson(['--base-url', gateway.url, '--rate-limit', '3000/m', '--include', 'listCountries'])
      expect(code).toBe(0)
      const gaps = started
        .slice(1)
        .map((at, index) => at - (started[index] as number))
        .sort((a, b) => a - b)
      // 3000/m is one request every 20 ms; unspaced, loopback requests follow each other within a few ms
      // (the median, not the smallest gap: arrival jitter on a busy machine can bring two sends closer)
      expect(gaps.length).toBeGreaterThan(20)
      expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(18)
      expect(report.throttle.throttled).toBe(0)
    } finally {
      await gateway.close()
    }
  })
})

describe('write safety', () => {
  it("a --write run as another customer leaves that customer's profile and bookings as they were", async () => {
    const world = () => mock.runtime.world
    const customerId = 'cus-norte-laura'
    const hers = () => {
      const bookings = world().bookings.filter((booking) => booking.access.some((access) => access.customerId === customerId))
      const ids = new Set(bookings.map((booking) => booking.id))
      return {
        customer: structuredClone(world().customers.find((customer) => customer.id === customerId)),
        bookings: structuredClone(bookings.filter((booking) => !booking.idempotencyKey?.startsWith('smoke-'))),
        payments: structuredClone(world().payments.filter((payment) => ids.has(payment.bookingId) && !payment.id.includes('smoke'))),
      }
    }
    const before = hers()
    expect(before.bookings.length).toBeGreaterThan(0)
    const { code, report } = await smokeJson([
      '--base-url',
      mock.url,
      '--agency-url',
      'http://norte.localhost:5173',
      '--email',
      'laura.martin@example.com',
      '--password',
      'viaje2026',
      '--write',
    ])
    expect(report.violations).toEqual([])
    expect(code).toBe(0)
    // her profile was written (with what it read back), and is as it was
    expect(report.steps.find((step) => step.id === 'reach:updateProfile')).toMatchObject({ status: 'passed' })
    const after = hers()
    expect(after.customer).toEqual(before.customer)
    expect(after.bookings).toEqual(before.bookings)
    expect(after.payments.filter((payment) => before.payments.some((earlier) => earlier.id === payment.id))).toEqual(before.payments)
  })

  it('auth probes on writes go to ids that do not exist: a backend that ignores the token changes nothing, and is caught', async () => {
    // a backend that serves any write without looking at the token (a 404 for an id it does not know)
    const writes: string[] = []
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (method, apiPath, answer) => {
        if (method !== 'GET' && answer.status === 401) writes.push(`${method} ${apiPath}`)
        return method !== 'GET' && answer.status === 401 && /\/booking\//.test(apiPath)
          ? { ...answer, status: 404, body: Buffer.from(JSON.stringify({ code: 'not_found', message: 'Not found.' })) }
          : undefined
      },
    })
    try {
      const { code, report } = await smokeJson([
        '--base-url',
        backend.url,
        ...ana,
        ...other,
        '--write',
        '--include',
        'updateBuyer',
        '--include',
        'cancelBooking',
      ])
      expect(code).toBe(1)
      const auth = report.steps.find((step) => step.id === 'auth:updateBuyer')
      expect(auth?.status).toBe('failed')
      expect(auth?.calls.every((call) => call.url.includes('/booking/smoke-missing-'))).toBe(true)
      expect(writes.every((write) => !/bkg-/.test(write))).toBe(true)
    } finally {
      await backend.close()
    }
  })
})

describe('real set-ups', () => {
  it('finds every operation on any base path: the root, or another prefix', async () => {
    const reference = await smokeJson(['--base-url', mock.url, ...ana, ...other])
    for (const basePath of ['', '/v2/customer']) {
      const backend = await startBrokenBackend(mock.url, { corrupt: false, basePath })
      try {
        const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other])
        expect(report.violations, basePath).toEqual([])
        expect(code).toBe(0)
        expect(report.baseUrl).toBe(backend.url.replace(/\/$/, ''))
        expect(report.tested.tested, basePath).toBe(reference.report.tested.tested)
      } finally {
        await backend.close()
      }
    }
  })

  it('sends -H headers on every request, names them in curl lines and never prints them; takes a pre-issued --token', async () => {
    const seen = new Set<string>()
    const login = await fetch(`${mock.url}/api/customer/auth/login`, {
      method: 'POST',
      headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
    })
    const token = ((await login.json()) as { token: string }).token
    const key = 'gw-key-7f3a9c'
    // an API-key gateway: no key, no entry
    const gateway = await startBrokenBackend(mock.url, {
      corrupt: false,
      gate: (_method, _path, req) =>
        req.headers['x-api-key'] === key && req.headers['x-env'] === 'staging'
          ? undefined
          : { status: 403, headers: { 'content-type': 'text/plain' }, body: Buffer.from('no key') },
    })
    try {
      const io = createTestIo({ env: { GATEWAY_KEY: key } })
      const har = path.join(tempDir, 'token.har')
      const code = await runCli(
        [
          'smoke',
          '--base-url',
          gateway.url,
          '-H',
          'X-Api-Key: $GATEWAY_KEY',
          '-H',
          'X-Env: staging',
          '--token',
          token,
          '--har',
          har,
          '--include',
          'getBooking',
        ],
        io,
      )
      const out = io.out()
      expect(out).toContain(', with a pre-issued token (--token)')
      expect(code).toBe(0)
      expect(out).not.toContain(key)
      expect(out).not.toContain(token)
      const recorded = await readFile(har, 'utf8')
      expect(recorded).not.toContain(key)
      expect(recorded).not.toContain(token)
      const entries = (JSON.parse(recorded) as { log: { entries: Array<{ request: { headers: Array<{ name: string; value: string }> } }> } }).log.entries
      expect(entries.length).toBeGreaterThan(20)
      for (const entry of entries) {
        const header = entry.request.headers.find((item) => item.name === 'X-Api-Key')
        if (header !== undefined) seen.add(header.value)
      }
      expect([...seen]).toEqual(['***'])
    } finally {
      await gateway.close()
    }
  })

  it('TLS: a self-signed certificate stops the run with what to do; --ca-cert and --insecure go on', async () => {
    const [key, cert] = await Promise.all([readFile(path.join(fixtures, 'tls-test-key.pem')), readFile(path.join(fixtures, 'tls-test-cert.pem'))])
    const backend = await startBrokenBackend(mock.url, { corrupt: false, tls: { key, cert } })
    try {
      const refused = await smokeJson(['--base-url', backend.url, '--include', 'listCountries'])
      expect(refused.code).toBe(2)
      expect(refused.report.explanation).toMatch(
        /^stopped: the TLS certificate of 127\.0\.0\.1:\d+ is not trusted \([A-Z_]+\): --ca-cert FILE with the CA that signed it, or --insecure$/,
      )
      const trusted = await smokeJson(['--base-url', backend.url, '--include', 'listCountries', '--ca-cert', path.join(fixtures, 'tls-test-cert.pem')])
      expect(trusted.report.violations).toEqual([])
      expect(trusted.code).toBe(0)
      const insecure = await smokeJson(['--base-url', backend.url, '--include', 'listCountries', '--insecure'])
      expect(insecure.code).toBe(0)
      expect(insecure.report.warnings).toContain("--insecure: the server's TLS certificate was not checked")
    } finally {
      await backend.close()
    }
  })
})

describe('reports for CI and triage', () => {
  it('one renamed field is one finding per operation, with what the backend sent', async () => {
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (method, apiPath, answer) =>
        method === 'GET' && /^\/booking\/[^/]+$/.test(apiPath) && answer.status === 200
          ? editJson(answer, (json) => {
              const { qr_payload: qr, ...rest } = json as Record<string, unknown>
              return { ...rest, qrPayload: qr }
            })
          : undefined,
    })
    try {
      const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other])
      expect(code).toBe(1)
      expect(report.violations.length).toBeGreaterThan(report.findings.length)
      expect(report.findings.filter((finding) => finding.expected.includes('qr_payload'))).toHaveLength(1)
      const finding = report.findings.find((item) => item.expected.includes('qr_payload'))
      expect(finding).toMatchObject({ operationId: 'getBooking', kind: 'schema', expected: '$.qr_payload is required' })
      expect(finding?.count).toBeGreaterThan(1)
      expect(finding?.example.sent).toMatch(/^an object with id, locator, .*\bqrPayload\b/)
    } finally {
      await backend.close()
    }
  })

  it('--max-failures stops checking, and still cancels what the run booked', async () => {
    // one fault, in a check that runs after the booking
    const backend = await startBrokenBackend(mock.url, { only: corruptions.find((fault) => fault.operationId === 'listServices') as Corruption })
    try {
      const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other, '--write', '--max-failures', '1'])
      expect(code).toBe(1)
      expect(report.summary.failed).toBe(1)
      expect(report.halted).toBe('not run: --max-failures 1 reached')
      expect(report.steps.filter((step) => step.reason === report.halted).length).toBeGreaterThan(10)
      expect(report.steps.find((step) => step.id === 'booking.cancel')?.status).toBe('passed')
    } finally {
      await backend.close()
    }
  })
})

describe('every reproduction runs as printed', () => {
  it('each curl line of a run against a backend with every fault ends within 10 s, its secrets set the way the report says; each read answers as it did in the run', async () => {
    const backend = await startBrokenBackend(mock.url)
    try {
      const { report } = await smokeJson(['--base-url', backend.url, ...ana, ...other, '--write', '--max-response-time', '1000'])
      const lines = new Map(report.violations.map((violation) => [violation.curl, violation]))
      expect(lines.size).toBeGreaterThan(10)
      // the reader's side, once, as a reader would: the passwords it knows, then each variable as the report says to set it
      const prelude = [
        "export TRAVEL_PORTAL_PASSWORD='viaje2026' TRAVEL_PORTAL_OTHER_PASSWORD='viaje2026'",
        ...report.variables.filter((variable) => !variable.name.endsWith('PASSWORD')).map((variable) => variable.how),
      ].join('\n')
      const names = report.variables.map((variable) => variable.name)
      const set = await execFileAsync('sh', ['-c', `${prelude}\n${names.map((name) => `printf '%s\\0' "$${name}"`).join('\n')}`], { timeout: 15_000 })
      const values = set.stdout.split('\0').slice(0, names.length)
      const variables = Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']))
      for (const name of names) expect(variables[name], `${name} as the report says to set it`).toMatch(/\S/)
      // the line as printed, with those variables: what its curl prints and how long it may take are the test's own (a
      // shell function of that name), so the line's status is the last line out
      const watched = `curl() { command curl -s -o /dev/null -w '%{http_code}\\n' --max-time 10 "$@"; }`
      const failures: string[] = []
      for (const [line, violation] of lines) {
        // the backend and the mock answer from this process: the line runs beside them, not blocking them
        const run = await execFileAsync('sh', ['-c', `${watched}\n${line}`], { timeout: 15_000, env: { ...process.env, ...variables } }).then(
          ({ stdout }) => ({ ok: true as const, stdout }),
          (error: Error & { stderr?: string; code?: number }) => ({ ok: false as const, why: `exit ${error.code ?? error.message}: ${error.stderr ?? ''}` }),
        )
        if (!run.ok) failures.push(`${run.why}\n${line}`)
        else {
          const status = Number(run.stdout.trim().split('\n').at(-1))
          if (violation.method === 'GET' && violation.status !== undefined && status !== violation.status)
            failures.push(`answered ${status}, in the run ${violation.status}: ${line}`)
        }
      }
      expect(failures).toEqual([])
    } finally {
      await backend.close()
    }
  }, 240_000)
})
