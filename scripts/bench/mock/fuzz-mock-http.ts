// npm run bench:fuzz — fuzzing the mock server, twice:
//   1. in process, the seeded contract fuzz of tests/mock/fuzz.test.ts (10,000+ requests; run here
//      through Vitest to report its count and time), and
//   2. over real HTTP against a spawned mock: a shorter run of the same generator through fetch,
//      then malformed HTTP on raw sockets (truncated bodies, wrong Content-Length, 10 MB bodies
//      declared and chunked, bad request lines and headers, smuggling attempts, pipelining, resets,
//      slowloris-style partial headers for a bounded time while the health check must keep answering).
// The server must survive all of it: no 5xx, every 4xx a JSON error body with a code of the contract,
// nothing uncaught in its log, and /__mock/health answering at the end.
//
// Loopback only, bounded in count and time (about a minute). Results: bench-results/fuzz.json and a
// Its row in docs/benchmarks.md.
import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { loadContract } from '../../../contract/engine/contract-index.ts'
import { createRandom, roundOfCases, viewContract, visibleIds, type FuzzCase, type Tokens } from './fuzz-cases.ts'
import { describeMachine, upsertBenchRow } from '../bench-readme.ts'
import { fmt, freePort, load1, repoRoot, rssBytes, sleep, spawnMock, waitFor, writeResults } from '../bench-lib.ts'

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    requests: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '16' },
    'slowloris-s': { type: 'string', default: '8' },
    'slowloris-connections': { type: 'string', default: '200' },
    'no-vitest': { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
    /** another checkout's mock (a git worktree of an older commit): what the fuzz finds there */
    'mock-root': { type: 'string' },
  },
})
const REQUESTS = Number(args.requests)
const CONCURRENCY = Number(args.concurrency)
const SLOWLORIS_MS = Number(args['slowloris-s']) * 1000
const SLOWLORIS_CONNECTIONS = Number(args['slowloris-connections'])

type Problem = { where: string; detail: string }
const problems: Problem[] = []
const problem = (where: string, detail: string) => {
  problems.push({ where, detail })
  if (problems.length <= 30) console.log(`  PROBLEM ${where}: ${detail}`)
}

// ── 1. the in-process fuzz, through Vitest ──

const runVitestFuzz = (): Promise<{ ok: boolean; requests: number; rounds: number; seconds: number; wallSeconds: number; line: string }> =>
  new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/contract/vitest.config.ts', 'tests/mock/fuzz.test.ts'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      const match = /fuzz: (\d+) requests in (\d+) rounds, ([\d.]+) s/.exec(out)
      resolve({
        ok: code === 0,
        requests: Number(match?.[1] ?? 0),
        rounds: Number(match?.[2] ?? 0),
        seconds: Number(match?.[3] ?? Number.NaN),
        wallSeconds: (performance.now() - started) / 1000,
        line: match?.[0] ?? out.slice(-2000),
      })
    })
  })

// ── 2a. generated requests over HTTP ──

const errorCodes = new Set<string>()

const checkAnswer = (where: string, method: string, status: number, contentType: string | null, text: string) => {
  if (status >= 500) {
    problem(where, `${status} ${text.slice(0, 200)}`)
    return
  }
  // An answer to HEAD has no body, by definition.
  if (status < 400 || method === 'HEAD') return
  let body: { code?: unknown; message?: unknown } | null
  try {
    body = JSON.parse(text) as { code?: unknown; message?: unknown } | null
  } catch {
    body = null
  }
  if (body === null || typeof body.code !== 'string' || typeof body.message !== 'string' || !(contentType ?? '').includes('json'))
    problem(where, `${status} without an error body: ${text.slice(0, 200)}`)
  else if (!errorCodes.has(body.code)) problem(where, `${status} with code ${body.code}, not in ErrorCode`)
}

