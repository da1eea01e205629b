// `npm run bench:html`: the production portal server's page HTML next to a static asset of the same server,
// as autocannon measures them (50 connections, 10 s, `accept-encoding: gzip, br`, then without compression):
// the sign-in page against the build's entry JavaScript. Then a steady 1,000 pages/s for 10 s, p50/p99 (rounds too), with
// and without compression, sent open-loop (bench-lib's runSteadyRate: autocannon's rate comes in bursts). The server runs as `npm run serve` runs it, in front of the mock; loopback only.
// Needs a build (`npm run build`); makes one when there is none.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'

import {
  cleanUp,
  fmt,
  freePort,
  hasWrk,
  load1,
  repoRoot,
  runAutocannon,
  runSteadyRate,
  runWrk,
  sleep,
  spawnMock,
  track,
  waitFor,
  type LoadResult,
} from '../bench-lib.ts'
import { describeMachine, upsertBenchRow } from '../bench-readme.ts'

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
  },
})
const CONNECTIONS = 50
const DURATION_S = Number(args.duration)
const RATE = 1_000
const ROUNDS = Number(args.rounds)
const COMPRESSED = { 'accept-encoding': 'gzip, br' }

try {
  if (!existsSync(path.join(repoRoot, 'web', 'dist-server', 'main.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build failed')
  }
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'web', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!.file
  const loadBefore = load1()

  const mockPort = await freePort()
  const mock = spawnMock({ port: mockPort })
  await waitFor(`http://127.0.0.1:${mockPort}/__mock/health`, mock)
  const port = await freePort()
  const portal = track(
    spawn(process.execPath, ['web/dist-server/main.js'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), API_URL: `http://127.0.0.1:${mockPort}/api/customer` },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  )
  const origin = `http://127.0.0.1:${port}`
  await waitFor(`${origin}/auth/login`, portal)

  const page = `${origin}/auth/login`
  const asset = `${origin}/${entry}`
  // the bytes on the wire (node:http does not decompress, unlike fetch), body and headers
  const bytes = (url: string) =>
    new Promise<{ body: number; headers: number; encoding: string }>((resolve, reject) => {
      http
        .get(url, { headers: COMPRESSED }, (response) => {
          let body = 0
          const headers = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0)
          response.on('data', (chunk: Buffer) => (body += chunk.length))
          response.once('end', () => resolve({ body, headers, encoding: String(response.headers['content-encoding'] ?? 'identity') }))
        })
        .once('error', reject)
    })
  const [{ body: pageBytes, headers: pageHeaderBytes }, { body: assetBytes, encoding: assetEncoding }] = [await bytes(page), await bytes(asset)]
  // The entry is a few hundred bytes: next to it, a static file of the page's own size (the build's script
  // whose Brotli copy is nearest the page's) says what bytes on the wire cost alone.
  const assetsDir = path.join(repoRoot, 'web', 'dist', 'assets')
  const sizedFile = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js.br'))
    .map((file) => ({ file: file.slice(0, -'.br'.length), bytes: statSync(path.join(assetsDir, file)).size }))
    .sort((a, b) => Math.abs(a.bytes - pageBytes) - Math.abs(b.bytes - pageBytes))[0]!
  const sized = `${origin}/assets/${sizedFile.file}`
  const tools: Array<{ name: string; load: typeof runAutocannon }> = [
    { name: 'autocannon', load: runAutocannon },
    ...(hasWrk() ? [{ name: 'wrk', load: runWrk }] : []),
  ]
  const checked = (url: string, result: LoadResult) => {
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
    return result
  }
  // a short warm-up: each page is made and compressed once, the JIT settles
  for (const url of [page, asset, sized]) for (const headers of [COMPRESSED, {}]) await runAutocannon({ url, headers, connections: 10, durationS: 1 })

  // alternating rounds, medians: the machine's noise lands on both alike
  type Series = Record<'pageCompressed' | 'assetCompressed' | 'sizedCompressed' | 'pagePlain' | 'assetPlain', LoadResult[]>
  const throughput = new Map<string, Series>()
  for (const tool of tools) {
    const series: Series = { pageCompressed: [], assetCompressed: [], sizedCompressed: [], pagePlain: [], assetPlain: [] }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, url, headers] of [
        ['pageCompressed', page, COMPRESSED],
        ['assetCompressed', asset, COMPRESSED],
        ['sizedCompressed', sized, COMPRESSED],
        ['pagePlain', page, {}],
        ['assetPlain', asset, {}],
      ] as const) {
        series[name].push(checked(url, await tool.load({ url, headers, connections: CONNECTIONS, durationS: DURATION_S })))
        await sleep(500)
      }
    }
    throughput.set(tool.name, series)
  }
  // the round in the middle by one measure (its other numbers are that round's)
  const medianBy =
    (key: 'rps' | 'p99Ms') =>
    (list: LoadResult[]): LoadResult =>
      [...list].sort((a, b) => a[key] - b[key])[Math.floor(list.length / 2)]!
  // The steady rate in alternating rounds too: one pause of either process (a GC, the machine's other work) puts
  // a whole 10 s window's p99 at the pause's length; the median round is the server, the range is the machine.
  const steadyRounds: Record<'compressed' | 'plain' | 'asset', LoadResult[]> = { compressed: [], plain: [], asset: [] }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, url, headers] of [
      ['compressed', page, COMPRESSED],
      ['plain', page, {}],
      ['asset', asset, COMPRESSED],
    ] as const) {
      steadyRounds[name].push(checked(url, await runSteadyRate({ url, headers, connections: CONNECTIONS, durationS: DURATION_S, rate: RATE })))
      await sleep(500)
    }
  }
  const [steadyCompressed, steadyPlain, steadyAsset] = [steadyRounds.compressed, steadyRounds.plain, steadyRounds.asset].map(medianBy('p99Ms')) as [
    LoadResult,
    LoadResult,
    LoadResult,
  ]
  const p99Range = (list: LoadResult[]) =>
    `${fmt(Math.min(...list.map((result) => result.p99Ms)), 1)}–${fmt(Math.max(...list.map((result) => result.p99Ms)), 1)}`
  const loadAfter = load1()

  const line = (tool: string) => {
    const series = throughput.get(tool)!
    const [pageCompressed, assetCompressed, sizedCompressed, pagePlain, assetPlain] = [
      series.pageCompressed,
      series.assetCompressed,
      series.sizedCompressed,
      series.pagePlain,
      series.assetPlain,
    ].map(medianBy('rps')) as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult]
    const ratio = assetCompressed.rps / pageCompressed.rps
    return {
      ratio,
      text: `${tool}: sign-in page ${fmt(pageCompressed.rps)} req/s (p50/p99 ${fmt(pageCompressed.p50Ms, 1)}/${fmt(pageCompressed.p99Ms, 1)} ms) · entry JS ${fmt(assetCompressed.rps)} req/s (p50/p99 ${fmt(assetCompressed.p50Ms, 1)}/${fmt(assetCompressed.p99Ms, 1)} ms): **asset ÷ page ${fmt(ratio, 2)}** · a script of the page's size ${fmt(sizedCompressed.rps)} req/s: **÷ page ${fmt(sizedCompressed.rps / pageCompressed.rps, 2)}** · without compression: page ${fmt(pagePlain.rps)} req/s, entry JS ${fmt(assetPlain.rps)} req/s`,
    }
  }
  const lines = tools.map((tool) => line(tool.name))
  // Both tools must find the page within 2× of the asset: autocannon, in the bench process, spends its own
  // share of the same two cores reading each answer (bytes cost it more than the server: the script of the
  // page's size shows what they cost alone); wrk (C, a process of its own) measures the server.
  const goalMet = lines.every((entry) => entry.ratio <= 2) && steadyCompressed.p99Ms < 20
  const result = [
    `sign-in page ${fmt(pageBytes / 1024, 1)} KiB Brotli (${fmt(pageHeaderBytes)} B of headers), entry JS ${fmt(assetBytes)} B ${assetEncoding === 'br' ? 'Brotli' : assetEncoding}, a script of the page's size ${sizedFile.file.replace(/^assets\//, '')} ${fmt(sizedFile.bytes / 1024, 1)} KiB Brotli`,
    ...lines.map((entry) => entry.text),
    `steady ${fmt(RATE)} pages/s (the round of median p99): compressed p50/p99 **${fmt(steadyCompressed.p50Ms, 1)}/${fmt(steadyCompressed.p99Ms, 1)} ms** (max ${fmt(steadyCompressed.maxMs)}; p99 ${p99Range(steadyRounds.compressed)} over the rounds), uncompressed ${fmt(steadyPlain.p50Ms, 1)}/${fmt(steadyPlain.p99Ms, 1)} ms (max ${fmt(steadyPlain.maxMs)}; p99 ${p99Range(steadyRounds.plain)}); the entry JS at the same rate ${fmt(steadyAsset.p50Ms, 1)}/${fmt(steadyAsset.p99Ms, 1)} ms (p99 ${p99Range(steadyRounds.asset)})`,
    `goal (page within 2× of the asset by ${tools.map((tool) => tool.name).join(' and ')}, p99 < 20 ms at 1,000 pages/s compressed): ${goalMet ? 'met' : 'NOT met'}`,
  ].join(' · ')
  process.stdout.write(`${result}\n`)
  upsertBenchRow({
    id: 'portal-html',
    what: "The production portal server's page HTML next to a static asset of the same server (`npm run serve` in front of the mock)",
    how: `\`npm run bench:html\`: autocannon (in the bench process) and, where installed, wrk (1 thread, a process of its own) on loopback, ${CONNECTIONS} connections, ${DURATION_S} s each after a 1 s warm-up, ${ROUNDS} alternating rounds (medians), \`accept-encoding: gzip, br\` then none; the sign-in page against the build's entry JavaScript and a script of the page's size; then a steady ${fmt(RATE)} req/s for ${DURATION_S} s from an open-loop generator (each request due at its time, latency counted from then; up to ${CONNECTIONS} keep-alive sockets), ${ROUNDS} alternating rounds, the round of median p99`,
    machine: `${describeMachine()}; load average ${loadBefore} → ${loadAfter}`,
    result,
  })
} finally {
  cleanUp()
}
