// npm run bench:proxy — the validating proxy (`travel-portal proxy`) in front of the mock, next to the mock
// called directly and to Stoplight Prism's `prism proxy` in front of the same mock, on the same contract:
// requests per second and latency (p50, p99) at 50 connections, the proxy's CPU per request, then its memory
// over a soak at a steady load. Rounds alternate the three so each meets the same weather; figures are medians.
// Results: bench-results/proxy.json and its row in docs/benchmarks.md. Bounded: every child has a time limit.
import { spawn } from 'node:child_process'
import { Agent, request as httpRequest } from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { describeMachine, upsertBenchRow } from '../bench-readme.ts'
import {
  cpuMs,
  fmt,
  freePort,
  hasWrk,
  load1,
  median,
  repoRoot,
  rssBytes,
  runAutocannon,
  runWrk,
  sleep,
  spawnMock,
  track,
  waitFor,
  writeResults,
  type LoadResult,
  type LoadSpec,
  type Started,
} from '../bench-lib.ts'

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    soak: { type: 'string', default: '60' },
    'no-readme': { type: 'boolean', default: false },
  },
})
const ROUNDS = Number(args.rounds)
const DURATION_S = Number(args.duration)
const SOAK_S = Number(args.soak)
const CONNECTIONS = 50
const AGENCY = 'ag-sol'
const load = hasWrk() ? runWrk : runAutocannon

type Target = { name: string; base: string; started?: Started }
type Measured = LoadResult & { cpuUsPerRequest: number | undefined }

const measure = async (target: Target, spec: Omit<LoadSpec, 'connections' | 'durationS'>): Promise<Measured> => {
  const before = target.started === undefined ? 0 : cpuMs(target.started.pid)
  const result = await load({ ...spec, connections: CONNECTIONS, durationS: DURATION_S })
  const cpu = target.started === undefined ? undefined : cpuMs(target.started.pid) - before
  return { ...result, cpuUsPerRequest: cpu === undefined ? undefined : (cpu * 1000) / result.requests }
}