/** The ids the main customer sees through the API (over HTTP). */
const visibleOverHttp = (base: string, token: string) =>
  visibleIds(async (path) => {
    const res = await fetch(`${base}/api/customer${path}`, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } })
    return res.ok ? res.json() : null
  })

const generatedOverHttp = async (base: string) => {
  const contract = await loadContract(path.join(repoRoot, 'contract/openapi.yaml'))
  for (const code of (contract.documents.get(contract.rootUrl) as { components: { schemas: { ErrorCode: { enum: string[] } } } }).components.schemas.ErrorCode
    .enum)
    errorCodes.add(code)
  const view = viewContract(contract)
  const random = createRandom(Number(args.seed))
  const debugLogin = async (email: string, agency: string) => {
    const res = await fetch(`${base}/api/customer/auth/debug`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', agencyId: agency },
      body: JSON.stringify({ email }),
    })
    return ((await res.json()) as { token: string }).token
  }
  const statuses = new Map<number, number>()
  let sent = 0
  let dropped = 0
  const started = performance.now()
  while (sent < REQUESTS) {
    const tokens: Tokens = {
      own: await debugLogin('ana.garcia@example.com', 'ag-sol'),
      others: [await debugLogin('marta.lopez@example.com', 'ag-sol')],
      otherTenant: await debugLogin('laura.martin@example.com', 'ag-norte'),
      expired: 'tok_expired_unknown',
      spare: await debugLogin('ana.garcia@example.com', 'ag-sol'),
    }
    const pools = await visibleOverHttp(base, tokens.own)
    const cases = roundOfCases({ view, random, pools, own: pools, tokens }, 6, 30).slice(0, REQUESTS - sent)
    let next = 0
    const worker = async () => {
      while (next < cases.length) {
        const c: FuzzCase = cases[next]!
        next += 1
        const headers = new Headers()
        for (const [name, value] of Object.entries(c.headers)) {
          try {
            headers.set(name, value)
          } catch {
            // not sendable by fetch; the raw socket cases cover odd bytes
          }
        }
        try {
          const res = await fetch(`${base}${c.path}`, {
            method: c.method,
            headers,
            body: c.method === 'GET' || c.method === 'HEAD' ? undefined : c.body,
            signal: AbortSignal.timeout(10_000),
          })
          const text = await res.text()
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          checkAnswer(`[${c.kind}] ${c.method} ${c.path.slice(0, 120)}`, c.method, res.status, res.headers.get('content-type'), text)
        } catch (error) {
          dropped += 1
          problem(`[${c.kind}] ${c.method} ${c.path.slice(0, 120)}`, `no answer: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    sent += cases.length
  }
  return { sent, dropped, seconds: (performance.now() - started) / 1000, statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])) }
}

// ── 2b. malformed HTTP on raw sockets ──

type RawStep = string | Buffer | { wait: number } | 'end' | 'reset'
type RawResult = { status: number | null; closed: boolean; bytes: number; text: string }

/** Sends the steps on a fresh connection; reads until the server closes it or `readMs` passes. */
const raw = (port: number, steps: RawStep[], readMs = 3_000): Promise<RawResult> =>
  new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let closed = false
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const text = received.toString('latin1')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      resolve({ status: status === null ? null : Number(status[1]), closed, bytes: received.length, text })
    }
    const timer = setTimeout(finish, readMs + steps.reduce((ms, step) => ms + (typeof step === 'object' && 'wait' in step ? step.wait : 0), 0))
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
    })
    socket.on('error', () => {
      closed = true
      finish()
    })
    socket.on('close', () => {
      closed = true
      finish()
    })
    socket.on('connect', async () => {
      for (const step of steps) {
        if (settled) return
        if (step === 'end') socket.end()
        else if (step === 'reset') {
          socket.resetAndDestroy()
          closed = true
          finish()
          return
        } else if (typeof step === 'object' && 'wait' in step) await sleep(step.wait)
        else socket.write(step)
      }
    })
  })

const statusOf = (text: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)

const malformed = async (port: number): Promise<{ name: string; result: string }[]> => {
  const host = `Host: 127.0.0.1:${port}\r\n`
  const login = '/api/customer/auth/login'
  const json = '{"email":"ana.garcia@example.com","password":"viaje2026"}'
  const TEN_MB = 10 * 1024 * 1024
  const big = (bytes: number) => Buffer.alloc(bytes, 0x61)
  const chunked = (total: number, chunk = 1024 * 1024): Buffer[] => {
    const out: Buffer[] = []
    for (let sent = 0; sent < total; sent += chunk) {
      const size = Math.min(chunk, total - sent)
      out.push(Buffer.from(`${size.toString(16)}\r\n`), big(size), Buffer.from('\r\n'))
    }
    out.push(Buffer.from('0\r\n\r\n'))
    return out
  }
  const cases: { name: string; steps: RawStep[]; expect?: (r: RawResult) => string | null; readMs?: number }[] = [
    {
      name: 'truncated body, then close',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":"ana`, 'end'],
    },
    {
      name: 'truncated body, then reset',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Length: 500\r\n\r\n{"email"`, { wait: 200 }, 'reset'],
    },
    {
      name: 'truncated body, then silence (bounded)',
      steps: [`PUT /api/customer/auth/profile HTTP/1.1\r\n${host}Content-Length: 100\r\n\r\n{"na`],
      readMs: 1500,
    },
    {
      name: 'Content-Length larger than the body, keep-alive',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Length: 9999\r\n\r\n${json}`],
      readMs: 1500,
    },
    {
      name: 'Content-Length smaller than the body (the rest reads as a bad request)',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${json}`],
      expect: (r) => (r.status !== null && r.status < 500 ? null : `status ${r.status}`),
    },
    {
      name: 'negative Content-Length',
      steps: [`POST ${login} HTTP/1.1\r\n${host}Content-Length: -5\r\n\r\nabc`],
      expect: (r) => (r.status === 400 || r.closed ? null : `status ${r.status}`),
    },
    {
      name: 'two different Content-Lengths (smuggling)',
      steps: [`POST ${login} HTTP/1.1\r\n${host}Content-Length: 5\r\nContent-Length: 50\r\n\r\nhello`],
      expect: (r) => (r.status === 400 || (r.status === null && r.closed) ? null : `status ${r.status}`),
    },
    {
      name: 'Content-Length and chunked together (smuggling)',
      steps: [`POST ${login} HTTP/1.1\r\n${host}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /__mock/health HTTP/1.1\r\n${host}\r\n`],
    },
    {
      name: 'bad chunk size',
      steps: [`POST ${login} HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\n\r\nZZ\r\nhello\r\n0\r\n\r\n`],
      expect: (r) => (r.status === 400 || r.closed ? null : `status ${r.status}`),
    },
    {
      name: '10 MB body, declared (at the cap)',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Type: application/json\r\nContent-Length: ${TEN_MB}\r\n\r\n`, big(TEN_MB)],
      readMs: 10_000,
      expect: (r) => (r.status !== null && r.status >= 400 && r.status < 500 ? null : `status ${r.status}`),
    },
    {
      name: '10 MB + 1 byte, declared',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Length: ${TEN_MB + 1}\r\n\r\n`, big(64 * 1024)],
      expect: (r) => (r.status === 413 ? null : `status ${r.status}, expected 413`),
    },
    {
      name: '12 MB chunked (no length given)',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nTransfer-Encoding: chunked\r\n\r\n`, ...chunked(12 * 1024 * 1024)],
      readMs: 10_000,
      expect: (r) => (r.status === 413 ? null : `status ${r.status}, expected 413`),
    },
    {
      name: '10 MB upload, multipart',
      steps: [
        `POST /api/customer/auth/file-upload HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: ${TEN_MB}\r\n\r\n`,
        big(TEN_MB),
      ],
      readMs: 10_000,
    },
    { name: 'garbage request line', steps: ['GARBAGE\r\n\r\n'], expect: (r) => (r.status === 400 || r.closed ? null : `status ${r.status}`) },
    { name: 'unknown HTTP version', steps: [`GET /__mock/health HTTP/9.9\r\n${host}\r\n`] },
    {
      name: 'header without a colon',
      steps: [`GET /__mock/health HTTP/1.1\r\n${host}NoColonHere\r\n\r\n`],
      expect: (r) => (r.status === 400 || r.closed ? null : `status ${r.status}`),
    },
    { name: 'NUL in a header value', steps: [`GET /api/customer/agency HTTP/1.1\r\n${host}agencyId: ag\u0000sol\r\n\r\n`] },
    {
      name: 'latin-1 bytes in headers',
      steps: [
        Buffer.concat([
          Buffer.from(`GET /api/customer/booking HTTP/1.1\r\n${host}agencyId: ag-sol\r\nAuthorization: Bearer `),
          Buffer.from([0xf1, 0xe9, 0xff]),
          Buffer.from('\r\n\r\n'),
        ]),
      ],
    },
    {
      name: '40 KB of headers',
      steps: [`GET /__mock/health HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(40 * 1024)}\r\n\r\n`],
      expect: (r) => (r.status === null || r.status === 400 || r.status === 431 ? null : `status ${r.status}`),
    },
    {
      name: '9,000-character URL',
      steps: [`GET /api/customer/travelgroup/${'x'.repeat(9000)} HTTP/1.1\r\n${host}agencyId: ag-sol\r\n\r\n`],
      expect: (r) => (r.status === 414 ? null : `status ${r.status}, expected 414`),
    },
    {
      name: 'absolute-form target',
      steps: [`GET http://example.com/api/customer/agency HTTP/1.1\r\n${host}agencyId: ag-sol\r\n\r\n`],
      expect: (r) => (r.status !== null && r.status >= 400 && r.status < 500 ? null : `status ${r.status}`),
    },
    { name: 'asterisk target', steps: [`OPTIONS * HTTP/1.1\r\n${host}\r\n`] },
    { name: 'CONNECT', steps: [`CONNECT 127.0.0.1:22 HTTP/1.1\r\n${host}\r\n`] },
    {
      name: 'no Host header, HTTP/1.0',
      steps: ['GET /api/customer/agency HTTP/1.0\r\nagencyId: ag-sol\r\n\r\n'],
      expect: (r) => (r.status === 200 ? null : `status ${r.status}`),
    },
    { name: 'odd Host header', steps: [`GET /api/customer/agency HTTP/1.1\r\nHost: <script>\r\nagencyId: ag-sol\r\n\r\n`] },
    {
      name: '100 pipelined requests in one write',
      steps: [Array.from({ length: 100 }, (_, i) => `GET /api/customer/travelgroup/tg-sol-lon?i=${i} HTTP/1.1\r\n${host}agencyId: ag-sol\r\n\r\n`).join('')],
      readMs: 3_000,
      expect: (r) => {
        const count = (r.text.match(/HTTP\/1\.1 200/g) ?? []).length
        return count === 100 ? null : `${count} answers of 100`
      },
    },
    {
      name: 'request, then reset before the answer',
      steps: [`POST ${login} HTTP/1.1\r\n${host}agencyId: ag-sol\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`, 'reset'],
    },
    { name: 'bytes after the body', steps: [`GET /__mock/health HTTP/1.1\r\n${host}\r\n\u0001\u0002\u0003garbage\r\n\r\n`] },
  ]
  const results: { name: string; result: string }[] = []
  for (const c of cases) {
    const r = await raw(port, c.steps, c.readMs)
    const statuses = [...r.text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]))
    const worst = Math.max(0, ...statuses)
    let verdict = worst >= 500 ? `a ${worst}` : (c.expect?.(r) ?? null)
    // Error answers the server writes itself must be JSON error bodies too.
    if (verdict === null && r.status !== null && r.status >= 400) {
      const body = r.text.slice(r.text.indexOf('\r\n\r\n') + 4)
      const jsonStart = body.indexOf('{')
      try {
        const parsed = JSON.parse(body.slice(jsonStart, body.indexOf('}', jsonStart) + 1)) as { code?: unknown }
        if (typeof parsed.code !== 'string' || !errorCodes.has(parsed.code)) verdict = `error body without a known code: ${body.slice(0, 120)}`
      } catch {
        if (statusOf(r.text) !== 431) verdict = `error answer without a JSON body: ${body.slice(0, 120)}`
      }
    }
    const summary = `${r.status === null ? 'no status line' : r.status}${statuses.length > 1 ? ` (+${statuses.length - 1} more answers)` : ''}${r.closed ? ', closed' : ', open'}`
    results.push({ name: c.name, result: summary })
    if (verdict !== null) problem(`raw: ${c.name}`, verdict)
    else console.log(`  ok  ${c.name}: ${summary}`)
  }
  return results
}

