// npm run bench:soak — 90 s of steady load on the mock HTTP server (200 requests per second by
// default, after 90 s of the same load in which V8 sizes its heap: measured here, heapTotal grows
// once, 106 → 169 MB, about 70 s into the load, and RSS follows; open loop: requests leave on
// schedule whether or not earlier ones have answered), mixed
// reads and writes, with the server's memory sampled every second (RSS from /proc, heap used and
// heap reserved from /__mock/process, and the live heap after a full collection every 10 s). Passes
// when no request failed (transport error, 5xx or an unexpected status) and memory stayed bounded:
// the live heap of the last 10 s within 20% of the 10–20 s window, the RSS of the last 10 s within
// 10% of the window 40 s before it, and no steady climb of either over the last 40 s.
//
// Writes keep the world's size steady (every sign-in is later signed out; profile and bank account
// updates replace values; reminders land in the outbox, which is capped), so memory that grows is
// a leak, not data. Loopback only, bounded: DURATION + a few seconds.
import { parseArgs } from 'node:util'

import { describeMachine, upsertBenchRow } from '../bench-readme.ts'
import { fmt, freePort, load1, rssBytes, sleep, spawnMock, waitFor, writeResults } from '../bench-lib.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '90' },
    /** the same load before the measured part: V8 grows its heap once, about 70 s into this load */
    warmup: { type: 'string', default: '90' },
    rate: { type: 'string', default: '200' },
    'max-in-flight': { type: 'string', default: '400' },
    'no-readme': { type: 'boolean', default: false },
  },
})
const DURATION_S = Number(args.duration)
const WARMUP_S = Number(args.warmup)
const RATE = Number(args.rate)
const MAX_IN_FLIGHT = Number(args['max-in-flight'])
// memory is judged on 10 s windows (below): a shorter run has none to judge
if (!(DURATION_S >= 10) || !(WARMUP_S >= 0) || !(RATE > 0)) {
  console.error('bench:soak: --duration must be at least 10 (seconds), --warmup at least 0 and --rate above 0')
  process.exit(2)
}
const AGENCY = 'ag-sol'
const LOGIN = { email: 'ana.garcia@example.com', password: 'viaje2026' }
const IBAN = 'ES9121000418450200051332'

type Sample = { t: number; rssMb: number; heapMb: number; heapTotalMb: number; inFlight: number; afterGc: boolean }
type Kind = { name: string; weight: number; expect: number[]; run: (base: string, state: State) => Promise<Response> }
type State = { token: string; bookingId: string; toSignOut: string[] }

const json = (body: unknown) => JSON.stringify(body)