const main = async (): Promise<number> => {
  const startedAt = new Date()
  const loadBefore = load1()
  console.log(`bench:proxy — ${hasWrk() ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, then a ${SOAK_S} s soak`)
  const mockPort = await freePort()
  const mock = spawnMock({ port: mockPort })
  await waitFor(`http://127.0.0.1:${mockPort}/__mock/health`, mock)
  const upstream = `http://127.0.0.1:${mockPort}/api/customer`

  const oursPort = await freePort()
  const ours = track(
    spawn(process.execPath, ['cli/bin.js', 'proxy', '--upstream', upstream, '--port', String(oursPort), '--every', '0', '--fallback', 'none'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  )
  await waitFor(`http://127.0.0.1:${oursPort}/__proxy/report`, ours)
  const prismPort = await freePort()
  const prismCli = path.join(repoRoot, 'node_modules/@stoplight/prism-cli/dist/index.js')
  const prism = track(
    spawn(process.execPath, [prismCli, 'proxy', 'contract/openapi.yaml', upstream, '-p', String(prismPort), '-h', '127.0.0.1', '-v', 'silent'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  )
  await waitFor(`http://127.0.0.1:${prismPort}/auth/config`, prism, { headers: { agencyId: AGENCY } })

  const targets: Target[] = [
    { name: 'direct', base: upstream },
    { name: 'ours', base: `http://127.0.0.1:${oursPort}/api/customer`, started: ours },
    // Prism proxies the contract's paths without the server's base path.
    { name: 'prism', base: `http://127.0.0.1:${prismPort}`, started: prism },
  ]
  const login = await fetch(`${upstream}/auth/login`, {
    method: 'POST',
    headers: { agencyId: AGENCY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
  })
  const token = ((await login.json()) as { token: string }).token
  const operations = [
    { name: 'GET travel group detail', spec: (base: string) => ({ url: `${base}/travelgroup/tg-sol-lon`, headers: { agencyId: AGENCY } }) },
    {
      name: 'GET booking detail',
      spec: (base: string) => ({ url: `${base}/booking/bkg-sol-1001`, headers: { agencyId: AGENCY, Authorization: `Bearer ${token}` } }),
    },
  ]
  const results: Array<{ operation: string; direct: Measured; ours: Measured; prism: Measured; addedP50Ms: number; addedP99Ms: number; ratio: number }> = []
  for (const operation of operations) {
    console.log(`\n${operation.name}`)
    // warm-up, each once
    for (const target of targets) await load({ ...operation.spec(target.base), connections: CONNECTIONS, durationS: 3 })
    const rounds: Record<string, Measured[]> = { direct: [], ours: [], prism: [] }
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? targets : [...targets].reverse()
      for (const target of order) rounds[target.name]!.push(await measure(target, operation.spec(target.base)))
    }
    const combined = (name: string): Measured => {
      const runs = rounds[name]!
      const requests = runs.reduce((sum, run) => sum + run.requests, 0)
      const cpu = runs.every((run) => run.cpuUsPerRequest !== undefined)
        ? runs.reduce((sum, run) => sum + (run.cpuUsPerRequest as number) * run.requests, 0) / requests
        : undefined
      return {
        ...runs[0]!,
        requests,
        rps: median(runs.map((run) => run.rps)),
        p50Ms: median(runs.map((run) => run.p50Ms)),
        p90Ms: median(runs.map((run) => run.p90Ms)),
        p99Ms: median(runs.map((run) => run.p99Ms)),
        non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
        cpuUsPerRequest: cpu,
      }
    }
    const [direct, oursResult, prismResult] = [combined('direct'), combined('ours'), combined('prism')]
    const result = {
      operation: operation.name,
      direct,
      ours: oursResult,
      prism: prismResult,
      addedP50Ms: oursResult.p50Ms - direct.p50Ms,
      addedP99Ms: oursResult.p99Ms - direct.p99Ms,
      ratio: oursResult.rps / prismResult.rps,
    }
    results.push(result)
    for (const [name, m] of [
      ['direct', direct],
      ['travel-portal proxy', oursResult],
      ['prism proxy', prismResult],
    ] as const) {
      console.log(
        `  ${name.padEnd(20)} ${fmt(m.rps).padStart(7)} req/s  p50 ${fmt(m.p50Ms, 2)} ms  p99 ${fmt(m.p99Ms, 2)} ms${m.cpuUsPerRequest === undefined ? '' : `  ${fmt(m.cpuUsPerRequest)} µs CPU/req`}  ${m.non2xx} non-2xx, ${m.errors} errors`,
      )
    }
    console.log(
      `  added by our proxy: p50 ${fmt(result.addedP50Ms, 2)} ms, p99 ${fmt(result.addedP99Ms, 2)} ms; ${fmt(result.ratio, 1)}× Prism's requests per second`,
    )
  }

  // ── the latency the proxy adds, with a microsecond clock: one client, one request at a time ──
  const sequential = async (base: string, count: number): Promise<number[]> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const spec = operations[1]!.spec(base)
    const once = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now()
        const req = httpRequest(spec.url, { agent, headers: spec.headers }, (res) => {
          res.on('data', () => undefined)
          res.on('end', () => resolve(performance.now() - started))
        })
        req.on('error', reject)
        req.end()
      })
    const times: number[] = []
    for (let i = 0; i < count; i += 1) times.push(await once())
    agent.destroy()
    return times.sort((a, b) => a - b)
  }
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
  const oneByOne: Record<string, { p50: number; p99: number }> = {}
  for (const target of targets.slice(0, 2)) await sequential(target.base, 300)
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of round % 2 === 0 ? targets.slice(0, 2) : targets.slice(0, 2).reverse()) {
      const times = await sequential(target.base, 2_000)
      const previous = oneByOne[target.name]
      const now = { p50: pct(times, 50), p99: pct(times, 99) }
      oneByOne[target.name] = previous === undefined || now.p50 < previous.p50 ? now : previous
    }
  }
  const addedP50Sequential = oneByOne['ours']!.p50 - oneByOne['direct']!.p50
  console.log(
    `\none request at a time (booking detail, best round of ${ROUNDS}): direct p50/p99 ${fmt(oneByOne['direct']!.p50, 3)}/${fmt(oneByOne['direct']!.p99, 3)} ms, through our proxy ${fmt(oneByOne['ours']!.p50, 3)}/${fmt(oneByOne['ours']!.p99, 3)} ms: added p50 ${fmt(addedP50Sequential, 3)} ms`,
  )

  // ── the latency the proxy adds at a steady rate well under saturation (autocannon's overallRate) ──
  const RATE = 500
  const steady: Record<string, LoadResult> = {}
  for (const target of targets.slice(0, 2)) {
    steady[target.name] = await runAutocannon({ ...operations[1]!.spec(target.base), connections: 10, durationS: DURATION_S, rate: RATE })
  }
  const steadyAddedP50 = steady['ours']!.p50Ms - steady['direct']!.p50Ms
  const steadyAddedP99 = steady['ours']!.p99Ms - steady['direct']!.p99Ms
  console.log(
    `\nat ${RATE} req/s (booking detail): direct p50/p99 ${fmt(steady['direct']!.p50Ms, 2)}/${fmt(steady['direct']!.p99Ms, 2)} ms, through our proxy ${fmt(steady['ours']!.p50Ms, 2)}/${fmt(steady['ours']!.p99Ms, 2)} ms: added p50 ${fmt(steadyAddedP50, 2)} ms`,
  )

  // ── soak: a steady load through our proxy, its memory sampled ──
  const rss: number[] = []
  const soak = load({ ...operations[1]!.spec(targets[1]!.base), connections: 10, durationS: SOAK_S })
  const sampling = (async () => {
    for (let second = 0; second < SOAK_S; second += 5) {
      await sleep(5_000)
      rss.push(rssBytes(ours.pid) / 1024 / 1024)
    }
  })()
  const soaked = await soak
  await sampling
  const settled = rss.slice(Math.floor(rss.length / 3))
  const growth = settled.length > 1 ? settled.at(-1)! / settled[0]! : 1
  const report = (await (await fetch(`http://127.0.0.1:${oursPort}/__proxy/report`)).json()) as { exchanges: number; findings: unknown[] }
  console.log(
    `\nsoak: ${soaked.requests} requests at ${fmt(soaked.rps)} req/s; RSS ${rss.map((value) => fmt(value)).join(', ')} MB; ×${fmt(growth, 2)} over the last two thirds; the proxy's findings: ${report.findings.length}`,
  )
  await Promise.all([ours.stop(), prism.stop(), mock.stop()])

  const loadAfter = load1()
  const file = writeResults('proxy.json', { startedAt, results, oneByOne, steady, soak: { ...soaked, rssMb: rss, growth, findings: report.findings.length } })
  console.log(`results: ${file}`)
  const goalMet = addedP50Sequential < 1 && results.every((result) => result.ratio >= 3)
  if (!args['no-readme']) {
    upsertBenchRow({
      id: 'proxy-vs-prism',
      what: 'The validating proxy (`travel-portal proxy`, report mode) in front of the mock, next to the mock direct and `prism proxy` 5.16 in front of the same mock, 50 connections',
      how: `\`npm run bench:proxy\`: ${hasWrk() ? 'wrk (1 thread)' : 'autocannon (in the bench process)'} on loopback, each target 3 s warm-up then ${ROUNDS} rounds of ${DURATION_S} s, alternating, medians; then ${SOAK_S} s at 10 connections through our proxy, its RSS every 5 s`,
      machine: `${describeMachine()}; load average ${loadBefore} → ${loadAfter}`,
      result: `${results
        .map(
          (result) =>
            `${result.operation}: direct ${fmt(result.direct.rps)} req/s (p50/p99 ${fmt(result.direct.p50Ms, 1)}/${fmt(result.direct.p99Ms, 1)} ms) · ours ${fmt(result.ours.rps)} req/s (p50/p99 ${fmt(result.ours.p50Ms, 1)}/${fmt(result.ours.p99Ms, 1)} ms, added p50 ${fmt(result.addedP50Ms, 2)} ms, CPU ${fmt(result.ours.cpuUsPerRequest ?? 0)} µs/req) · Prism ${fmt(result.prism.rps)} req/s (p50/p99 ${fmt(result.prism.p50Ms, 1)}/${fmt(result.prism.p99Ms, 1)} ms, CPU ${fmt(result.prism.cpuUsPerRequest ?? 0)} µs/req) · **${fmt(result.ratio, 1)}×** Prism`,
        )
        .join(
          ' · ',
        )} · one request at a time (booking detail, best of ${ROUNDS} rounds of 2,000): direct p50/p99 ${fmt(oneByOne['direct']!.p50, 3)}/${fmt(oneByOne['direct']!.p99, 3)} ms, through the proxy ${fmt(oneByOne['ours']!.p50, 3)}/${fmt(oneByOne['ours']!.p99, 3)} ms: **added p50 ${fmt(addedP50Sequential, 3)} ms** · at a steady ${RATE} req/s (booking detail, 10 connections): added p50 ${fmt(steadyAddedP50, 2)} ms, p99 ${fmt(steadyAddedP99, 2)} ms (direct ${fmt(steady['direct']!.p50Ms, 2)}/${fmt(steady['direct']!.p99Ms, 2)} ms) · soak: ${soaked.requests} requests, RSS ${fmt(Math.min(...rss))}–${fmt(Math.max(...rss))} MB (×${fmt(growth, 2)} over the last two thirds) · goal (added p50 < 1 ms one request at a time, ≥ 3× Prism at 50 connections): ${goalMet ? 'met' : 'NOT met'}`,
      date: startedAt.toISOString().slice(0, 10),
    })
    console.log('docs/benchmarks.md: bench row updated')
  }
  return 0
}

process.exitCode = await main()