// ── 2c. slowloris ──

const slowloris = async (port: number, base: string) => {
  const sockets: Socket[] = []
  for (let i = 0; i < SLOWLORIS_CONNECTIONS; i += 1) {
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => undefined)
    socket.write(`GET /api/customer/agency HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`)
    sockets.push(socket)
  }
  const healthMs: number[] = []
  const started = Date.now()
  let dripped = 0
  // Valid header lines, one byte per connection per tick: the headers never end.
  const LINE = 'X-Pad: a\r\n'
  while (Date.now() - started < SLOWLORIS_MS) {
    for (const socket of sockets) if (!socket.destroyed) socket.write(LINE[dripped % LINE.length]!)
    dripped += 1
    const t0 = performance.now()
    try {
      const res = await fetch(`${base}/__mock/health`, { signal: AbortSignal.timeout(2_000) })
      await res.arrayBuffer()
      healthMs.push(performance.now() - t0)
      if (!res.ok) problem('slowloris', `health answered ${res.status}`)
    } catch (error) {
      problem('slowloris', `health did not answer within 2 s: ${error instanceof Error ? error.message : String(error)}`)
    }
    await sleep(250)
  }
  const open = sockets.filter((s) => !s.destroyed).length
  for (const socket of sockets) socket.destroy()
  return {
    connections: SLOWLORIS_CONNECTIONS,
    seconds: SLOWLORIS_MS / 1000,
    stillOpen: open,
    healthChecks: healthMs.length,
    healthMaxMs: Math.max(...healthMs),
  }
}