const KINDS: Kind[] = [
  { name: 'GET travel group', weight: 22, expect: [200], run: (b) => fetch(`${b}/travelgroup/tg-sol-lon`, { headers: { agencyId: AGENCY } }) },
  {
    name: 'GET booking',
    weight: 18,
    expect: [200],
    run: (b, s) => fetch(`${b}/booking/${s.bookingId}`, { headers: { agencyId: AGENCY, Authorization: `Bearer ${s.token}` } }),
  },
  {
    name: 'GET my bookings',
    weight: 10,
    expect: [200],
    run: (b, s) => fetch(`${b}/booking`, { headers: { agencyId: AGENCY, Authorization: `Bearer ${s.token}` } }),
  },
  { name: 'GET travel groups', weight: 6, expect: [200], run: (b) => fetch(`${b}/travelgroup`, { headers: { agencyId: AGENCY } }) },
  { name: 'GET config', weight: 6, expect: [200], run: (b) => fetch(`${b}/auth/config`, { headers: { agencyId: AGENCY } }) },
  {
    name: 'GET payments',
    weight: 6,
    expect: [200],
    run: (b, s) => fetch(`${b}/booking/${s.bookingId}/payments`, { headers: { agencyId: AGENCY, Authorization: `Bearer ${s.token}` } }),
  },
  {
    name: 'POST login',
    weight: 9,
    expect: [200],
    run: async (b, s) => {
      const res = await fetch(`${b}/auth/login`, { method: 'POST', headers: { agencyId: AGENCY, 'Content-Type': 'application/json' }, body: json(LOGIN) })
      if (res.ok) {
        const clone = res.clone()
        s.toSignOut.push(((await clone.json()) as { token: string }).token)
      }
      return res
    },
  },
  {
    name: 'POST logout',
    weight: 9,
    expect: [204],
    run: (b, s) => {
      const token = s.toSignOut.shift()
      // Nothing to sign out yet: read the profile instead (still a signed-in call).
      if (token === undefined)
        return fetch(`${b}/auth/profile`, { headers: { agencyId: AGENCY, Authorization: `Bearer ${s.token}` } }).then(
          (r) => new Response(null, { status: r.status === 200 ? 204 : r.status }),
        )
      return fetch(`${b}/auth/logout`, { method: 'POST', headers: { agencyId: AGENCY, Authorization: `Bearer ${token}` } })
    },
  },
  {
    name: 'PUT profile',
    weight: 6,
    expect: [200],
    run: (b, s) =>
      fetch(`${b}/auth/profile`, {
        method: 'PUT',
        headers: { agencyId: AGENCY, Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
        body: json({ name: 'Ana', surname1: 'García', phone: `+34600${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` }),
      }),
  },
  {
    name: 'PUT bank account',
    weight: 5,
    expect: [200],
    run: (b, s) =>
      fetch(`${b}/booking/${s.bookingId}/bank-account`, {
        method: 'PUT',
        headers: { agencyId: AGENCY, Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
        body: json({ owner: 'Ana García López', iban: IBAN }),
      }),
  },
  {
    // Five reminders per account in 15 minutes, then 429 too_many_requests (declared; the throttling
    // of mailed links): the soak keeps asking, as a script would, so the throttle's own bookkeeping is
    // soaked too.
    name: 'POST remember',
    weight: 3,
    expect: [200, 429],
    run: (b) =>
      fetch(`${b}/auth/remember`, { method: 'POST', headers: { agencyId: AGENCY, 'Content-Type': 'application/json' }, body: json({ email: LOGIN.email }) }),
  },
]

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)

const main = async (): Promise<number> => {
  const startedAt = new Date()
  const loadBefore = load1()
  console.log(
    `bench:soak — ${RATE} req/s for ${WARMUP_S} s of warm-up, then ${DURATION_S} s measured, mixed reads and writes; machine: ${describeMachine()}; load average ${loadBefore}`,
  )
  const port = await freePort()
  const root = `http://127.0.0.1:${port}`
  const base = `${root}/api/customer`
  const mock = spawnMock({ port })
  await waitFor(`${root}/__mock/health`, mock)

  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { agencyId: AGENCY, 'Content-Type': 'application/json' }, body: json(LOGIN) })
  const state: State = { token: ((await login.json()) as { token: string }).token, bookingId: 'bkg-sol-1001', toSignOut: [] }

  // The schedule: request i leaves at i / RATE seconds, its kind drawn by weight.
  const total = RATE * (WARMUP_S + DURATION_S)
  const weights = KINDS.reduce((sum, k) => sum + k.weight, 0)
  const pickKind = (i: number): Kind => {
    // a fixed interleaving (golden ratio sequence): the same mix in every second
    let r = ((i * 0.6180339887) % 1) * weights
    for (const kind of KINDS) {
      r -= kind.weight
      if (r < 0) return kind
    }
    return KINDS[0]!
  }
  const latencies: number[] = []
  const byKind = new Map<string, { count: number; failures: number }>()
  const failures: string[] = []
  const samples: Sample[] = []
  let inFlight = 0
  let maxInFlight = 0
  let done = 0

  const sampler = (async () => {
    await sleep(WARMUP_S * 1000)
    const t0 = performance.now()
    for (let second = 0; second <= DURATION_S; second += 1) {
      await sleep(Math.max(0, t0 + second * 1000 - performance.now()))
      let heapMb = Number.NaN
      let heapTotalMb = Number.NaN
      // At the end of every 10 s window, the heap after a full collection: what is live.
      const afterGc = second > 0 && second % 10 === 0
      try {
        const info = (await (await fetch(`${root}/__mock/process${afterGc ? '?gc=1' : ''}`, { signal: AbortSignal.timeout(2_000) })).json()) as {
          memory: { heapUsed: number; heapTotal: number }
        }
        heapMb = info.memory.heapUsed / 1024 / 1024
        heapTotalMb = info.memory.heapTotal / 1024 / 1024
      } catch {
        // counted as a failure below if the server stopped answering
      }
      samples.push({ t: second, rssMb: rssBytes(mock.pid) / 1024 / 1024, heapMb, heapTotalMb, inFlight, afterGc })
    }
  })()

  const t0 = performance.now()
  for (let i = 0; i < total; i += 1) {
    const due = t0 + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    if (inFlight >= MAX_IN_FLIGHT) {
      failures.push(`t=${((performance.now() - t0) / 1000).toFixed(1)} s: ${inFlight} requests in flight, the server is not keeping up`)
      continue
    }
    const kind = pickKind(i)
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    const sent = performance.now()
    void kind
      .run(base, state)
      .then(async (res) => {
        await res.arrayBuffer()
        latencies.push(performance.now() - sent)
        const stats = byKind.get(kind.name) ?? { count: 0, failures: 0 }
        byKind.set(kind.name, stats)
        stats.count += 1
        if (!kind.expect.includes(res.status)) {
          stats.failures += 1
          if (failures.length < 50) failures.push(`${kind.name}: ${res.status}`)
        }
      })
      .catch((error: unknown) => {
        const stats = byKind.get(kind.name) ?? { count: 0, failures: 0 }
        byKind.set(kind.name, stats)
        stats.count += 1
        stats.failures += 1
        if (failures.length < 50) failures.push(`${kind.name}: ${error instanceof Error ? error.message : String(error)}`)
      })
      .finally(() => {
        inFlight -= 1
        done += 1
      })
  }
  const sendingS = (performance.now() - t0) / 1000
  const drainDeadline = performance.now() + 10_000
  while (inFlight > 0 && performance.now() < drainDeadline) await sleep(20)
  await sampler
  if (inFlight > 0) failures.push(`${inFlight} requests never answered`)

  const info = (await (await fetch(`${root}/__mock/process`)).json()) as { store: unknown; memory: unknown }
  await mock.stop()

  // ── memory verdict ──
  const windowMean = (from: number, to: number, pick: (s: Sample) => number) =>
    mean(
      samples
        .filter((s) => s.t >= from && s.t < to)
        .map(pick)
        .filter(Number.isFinite),
    )
  // Per 10 s window: mean RSS, mean heap used (garbage included), and the live heap at its end.
  const windows = Array.from({ length: Math.floor(DURATION_S / 10) }, (_, w) => ({
    from: w * 10,
    rssMb: windowMean(w * 10, w * 10 + 10, (s) => s.rssMb),
    heapMb: windowMean(w * 10, w * 10 + 10, (s) => s.heapMb),
    heapTotalMb: windowMean(w * 10, w * 10 + 10, (s) => s.heapTotalMb),
    liveHeapMb: samples.find((s) => s.afterGc && s.t === w * 10 + 10)?.heapMb ?? Number.NaN,
  }))
  const last = windows[windows.length - 1]!
  const second = windows[1] ?? windows[0]!
  const lastFour = windows.slice(-4)
  const climbing = (pick: (w: (typeof windows)[number]) => number) =>
    lastFour.length === 4 && lastFour.every((w, i) => i === 0 || pick(w) > pick(lastFour[i - 1]!)) && pick(lastFour[3]!) > pick(lastFour[0]!) * 1.1
  // Memory is judged on what is live (heap after a full collection) and on RSS: heap used between
  // collections is a sawtooth that a 60 s run at a low allocation rate may never see the top of.
  // RSS is compared with the window 40 s earlier: it follows V8's heap reservations, which step
  // rather than drift; a leak shows as a rise over any 40 s, a step once as a plateau after it.
  const rssBaseline = lastFour[0]!
  const rssRatio = last.rssMb / rssBaseline.rssMb
  const heapRatio = last.liveHeapMb / second.liveHeapMb
  const bounded = rssRatio <= 1.1 && heapRatio <= 1.2 && !climbing((w) => w.rssMb) && !climbing((w) => w.liveHeapMb)

  const sorted = [...latencies].sort((a, b) => a - b)
  const achieved = done / sendingS
  const errorCount =
    [...byKind.values()].reduce((sum, k) => sum + k.failures, 0) + failures.filter((f) => f.includes('in flight') || f.includes('never')).length
  console.log(
    `\n${done} requests in ${fmt(sendingS, 1)} s (${fmt(achieved)} req/s), p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms, max ${fmt(sorted[sorted.length - 1] ?? Number.NaN, 1)} ms, at most ${maxInFlight} in flight`,
  )
  for (const [name, s] of byKind) console.log(`  ${name.padEnd(18)} ${String(s.count).padStart(6)}  ${s.failures} failed`)
  console.log('\nmemory per 10 s window (MB): mean RSS, mean heap used, mean heap reserved, live heap at the end (after a full collection)')
  for (const w of windows)
    console.log(
      `  ${String(w.from).padStart(2)}–${w.from + 10} s  ${fmt(w.rssMb, 1).padStart(7)}  ${fmt(w.heapMb, 1).padStart(7)}  ${fmt(w.heapTotalMb, 1).padStart(7)}  ${fmt(w.liveHeapMb, 1).padStart(7)}`,
    )
  console.log(
    `last 10 s: RSS ×${fmt(rssRatio, 2)} of ${rssBaseline.from}–${rssBaseline.from + 10} s, live heap ×${fmt(heapRatio, 2)} of 10–20 s; ${bounded ? 'bounded' : 'NOT bounded'}`,
  )
  for (const failure of failures.slice(0, 20)) console.log(`  failure: ${failure}`)

  const machine = `${describeMachine()}; load average ${loadBefore} → ${load1()}`
  const ok = errorCount === 0 && bounded
  const file = writeResults('soak.json', {
    date: startedAt.toISOString(),
    machine,
    rate: RATE,
    durationS: DURATION_S,
    requests: done,
    achievedRps: achieved,
    latencyMs: { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] },
    maxInFlight,
    byKind: Object.fromEntries(byKind),
    failures,
    windows,
    samples,
    verdict: { errors: errorCount, rssRatio, heapRatio, bounded, ok },
    serverAtEnd: info,
  })
  console.log(`\nresults: ${file}\n${ok ? 'OK' : 'FAILED'}: ${errorCount} errors, memory ${bounded ? 'bounded' : 'not bounded'}`)

  if (!args['no-readme']) {
    const rssRange = `${fmt(Math.min(...windows.map((w) => w.rssMb)))}–${fmt(Math.max(...windows.map((w) => w.rssMb)))}`
    const heapRange = `${fmt(Math.min(...windows.map((w) => w.liveHeapMb)))}–${fmt(Math.max(...windows.map((w) => w.liveHeapMb)))}`
    upsertBenchRow({
      id: 'mock-soak',
      what: `Mock soak: ${DURATION_S} s at ${RATE} req/s (after ${WARMUP_S} s of the same), reads and writes mixed (sign-in/out, profile, bank account, reminders)`,
      how: '`npm run bench:soak`: open-loop schedule with fetch on loopback against a spawned mock (SQLite store), measured after 90 s of the same load (V8 grows its heap once, ~70 s in); RSS from /proc every second, heap reserved and live heap (after a full GC every 10 s) from /__mock/process; bounded = live heap of the last window within 20% of 10–20 s, its RSS within 10% of the window 40 s before, no climb of either over the last 40 s',
      machine,
      result:
        `${fmt(done)} requests (${fmt(achieved)} req/s), ${errorCount} errors, p50/p99 ${fmt(percentile(sorted, 50), 1)}/${fmt(percentile(sorted, 99), 1)} ms · ` +
        `RSS ${rssRange} MB (10-s means), live heap ${heapRange} MB (after a full GC every 10 s); heap reserved ${fmt(Math.min(...windows.map((w) => w.heapTotalMb)))}–${fmt(Math.max(...windows.map((w) => w.heapTotalMb)))} MB; last 10 s: RSS ×${fmt(rssRatio, 2)} of 40 s before, live heap ×${fmt(heapRatio, 2)} of 10–20 s · ${ok ? 'OK' : 'FAILED'}`,
      date: startedAt.toISOString().slice(0, 10),
    })
    console.log('docs/benchmarks.md: bench row mock-soak updated')
  }
  return ok ? 0 : 1
}

process.exitCode = await main()
