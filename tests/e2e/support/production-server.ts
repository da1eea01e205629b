// The production portal (npm run build, then npm run serve) for the specs that need it: built once per
// test run however many workers ask, then one server per spec on a free loopback port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../../scripts/dev/free-port'
import { API } from './portal'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
// Playwright empties test-results/ when a run starts, so these mark this run's build.
const marks = join(repoRoot, 'test-results', '.production-build')
const BUILD_WAIT_MS = 240_000

/** Builds the portal unless another worker of this run already did (or is doing it: then waits). */
export async function buildOnce(): Promise<void> {
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true })
  let builder = true
  try {
    mkdirSync(marks)
  } catch {
    builder = false
  }
  if (builder) {
    try {
      // NODE_ENV said outright: a worker's environment may hold another (a dev server sets it), and React
      // and the bundle budgets would then be a development build's.
      execFileSync('npm', ['run', 'build', '--silent'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 16 * 1024 * 1024,
      })
      writeFileSync(join(marks, 'done'), '')
    } catch (error) {
      // What the build said, so that a failure in the suite can be read without running it again.
      const output = error as { stdout?: Buffer; stderr?: Buffer }
      const said = `${output.stdout?.toString() ?? ''}\n${output.stderr?.toString() ?? ''}`.trim().slice(-4000)
      writeFileSync(join(marks, 'failed'), `${String(error)}\n${said}`)
      throw new Error(`npm run build failed:\n${said}`, { cause: error })
    }
    return
  }
  const until = Date.now() + BUILD_WAIT_MS
  while (!existsSync(join(marks, 'done'))) {
    if (existsSync(join(marks, 'failed'))) throw new Error('npm run build failed in another worker')
    if (Date.now() > until) throw new Error('npm run build did not finish in time')
    await sleep(250)
  }
}

export type ProductionServer = {
  port: number
  /** What the server logged (one line per request). */
  log: string[]
  /** Stops the process (the portal's network is gone) and resolves once it has exited. */
  stop: () => Promise<void>
}

/**
 * Starts the built server, as `npm run serve` does (plain node, no tsx), in front of the e2e mock (or `apiUrl`).
 * The pages' vitals go to `rumFile` when given (from `rumSample` of the page views, RUM_SAMPLE); otherwise the server takes
 * none (RUM_FILE=off). `trustedProxies` is its
 * TRUSTED_PROXIES (default none: X-Forwarded-* headers are not believed).
 */
export async function startProductionServer(
  port?: number,
  apiUrl = API,
  { rumFile, rumSample, trustedProxies }: { rumFile?: string; rumSample?: number; trustedProxies?: string } = {},
): Promise<ProductionServer> {
  const listenOn = port ?? (await freePort())
  const log: string[] = []
  const server: ChildProcess = spawn(process.execPath, ['web/dist-server/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      RUM_FILE: rumFile ?? 'off',
      RUM_SAMPLE: String(rumSample ?? 1),
      TRUSTED_PROXIES: trustedProxies ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the portal server did not start')), 30_000)
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Portal on')) {
        clearTimeout(timer)
        resolve()
      }
    })
    server.once('exit', (code) => reject(new Error(`the portal server exited (${code})`)))
  })
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  return {
    port: listenOn,
    log,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM')
      await exited
    },
  }
}