// ── main ──

const main = async (): Promise<number> => {
  const startedAt = new Date()
  const loadBefore = load1()
  console.log(`bench:fuzz — machine: ${describeMachine()}; load average ${loadBefore}`)

  let vitest: Awaited<ReturnType<typeof runVitestFuzz>> | null = null
  if (!args['no-vitest']) {
    console.log('\n1. in process (tests/mock/fuzz.test.ts)')
    vitest = await runVitestFuzz()
    console.log(`  ${vitest.line} (${fmt(vitest.wallSeconds, 1)} s with Vitest's start)`)
    if (!vitest.ok) problem('in-process fuzz', 'the Vitest run failed (npx vitest run --config tests/contract/vitest.config.ts tests/mock/fuzz.test.ts)')
  }

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const mock = spawnMock({ port, mockRoot: args['mock-root'], debugLogin: true })
  await waitFor(`${base}/__mock/health`, mock)

  console.log(`\n2. over HTTP on ${base}: ${REQUESTS} generated requests, ${CONCURRENCY} at a time`)
  const generated = await generatedOverHttp(base)
  console.log(
    `  ${generated.sent} requests in ${fmt(generated.seconds, 1)} s, ${generated.dropped} without an answer, statuses ${JSON.stringify(generated.statuses)}`,
  )

  console.log('\n3. malformed HTTP on raw sockets')
  const rawResults = await malformed(port)

  console.log(`\n4. slowloris: ${SLOWLORIS_CONNECTIONS} connections sending partial headers for ${SLOWLORIS_MS / 1000} s`)
  const slow = await slowloris(port, base)
  console.log(
    `  health answered ${slow.healthChecks} times meanwhile, slowest ${fmt(slow.healthMaxMs, 1)} ms; ${slow.stillOpen} partial connections still open at the end (closed now)`,
  )

  // Survived?
  await sleep(200)
  let alive = mock.child.exitCode === null && mock.child.signalCode === null
  try {
    const res = await fetch(`${base}/__mock/health`, { signal: AbortSignal.timeout(3_000) })
    alive &&= res.ok
  } catch {
    alive = false
  }
  if (!alive) problem('server', `did not survive: exit ${mock.child.exitCode} ${mock.child.signalCode ?? ''}`)
  const rssMb = alive ? rssBytes(mock.pid) / 1024 / 1024 : Number.NaN
  const log = mock.stderr()
  if (/uncaught|unhandled/i.test(log)) problem('server log', log.slice(-1500))
  await mock.stop()

  console.log(`\nserver ${alive ? 'alive and answering /__mock/health' : 'DEAD'} (RSS ${fmt(rssMb)} MB); ${problems.length} problems`)
  const machine = `${describeMachine()}; load average ${loadBefore} → ${load1()}`
  const file = writeResults('fuzz.json', {
    date: startedAt.toISOString(),
    machine,
    seed: Number(args.seed),
    inProcess: vitest,
    http: generated,
    raw: rawResults,
    slowloris: slow,
    alive,
    problems,
  })
  console.log(`results: ${file}`)

  if (!args['no-readme'] && args['mock-root'] === undefined) {
    upsertBenchRow({
      id: 'mock-fuzz',
      what: 'Fuzzing the mock from the contract: valid and mutated requests (wrong types, missing fields, 100 kB strings, huge arrays, bad JSON, wrong content types, bad/expired/other-tenant tokens, odd path encodings, unknown paths), then malformed HTTP',
      how:
        "`npm run bench:fuzz`: tests/mock/fuzz.test.ts in process (seeded, MSW getResponse, responses checked with the CLI's response checker), then over HTTP against a spawned mock: the same generator through fetch, " +
        `${rawResults.length} malformed-HTTP cases on raw sockets (truncated bodies, wrong Content-Length, 10 MB declared and 12 MB chunked bodies, smuggling, pipelining, resets) and ${SLOWLORIS_CONNECTIONS} slowloris connections for ${SLOWLORIS_MS / 1000} s`,
      machine,
      result:
        (vitest
          ? `in process: ${fmt(vitest.requests)} requests in ${fmt(vitest.seconds, 1)} s (${vitest.ok ? 'no 5xx, no throw, every 4xx a declared ErrorCode body, every 2xx on the contract' : 'FAILED'}) · `
          : '') +
        `over HTTP: ${fmt(generated.sent)} requests in ${fmt(generated.seconds, 1)} s, ${Object.keys(generated.statuses).filter((s) => Number(s) >= 500).length === 0 ? 'no 5xx' : '5xx seen'}, ${generated.dropped} unanswered · raw: ${rawResults.length} cases, ${problems.filter((p) => p.where.startsWith('raw')).length} problems · slowloris: health answered throughout (slowest ${fmt(slow.healthMaxMs)} ms) · server ${alive ? 'alive' : 'DEAD'} · ${problems.length} problems in all`,
      date: startedAt.toISOString().slice(0, 10),
    })
    console.log('docs/benchmarks.md: bench row mock-fuzz updated')
  }
  return problems.length === 0 ? 0 : 1
}

process.exitCode = await main()
