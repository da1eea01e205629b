// QA's loop, in the browser: a mock of their own started by `travel-portal mock`, the portal as travellers get it in
// front of it, and the commands of docs/qa.md changing what the portal shows — a tenant added, a scenario aimed at one
// trip, `status` saying so, and `reset` putting all of it back.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

import { freePort } from '../../../scripts/dev/free-port'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { PASSWORD, TOKEN_KEY } from '../support/portal'
import { buildOnce, startProductionServer, type ProductionServer } from '../support/production-server'
import { expect, test } from '../support/test'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const exec = promisify(execFile)

let mockUrl = ''
let mock: ChildProcess | undefined
let dataDir = ''
let portal: ProductionServer | undefined

/** `travel-portal …` as QA types it, against this spec's mock. */
const cli = async (...args: string[]) =>
  (await exec(process.execPath, ['cli/bin.js', ...args, '--mock-url', mockUrl], { cwd: repoRoot, timeout: 30_000 })).stdout

/** Ana's session on this spec's mock, as the portal keeps it. */
const signIn = async () => {
  const answer = await fetch(`${mockUrl}/api/customer/auth/login`, {
    method: 'POST',
    headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ana.garcia@example.com', password: PASSWORD }),
  })
  return ((await answer.json()) as { token: string }).token
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  await buildOnce()
  dataDir = await mkdtemp(path.join(tmpdir(), 'qa-mock-'))
  const port = await freePort()
  mockUrl = `http://127.0.0.1:${port}`
  mock = spawn(process.execPath, ['cli/bin.js', 'mock', '--port', String(port), '--host', '127.0.0.1', '--fresh', '--quiet', '--data-dir', dataDir], {
    cwd: repoRoot,
    stdio: 'ignore',
  })
  await expect.poll(async () => (await fetch(`${mockUrl}/__mock/health`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200)
  portal = await startProductionServer(undefined, `${mockUrl}/api/customer`)
})

test.afterAll(async () => {
  await portal?.stop()
  if (mock?.exitCode === null) {
    const exited = new Promise((resolve) => mock!.once('exit', resolve))
    mock.kill('SIGTERM')
    await exited
  }
  await rm(dataDir, { recursive: true, force: true })
})

test('a tenant added and a trip sold out show in the portal, status says so, reset puts everything back', async ({ page, context }) => {
  const origin = `http://localhost:${portal!.port}`
  const qaOrigin = `http://qa-viajes.localhost:${portal!.port}`
  expect(await cli('status')).toContain('scenarios: none')

  expect(await cli('tenants', 'add', '--id', 'ag-qa', '--name', 'QA Viajes', '--host', `qa-viajes.localhost:${portal!.port}`, '--color1', '#7c3aed')).toContain(
    'ag-qa',
  )
  expect(await cli('scenario', 'add', 'sold-out', '--travel-group', 'tg-sol-pir')).toContain('added: sold-out at travel group tg-sol-pir (tenant ag-sol)')
  const status = await cli('status')
  expect(status).toContain('scenarios: sold-out at travel group tg-sol-pir (tenant ag-sol)')
  expect(status).toMatch(/^tenants\s+\d+\s+\+1$/m)

  await page.goto(`${qaOrigin}/auth/login`)
  await expect(page.getByRole('banner')).toContainText('QA Viajes')
  await expectNoSeriousA11yViolations(page)

  await context.addCookies([{ name: TOKEN_KEY, value: await signIn(), url: origin }])
  const soldOut = page.getByRole('alert').filter({ hasText: 'Ya no quedan plazas disponibles en este grupo' })
  await page.goto(`${origin}/travelgroup/tg-sol-pir`)
  await expect(soldOut).toBeVisible()
  await page.goto(`${origin}/travelgroup/tg-sol-lon`)
  await expect(page.getByRole('link', { name: 'Reservar plaza' }).first()).toBeVisible()

  expect(await cli('reset')).toMatch(/^mock reset to seed \d+: 3 tenants, no scenario;/)
  expect(await cli('status')).toContain('scenarios: none')
  await page.goto(`${origin}/travelgroup/tg-sol-pir`)
  // the reset ended every session too: Ana signs in again, and the trip takes bookings
  await expect(page).toHaveURL(/\/auth\/login/)
  await context.addCookies([{ name: TOKEN_KEY, value: await signIn(), url: origin }])
  await page.goto(`${origin}/travelgroup/tg-sol-pir`)
  await expect(page.getByRole('link', { name: 'Reservar plaza' }).first()).toBeVisible()
  await expect(soldOut).toHaveCount(0)
  // the tenant QA added is gone (the portal server keeps a known host's agency for up to 5 minutes: docs/deployment.md)
  expect(await cli('tenants', 'list')).not.toContain('ag-qa')
})
