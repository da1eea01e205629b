// What the mock benchmarks share: free loopback ports, spawning the mock (and stopping it), waiting
// for an answer, a process's CPU time and memory from /proc, load generation (wrk or autocannon) and
// the results file. Loopback only; every wait is bounded.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const resultsDir = path.join(repoRoot, 'bench-results')

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export { freePort } from '../dev/free-port.ts'

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix))

// ── processes ──

const children = new Set<ChildProcess>()
const dirs = new Set<string>()

/** Kills what this process started and removes its temporary directories (also on Ctrl-C). */
export const cleanUp = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  children.clear()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs.clear()
}
process.once('SIGINT', () => {
  cleanUp()
  process.exit(130)
})
process.once('exit', cleanUp)

export type Started = { child: ChildProcess; pid: number; stderr: () => string; stop(): Promise<void> }

/** A child process the benchmarks own: its stderr kept, stopped with SIGTERM (then SIGKILL), killed on exit. */
export const track = (child: ChildProcess): Started => {
  children.add(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000)
  })
  return {
    child,
    pid: child.pid!,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        children.delete(child)
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve()
          return
        }
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

/** debugLogin: POST /auth/debug for every tenant (by environment, so an older mock given as mockRoot starts too). */
export type MockStart = { port: number; dataDir?: string; fresh?: boolean; mockRoot?: string; debugLogin?: boolean }

/**
 * The mock as `npm run mock` runs it (tsx), but with `node --import tsx` so that the child is the
 * server itself (its pid is the one to measure and to kill).
 */
export const spawnMock = (options: MockStart): Started & { dataDir: string } => {
  const dataDir = options.dataDir ?? tempDir('bench-mock-')
  dirs.add(dataDir)
  const root = options.mockRoot ?? repoRoot
  const args = ['--import', 'tsx', 'mock/src/main.ts', '--port', String(options.port), '--data-dir', dataDir, '--quiet']
  if (options.fresh !== false) args.push('--fresh')
  const env = options.debugLogin === true ? { ...process.env, MOCK_DEBUG_LOGIN: '1' } : process.env
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] })
  return { ...track(child), dataDir }
}

