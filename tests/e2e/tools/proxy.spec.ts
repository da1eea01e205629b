// The portal as travellers get it (the production server) with `travel-portal proxy` between it and the
// API: every exchange checked against the contract on the way. In front of the mock the portal's own
// traffic breaks nothing; in front of a backend broken on purpose, the finding names its operation and the
// page behaves as it does with any failing API.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { startBrokenBackend, type BrokenBackend } from '../../cli/fixtures/broken-backend'
import { MOCK, signInWithPassword } from '../support/portal'
import { freePort } from '../../../scripts/dev/free-port'
import { buildOnce, startProductionServer, type ProductionServer } from '../support/production-server'
import { expect, test } from '../support/test'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

type RunningProxy = { url: string; stderr: () => string; stop: () => Promise<void> }

/** `travel-portal proxy` as a user starts it, on a free port, in front of `upstream`. */
async function startProxy(upstream: string): Promise<RunningProxy> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['cli/bin.js', 'proxy', '--upstream', upstream, '--port', String(port), '--every', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await expect.poll(() => stderr, { timeout: 30_000 }).toContain('proxy listening on')
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

type ProxyReport = { exchanges: number; findings: Array<{ operationId: string; kind: string; expected: string; example: { actual: string } }> }
const reportOf = async (proxy: RunningProxy) => (await (await fetch(`${proxy.url}/__proxy/report`)).json()) as ProxyReport

test.describe.configure({ mode: 'serial' })

let proxy: RunningProxy | undefined
let portal: ProductionServer | undefined

test.beforeAll(async () => {
  test.setTimeout(240_000)
  await buildOnce()
  proxy = await startProxy(MOCK)
  portal = await startProductionServer(undefined, `${proxy.url}/api/customer`)
})

test.afterAll(async () => {
  await portal?.stop()
  await proxy?.stop()
})

test('through the proxy in front of the mock: sign-in, the bookings, a booking and a checkout break nothing of the contract', async ({ page }) => {
  const origin = `http://localhost:${portal!.port}`
  await page.goto(`${origin}/auth/login`)
  await signInWithPassword(page, 'ana.garcia@example.com')
  await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible()
  await page.goto(`${origin}/booking/bkg-sol-1001`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('tab').first()).toBeVisible()
  await page.goto(`${origin}/travelgroup/tg-sol-lon/checkout`)
  await expect(page.getByRole('radio').first()).toBeVisible()
  const report = await reportOf(proxy!)
  expect(report.exchanges).toBeGreaterThan(8)
  expect(report.findings.map((finding) => `${finding.kind} ${finding.operationId}: ${finding.expected}; got ${finding.example.actual}`)).toEqual([])
})

test('the dev server with its pages calling the proxy (VITE_API_URL, CORS preflights passed on): the same pages break nothing either', async ({ page }) => {
  test.setTimeout(180_000)
  const port = await freePort()
  const vite: ChildProcess = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts', '--port', String(port)], {
    cwd: repoRoot,
    env: { ...process.env, VITE_API_URL: `${proxy!.url}/api/customer` },
    stdio: ['ignore', 'ignore', 'ignore'],
  })
  try {
    const origin = `http://localhost:${port}`
    await expect.poll(async () => (await fetch(`${origin}/auth/login`).catch(() => undefined))?.status, { timeout: 90_000 }).toBe(200)
    const before = (await reportOf(proxy!)).exchanges
    await page.goto(`${origin}/auth/login`)
    await signInWithPassword(page, 'ana.garcia@example.com')
    await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible({ timeout: 30_000 })
    await page.goto(`${origin}/booking/bkg-sol-1001`)
    await expect(page.getByRole('tab').first()).toBeVisible({ timeout: 30_000 })
    await page.goto(`${origin}/travelgroup/tg-sol-lon/checkout`)
    await expect(page.getByRole('radio').first()).toBeVisible({ timeout: 30_000 })
    const report = await reportOf(proxy!)
    expect(report.exchanges).toBeGreaterThan(before + 8)
    expect(report.findings.map((finding) => `${finding.kind} ${finding.operationId}: ${finding.expected}; got ${finding.example.actual}`)).toEqual([])
  } finally {
    const exited = new Promise((resolve) => vite.once('exit', resolve))
    vite.kill('SIGTERM')
    await exited
  }
})

test('in front of a backend that breaks the contract: the finding names its operation, the page shows its error and a retry', async ({ page }) => {
  let backend: BrokenBackend | undefined
  let broken: RunningProxy | undefined
  let brokenPortal: ProductionServer | undefined
  try {
    // the bookings list fails on this backend (a 500 that is not the contract's)
    backend = await startBrokenBackend(MOCK, {
      corrupt: false,
      rewrite: (method, apiPath) =>
        method === 'GET' && apiPath === '/booking'
          ? { status: 500, headers: { 'content-type': 'text/html' }, body: Buffer.from('<h1>Internal Server Error</h1>') }
          : undefined,
    })
    broken = await startProxy(backend.url)
    brokenPortal = await startProductionServer(undefined, `${broken.url}/api/customer`)
    await page.goto(`http://localhost:${brokenPortal.port}/auth/login`)
    await signInWithPassword(page, 'ana.garcia@example.com')
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 30_000 })
    const report = await reportOf(broken)
    expect(report.findings.map((finding) => `${finding.kind} ${finding.operationId}`)).toContain('server-error listBookings')
    expect(broken.stderr()).toContain('✗ server-error listBookings')
  } finally {
    await brokenPortal?.stop()
    await broken?.stop()
    await backend?.close()
  }
})
