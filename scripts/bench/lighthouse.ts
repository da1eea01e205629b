// npm run bench:lighthouse — Lighthouse (mobile: its default emulation and simulated throttling) on the
// production portal in Debian's Chromium, for the pages of issue 7: /auth/login, /, /travelgroup/{id},
// the checkout and /booking/{id}. Builds the portal as `npm run build` does, starts a fresh mock of its
// own and the production server (web/server: CSP, the API on its origin) on free loopback ports, signs in through
// the API (the portal reads the token from its cookie), and runs each page `--runs` times (median).
// Fails when a page is below performance 95, accessibility 100 or best practices 95.
//
// Each page is measured as travellers get it in production, over HTTP/2 and TLS from an edge in front of the
// portal server (scripts/bench/tls-edge.ts: what a CDN or a TLS-terminating proxy does, docs/deployment.md), and
// from the portal server direct over HTTP/1.1 (six connections, a round trip per request).
//
//   --runs <n>        runs per page, in rounds of every page (default 3; the median score is reported, and the
//                     median FCP, LCP, TBT, with TBT's range)
//   --protocol <p>    h2, http1.1 or both (default both)
//   --only <path,…>   audit only these paths
//   --readme          write the result into the README's bench table
//   --keep            keep the build and the mock's data (printed)
//   --trace           also keep each page's last trace (DevTools' Performance panel opens it): where its tasks went
//
// Reports (HTML + JSON) land in bench-results/lighthouse/. Loopback only; nothing is downloaded.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { freePort } from './bench-lib.ts'
import { createPortalServer } from '../../web/server/portal-server.ts'
import { upsertBenchRow } from './bench-readme.ts'
import { startTlsEdge, type TlsEdge } from './tls-edge.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    readme: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    protocol: { type: 'string', default: 'both' },
  },
})

type Protocol = 'h2' | 'http1.1'
const PROTOCOL_LABELS: Record<Protocol, string> = {
  h2: 'HTTP/2 over TLS (an edge in front, as a CDN serves it)',
  'http1.1': 'HTTP/1.1 (the portal server direct)',
}
// what Lighthouse reports per page, besides the category scores (its ids; ms)
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time' } as const
type Metric = keyof typeof METRICS

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const TARGETS = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 } as const
type Category = keyof typeof TARGETS
const CATEGORIES = Object.keys(TARGETS) as Category[]

const DEMO = { email: 'ana.garcia@example.com', password: 'viaje2026', agency: 'ag-sol' }
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/auth/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/travelgroup/tg-sol-lon', signedIn: true },
  { path: '/travelgroup/tg-sol-lon/checkout', signedIn: true },
  { path: '/booking/bkg-sol-1001', signedIn: true },
]

