// `npm run bench:rum`: what the pages' field data costs the portal server at 1,000 beacons a second, and what each brake
// keeps (decision 050). The sink (web/server/rum-beacon.ts) runs alone in a process of its own, as the portal server
// runs it, behind a trusted proxy (loopback, TRUSTED_PROXIES); an open-loop generator sends beacons from 1,000 travellers
// (X-Forwarded-For) for 10 s each: with the per-client limit, without it, with a tenth of the page views sampled (the
// page decides, so the server sees 100 a second), and from one client flooding alone. For each: beacons written a
// second, the server's CPU per beacon, bytes per line, and how long the file's 100 MB cap lasts at that rate.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

import { cleanUp, cpuMs, fmt, load1, repoRoot, runSteadyRate, sleep, tempDir, track } from '../bench-lib.ts'
import { describeMachine, upsertBenchRow } from '../bench-readme.ts'
import { createRumSink } from '../../../web/server/rum-beacon.ts'
import { parseTrustedProxies } from '../../../core/client-address.ts'

const { values: args } = parseArgs({
  options: {
    serve: { type: 'string' },
    limit: { type: 'string', default: '60' },
    duration: { type: 'string', default: '10' },
    readme: { type: 'boolean', default: false },
  },
})

const CAP_BYTES = 100 * 1024 * 1024
const TRAVELLERS = 1_000
const BEACON = JSON.stringify({ route: '/booking/:id', agency: 'ag-sol', lcp: 2140, inp: 96, cls: 0.0512, memory: 4, connection: '4g' })

if (args.serve !== undefined) {
  // the server's role: the sink alone, trusting loopback as a portal behind a local proxy would
  const sink = createRumSink({
    file: args.serve,
    perClientPerMinute: Number(args.limit),
    trustedProxies: parseTrustedProxies('loopback'),
    log: () => undefined,
  })
  const server = createServer((req, res) => sink.handle(req, res))
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`))
} else {
  type Case = { name: string; rate: number; limit: number; clients: number }
  const durationS = Number(args.duration)
  const cases: Case[] = [
    { name: 'per-client limit (60/min), every page view', rate: 1_000, limit: 60, clients: TRAVELLERS },
    { name: 'no limit, every page view', rate: 1_000, limit: Number.MAX_SAFE_INTEGER, clients: TRAVELLERS },
    { name: 'per-client limit, a tenth of the page views sampled', rate: 100, limit: 60, clients: TRAVELLERS },
    { name: 'one client flooding at 1,000/s, per-client limit', rate: 1_000, limit: 60, clients: 1 },
  ]
  const dir = tempDir('bench-rum-')
  const loadBefore = load1()
  const results: string[] = []
  try {
    for (const [index, spec] of cases.entries()) {
      const file = path.join(dir, `rum-${index}.jsonl`)
      const child = track(
        spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/portal/bench-rum.ts', '--serve', file, '--limit', String(spec.limit)], {
          cwd: repoRoot,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      )
      const port = await new Promise<number>((resolve) => child.child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))))
      const url = `http://127.0.0.1:${port}/__rum`
      const load = { url, method: 'POST' as const, body: BEACON, connections: 50, headers: { 'content-type': 'application/json' } }
      const headersFor = (i: number) => ({ 'x-forwarded-for': `198.18.${Math.floor((i % spec.clients) / 256)}.${(i % spec.clients) % 256}` })
      // warm-up from addresses of their own, so the measured run's clients start with a clean minute
      await runSteadyRate({ ...load, rate: 200, durationS: 1, headersFor: (i) => ({ 'x-forwarded-for': `198.19.${Math.floor(i / 256)}.${i % 256}` }) })
      await sleep(200)
      const linesIn = () => readFileSync(file).reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0)
      const before = { lines: linesIn(), bytes: readFileSync(file).length }
      // what the process spends doing nothing (timers, the collector), taken off what follows
      const idleBefore = cpuMs(child.pid)
      await sleep(2_000)
      const idlePerS = (cpuMs(child.pid) - idleBefore) / 2
      const cpuBefore = cpuMs(child.pid)
      const result = await runSteadyRate({ ...load, rate: spec.rate, durationS, headersFor })
      await sleep(300)
      const cpu = cpuMs(child.pid) - cpuBefore - idlePerS * (durationS + 0.3)
      const written = readFileSync(file).length - before.bytes
      const lines = linesIn() - before.lines
      await child.stop()
      const perLine = written / Math.max(1, lines)
      const bytesPerS = written / durationS
      results.push(
        `${spec.name}: ${fmt(result.requests / durationS)} beacons/s sent, ${fmt(lines / durationS)}/s written (${fmt(result.non2xx)} refused), ` +
          `server CPU ${fmt(cpu / durationS, 0)} ms/s over its idle ${fmt(idlePerS, 0)} (${fmt((cpu * 1000) / Math.max(1, result.requests), 0)} µs a beacon), p99 ${fmt(result.p99Ms, 1)} ms, ` +
          `${fmt(perLine)} B a line: the 100 MB cap lasts ${bytesPerS > 0 ? `${fmt(CAP_BYTES / bytesPerS / 60, 0)} min` : 'for ever'}`,
      )
      process.stdout.write(`${results.at(-1)}\n`)
    }
  } finally {
    cleanUp()
  }
  if (args.readme) {
    upsertBenchRow({
      id: 'portal-rum',
      what: "The pages' field data at 1,000 beacons a second: the portal server's cost and what each brake keeps (decision 050)",
      how: `\`npm run bench:rum -- --readme\`: the sink (web/server/rum-beacon.ts) alone in a process, trusting loopback; an open-loop generator (bench-lib's runSteadyRate, 50 keep-alive sockets) posts a ${BEACON.length}-byte beacon from ${fmt(TRAVELLERS)} client addresses in X-Forwarded-For for ${durationS} s per case after a 1 s warm-up; CPU from /proc, less the process's own idle CPU over 2 s before`,
      machine: `${describeMachine()}; load average ${loadBefore} → ${load1()}`,
      result: results.join(' · '),
    })
  }
}