/** Stoplight Prism's mock server on the same contract (static examples, no logging). */
export const spawnPrism = (port: number): Started => {
  const cli = path.join(repoRoot, 'node_modules/@stoplight/prism-cli/dist/index.js')
  const child = spawn(process.execPath, [cli, 'mock', 'contract/openapi.yaml', '-p', String(port), '-h', '127.0.0.1', '-v', 'silent'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return track(child)
}

/** Polls until `url` answers 2xx; returns the milliseconds it took (from `since`). */
export const waitFor = async (
  url: string,
  started: Started,
  options: { since?: number; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<number> => {
  const since = options.since ?? performance.now()
  const deadline = since + (options.timeoutMs ?? 30_000)
  while (performance.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${url}: the server exited with ${started.child.exitCode}:\n${started.stderr()}`)
    try {
      const res = await fetch(url, { headers: options.headers, signal: AbortSignal.timeout(1_000) })
      await res.arrayBuffer()
      if (res.ok) return performance.now() - since
    } catch {
      // not up yet
    }
    await sleep(5)
  }
  throw new Error(`${url} did not answer within ${options.timeoutMs ?? 30_000} ms:\n${started.stderr()}`)
}

// ── /proc ──

const CLOCK_TICKS = (() => {
  const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })
  const ticks = Number(result.stdout?.trim())
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100
})()

/** User + system CPU milliseconds a process has used so far. */
export const cpuMs = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces) start at ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}

/** Resident set size in bytes. */
export const rssBytes = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb * 1024
}

export const load1 = () => Math.round(loadavg()[0]! * 100) / 100

// ── load generation ──

export type LoadSpec = {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  connections: number
  durationS: number
  /** a steady rate (requests per second over all connections) instead of as fast as possible: autocannon only */
  rate?: number
}

export type LoadResult = {
  tool: string
  requests: number
  rps: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
  non2xx: number
  errors: number
}

export const hasWrk = (): boolean => spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined

const luaString = (text: string) => {
  let level = ''
  while (text.includes(`]${level}]`)) level += '='
  return `[${level}[${text}]${level}]`
}

const toMs = (value: string): number => {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim())
  if (match === null) return Number.NaN
  const n = Number(match[1])
  return match[2] === 'us' ? n / 1000 : match[2] === 'ms' ? n : match[2] === 's' ? n * 1000 : n * 60_000
}

/** wrk, one thread (the other core is the server's), with its latency distribution. */
export const runWrk = async (spec: LoadSpec): Promise<LoadResult> => {
  const dir = tempDir('bench-wrk-')
  dirs.add(dir)
  const script = path.join(dir, 'request.lua')
  const lines = [`wrk.method = ${luaString(spec.method ?? 'GET')}`]
  if (spec.body !== undefined) lines.push(`wrk.body = ${luaString(spec.body)}`)
  // Spaces inside the brackets: `t[[[x]]]` would read as a call of t with a long string.
  for (const [name, value] of Object.entries(spec.headers ?? {})) lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
  writeFileSync(script, `${lines.join('\n')}\n`)
  const args = ['-t1', `-c${spec.connections}`, `-d${spec.durationS}s`, '--timeout', '5s', '--latency', '-s', script, spec.url]
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), (spec.durationS + 30) * 1000)
    child.once('error', reject)
    child.once('exit', (code) => {
      clearTimeout(timer)
      children.delete(child)
      if (code === 0) resolve(out)
      else reject(new Error(`wrk exited with ${code}:\n${out}`))
    })
  })
  rmSync(dir, { recursive: true, force: true })
  dirs.delete(dir)
  const percentile = (p: string) => toMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '')
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  return {
    tool: 'wrk',
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50Ms: percentile('50'),
    p90Ms: percentile('90'),
    p99Ms: percentile('99'),
    maxMs: toMs(/Latency\s+\S+\s+\S+\s+(\S+)/.exec(output)?.[1] ?? ''),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socketErrors === null ? 0 : socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0),
  }
}

type AutocannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p90: number; p99: number; max: number }
  non2xx: number
  errors: number
  timeouts: number
}

/** autocannon's programmatic API (the fallback when wrk is not installed). */
export const runAutocannon = async (spec: LoadSpec): Promise<LoadResult> => {
  // @ts-expect-error autocannon ships no type declarations; the part used is typed above.
  const { default: autocannon } = (await import('autocannon')) as unknown as { default: (options: object) => Promise<AutocannonResult> }
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration: spec.durationS,
    timeout: 5,
    ...(spec.rate === undefined ? {} : { overallRate: spec.rate }),
  })
  return {
    tool: 'autocannon',
    requests: result.requests.total,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/**
 * A steady rate, as an open-loop generator sends it (wrk2, k6's constant arrival rate): request i leaves at
 * start + i / rate whatever the answers before it did, over up to `connections` keep-alive sockets, and
 * its latency counts from when it was due, so a stalled server shows as latency instead of as fewer
 * requests (coordinated omission). autocannon's overallRate sends each second's share in a burst at the
 * start of the second, which measures its bursts rather than the server.
 */
export const runSteadyRate = async (
  spec: LoadSpec & {
    rate: number
    /** request i's own headers, over spec.headers (a client address per traveller) */ headersFor?: (i: number) => Record<string, string>
  },
): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections })
  const total = Math.round(spec.rate * spec.durationS)
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  const started = performance.now()
  const send = (due: number, i: number) =>
    new Promise<void>((resolve) => {
      const headers = { ...spec.headers, ...spec.headersFor?.(i) }
      const request = http.request(spec.url, { agent, method: spec.method ?? 'GET', headers, timeout: 5_000 }, (response) => {
        if ((response.statusCode ?? 0) >= 400) non2xx += 1
        response.resume()
        response.once('end', () => {
          latencies.push(performance.now() - due)
          resolve()
        })
      })
      request.once('error', () => {
        errors += 1
        resolve()
      })
      request.once('timeout', () => request.destroy(new Error('timeout')))
      request.end(spec.body)
    })
  const pending: Promise<void>[] = []
  let sent = 0
  while (sent < total) {
    const now = performance.now()
    while (sent < total && started + (sent * 1000) / spec.rate <= now) {
      pending.push(send(started + (sent * 1000) / spec.rate, sent))
      sent += 1
    }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  await Promise.all(pending)
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  return {
    tool: 'open-loop (node:http)',
    requests: sorted.length,
    rps: (sorted.length * 1000) / (performance.now() - started),
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    non2xx,
    errors,
  }
}

// ── results ──

export const writeResults = (name: string, data: unknown): string => {
  mkdirSync(resultsDir, { recursive: true })
  const file = path.join(resultsDir, name)
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  return file
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—'

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