const waitFor = async (url: string, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

const main = async (): Promise<number> => {
  const runs = Math.max(1, Number(args.runs))
  const only = args.only?.split(',').map((p) => p.trim())
  const pages = only ? PAGES.filter((p) => only.includes(p.path)) : PAGES
  // HTTP/1.1 first: the edge's HTTPS answers carry HSTS, which a browser may then apply to plain http://localhost too
  const protocols: Protocol[] = args.protocol === 'both' ? ['http1.1', 'h2'] : [args.protocol as Protocol]
  if (!protocols.every((p) => p in PROTOCOL_LABELS)) throw new Error(`--protocol: h2, http1.1 or both, not ${args.protocol}`)
  const work = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'))
  const reports = join(repoRoot, 'bench-results/lighthouse')
  mkdirSync(reports, { recursive: true })
  const children: ChildProcess[] = []
  let chrome: chromeLauncher.LaunchedChrome | undefined
  let portal: ReturnType<typeof createPortalServer> | undefined
  let edge: TlsEdge | undefined
  const serverLog: string[] = []

  try {
    const mockPort = await freePort()
    const api = `http://localhost:${mockPort}/api/customer`

    console.log(`Building the portal (API on its own origin, passed on to ${api}) …`)
    const build = spawnSync(
      'node_modules/.bin/vite',
      ['build', '--config', 'web/vite.config.ts', '--outDir', join(work, 'dist'), '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: repoRoot,
        // web/.env.production: the client calls /api/customer on the portal's origin; web/server passes it on.
        env: { ...process.env, VITE_API_URL: '/api/customer' },
        stdio: 'inherit',
      },
    )
    if (build.status !== 0) throw new Error('vite build failed')
    // the page's frame the server paints before the app's code, as `npm run build` makes it (in web/dist-shell:
    // it imports React from the repository's node_modules)
    const shellBuild = spawnSync('node_modules/.bin/vite', ['build', '--config', 'web/shell.vite.config.ts'], { cwd: repoRoot, stdio: 'inherit' })
    if (shellBuild.status !== 0) throw new Error('vite build of the shell failed')
    const { renderShell } = (await import(pathToFileURL(join(repoRoot, 'web', 'dist-shell', 'render-shell.js')).href)) as {
      renderShell: NonNullable<Parameters<typeof createPortalServer>[0]['renderShell']>
    }

    const mock = spawn('node_modules/.bin/tsx', ['mock/src/main.ts', '--port', String(mockPort), '--fresh', '--quiet', '--data-dir', join(work, 'mock-data')], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(mock)
    await waitFor(`http://localhost:${mockPort}/__mock/health`)
    // The servers a phone talks to are not on the phone: they yield the two cores to the browser (the mock
    // here, this process once Chromium is started), or their work lands in the page's tasks as blocking time.
    setPriority(mock.pid!, 19)

    portal = createPortalServer({ distDir: join(work, 'dist'), apiUrl: api, log: (line) => serverLog.push(line), renderShell })
    const portalPort = await freePort()
    await new Promise<void>((resolve) => portal!.listen(portalPort, '127.0.0.1', resolve))
    edge = protocols.includes('h2') ? await startTlsEdge(`http://127.0.0.1:${portalPort}`, work) : undefined
    const origins: Record<Protocol, string> = { 'http1.1': `http://localhost:${portalPort}`, h2: edge?.origin ?? '' }

    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', agencyId: DEMO.agency },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    })
    if (!login.ok) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`)
    const { token } = (await login.json()) as { token: string }

    // the edge's certificate is trusted by its key, and by nothing else
    const chromeFlags = edge ? [...CHROME_FLAGS, `--ignore-certificate-errors-spki-list=${edge.spkiHash}`] : CHROME_FLAGS
    chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags, logLevel: 'silent' })
    // after Chromium's start: its processes keep the normal priority, the portal server and the edge here yield
    setPriority(10)
    const devtools = await fetch(`http://127.0.0.1:${chrome.port}/json/version`).then((r) => r.json() as Promise<{ webSocketDebuggerUrl: string }>)
    const cdp = await connectCdp(devtools.webSocketDebuggerUrl)

    const benchmarkIndexes: number[] = []
    type PageResult = {
      protocol: Protocol
      path: string
      scores: Record<Category, number>
      metrics: Record<Metric, number>
      /** the lowest and highest TBT over the runs: on a shared machine it follows the load more than the page */
      tbtRange: [number, number]
      failed: string[]
    }
    const results: PageResult[] = []
    type PageRuns = {
      scores: Record<Category, number>[]
      metrics: Record<Metric, number>[]
      failed: string[]
      lastReport?: { html: string; json: string; trace: unknown }
    }
    for (const protocol of protocols) {
      const origin = origins[protocol]
      const runsOf = new Map<string, PageRuns>(pages.map((page) => [page.path, { scores: [], metrics: [], failed: [] }]))
      // Round by round, every page in each: a slow minute of this machine lands on one run of every page, not
      // on every run of one page (whose median it would then be).
      for (let run = 1; run <= runs; run += 1) {
        for (const page of pages) {
          const url = `${origin}${page.path}`
          const pageRuns = runsOf.get(page.path)!
          // The session (or none) as the portal keeps it: a cookie. Lighthouse itself empties the HTTP
          // cache before each run (its storage reset leaves cookies alone). The portal never writes the
          // token to local storage unless the form signs in, which these runs do not do.
          await cdp.send('Storage.clearCookies')
          if (page.signedIn) {
            await cdp.send('Storage.setCookies', {
              cookies: [{ name: 'auth._token.local', value: token, url: origin, path: '/', sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 86_400 }],
            })
          }
          // Chromium now and then loses the trace (NO_NAVSTART, NO_FCP under load): that run is repeated, twice at most.
          let result: Awaited<ReturnType<typeof lighthouse>> | undefined
          for (let attempt = 1; ; attempt += 1) {
            result = await lighthouse(url, { port: chrome.port, output: ['html', 'json'], logLevel: 'error', onlyCategories: [...CATEGORIES] })
            const error = result?.lhr.runtimeError
            if (!error) break
            if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`)
            console.warn(`  ${page.path} run ${run}: ${error.code}, again`)
          }
          if (!result) throw new Error(`no Lighthouse result for ${url}`)
          const { lhr } = result
          const finalUrl = lhr.finalDisplayedUrl
          if (new URL(finalUrl).pathname !== new URL(url).pathname) console.warn(`  ! ${page.path} ended on ${finalUrl}`)
          const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>
          const metrics = Object.fromEntries(
            Object.entries(METRICS).map(([metric, audit]) => [metric, Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN)]),
          ) as Record<Metric, number>
          benchmarkIndexes.push(lhr.environment.benchmarkIndex)
          pageRuns.scores.push(scores)
          pageRuns.metrics.push(metrics)
          pageRuns.failed = Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 0.9 &&
                a.scoreDisplayMode !== 'informative' &&
                a.scoreDisplayMode !== 'manual' &&
                a.scoreDisplayMode !== 'notApplicable',
            )
            .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
          const [html, json] = result.report as string[]
          pageRuns.lastReport = { html: html!, json: json!, trace: result.artifacts.Trace }
          console.log(
            `  ${protocol} ${page.path} run ${run}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}; FCP ${metrics.fcp} ms, LCP ${metrics.lcp} ms, TBT ${metrics.tbt} ms (benchmark index ${Math.round(lhr.environment.benchmarkIndex)})`,
          )
        }
      }
      for (const page of pages) {
        const pageRuns = runsOf.get(page.path)!
        const slug = page.path
          .replace(/^\/$/, 'home')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')
        writeFileSync(join(reports, `${slug}.${protocol}.report.html`), pageRuns.lastReport!.html)
        writeFileSync(join(reports, `${slug}.${protocol}.report.json`), pageRuns.lastReport!.json)
        if (args.trace) writeFileSync(join(reports, `${slug}.${protocol}.trace.json`), JSON.stringify(pageRuns.lastReport!.trace))
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(pageRuns.scores.map((r) => r[c]))])) as Record<Category, number>
        const metrics = Object.fromEntries((Object.keys(METRICS) as Metric[]).map((m) => [m, median(pageRuns.metrics.map((r) => r[m]))])) as Record<
          Metric,
          number
        >
        const tbts = pageRuns.metrics.map((r) => r.tbt)
        results.push({ protocol, path: page.path, scores, metrics, tbtRange: [Math.min(...tbts), Math.max(...tbts)], failed: pageRuns.failed })
      }
    }
    cdp.close()

    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (default emulation and simulated throttling), ${CHROME}, median of ${runs}:`,
    )
    const pad = Math.max(...results.map((r) => r.path.length))
    for (const r of results) {
      const low = CATEGORIES.filter((c) => r.scores[c] < TARGETS[c] * 100)
      console.log(
        `  ${r.protocol.padEnd(8)} ${r.path.padEnd(pad)}  perf ${String(r.scores.performance).padStart(3)}  a11y ${String(r.scores.accessibility).padStart(3)}  bp ${String(r.scores['best-practices']).padStart(3)}  FCP ${r.metrics.fcp} ms  LCP ${r.metrics.lcp} ms  TBT ${r.metrics.tbt} ms (${r.tbtRange.join('–')})  ${low.length ? `BELOW (${low.join(', ')})` : 'ok'}`,
      )
      if (r.failed.length) console.log(`      audits below 0.9: ${r.failed.join(', ')}`)
    }
    const benchmarkIndex = Math.round(median(benchmarkIndexes))
    console.log(
      `Benchmark index (Lighthouse's CPU score of this machine during the runs, median): ${benchmarkIndex} (${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))})`,
    )
    console.log(`Reports: ${reports}`)
    const leaked = serverLog.filter((line) => line.includes(token))
    if (leaked.length) console.error(`The server logged the session token: ${leaked[0]}`)

    const below = results.filter((r) => CATEGORIES.some((c) => r.scores[c] < TARGETS[c] * 100))
    if (args.readme) {
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
      const perProtocol = [...protocols].reverse().map(
        (protocol) =>
          `${PROTOCOL_LABELS[protocol]}: ${results
            .filter((r) => r.protocol === protocol)
            .map(
              (r) =>
                `${r.path} **${r.scores.performance}**/${r.scores.accessibility}/${r.scores['best-practices']} (FCP ${seconds(r.metrics.fcp)}, LCP ${seconds(r.metrics.lcp)}, TBT ${r.metrics.tbt} ms, ${r.tbtRange.join('–')})`,
            )
            .join('; ')}`,
      )
      // run HTTP/1.1 first (the edge's HSTS would upgrade it afterwards), named HTTP/2 first, as travellers get it
      const measuredOver = [...protocols]
        .reverse()
        .map((protocol) => PROTOCOL_LABELS[protocol])
        .join(' and ')
      upsertBenchRow({
        id: 'lighthouse',
        what: 'Portal: Lighthouse performance / accessibility / best practices per page, with FCP, LCP and TBT (targets ≥ 95 / 100 / ≥ 95; goal performance ≥ 99 on a benchmark index above 2,000)',
        how: `\`npm run bench:lighthouse\`: production build + web/server (CSP) + fresh mock on loopback, signed in as ${DEMO.email} by cookie, the mock and the portal server at a lower priority than Chromium; each page measured ${measuredOver}; Lighthouse ${'13.5.0'} mobile defaults (Moto G-class emulation, simulated slow 4G, 4× CPU) in Debian's Chromium, cold cache, median of ${runs} taken round by round (each page once a round), TBT with its range over the runs`,
        result: `${perProtocol.join(' · ')} (benchmark index ${benchmarkIndex}, ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))} over the runs)`,
      })
      console.log('README bench row "lighthouse" updated.')
    }
    return below.length || leaked.length ? 1 : 0
  } finally {
    await chrome?.kill()
    await edge?.close()
    await new Promise<void>((resolve) => (portal ? portal.close(() => resolve()) : resolve()))
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))),
    )
    if (args.keep) console.log(`Kept ${work}`)
    else rmSync(work, { recursive: true, force: true })
  }
}

/** A minimal Chrome DevTools Protocol client on the browser target (Node 24's WebSocket). */
const connectCdp = (wsUrl: string) =>
  new Promise<{ send: (method: string, params?: Record<string, unknown>) => Promise<unknown>; close: () => void }>((resolve, reject) => {
    const ws = new WebSocket(wsUrl)
    let nextId = 1
    const pending = new Map<number, { method: string; resolve: (v: unknown) => void; reject: (e: Error) => void }>()
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } }
      const waiter = message.id === undefined ? undefined : pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id!)
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`))
      else waiter.resolve(message.result)
    })
    ws.addEventListener('error', () => reject(new Error(`cannot connect to ${wsUrl}`)))
    ws.addEventListener('open', () =>
      resolve({
        send: (method, params = {}) =>
          new Promise((res, rej) => {
            const id = nextId++
            pending.set(id, { method, resolve: res, reject: rej })
            ws.send(JSON.stringify({ id, method, params }))
          }),
        close: () => ws.close(),
      }),
    )
  })

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
