// `--html FILE` as a product owner opens it: the report of a smoke run and of a proxy session against a
// backend broken on purpose, in Chromium from the file itself (no server, no network), on a phone and a
// desktop. Its counts are the JSON report's, every failed cell leads to its finding, it holds no secret,
// makes no request, works by keyboard and passes axe.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import type { Page } from '@playwright/test'

import { startBrokenBackend, type BrokenBackend } from '../../cli/fixtures/broken-backend'
import { expectNoSeriousA11yViolations } from '../support/axe'
import { freePort } from '../../../scripts/dev/free-port'
import { expect, test } from '../support/test'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const shots = path.join(repoRoot, 'test-results', 'html-report')

type Finding = { operationId: string; kind: string; expected: string }
type SmokeJson = {
  verdict: string
  findings: Finding[]
  summary: { passed: number; failed: number; skipped: number; calls: number; violations: number }
  tested: { answeredOnlyErrors: Array<{ operationId: string; why: string }>; untested: Array<{ operationId: string; why: string }> }
}
type ProxyJson = { exchanges: number; findings: Finding[]; checks: Array<{ name: string }> }

/** The CLI as a user runs it; resolves with its exit code and output. */
function cli(args: readonly string[]) {
  const child = spawn(process.execPath, ['cli/bin.js', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, done }
}

let dir: string
let mock: ReturnType<typeof cli> | undefined
let broken: BrokenBackend | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dir = mkdtempSync(path.join(tmpdir(), 'html-report-'))
  const port = await freePort()
  mock = cli(['mock', '--port', String(port), '--fresh', '--quiet', '--data-dir', path.join(dir, 'mock-data')])
  await expect.poll(() => mock!.output(), { timeout: 60_000 }).toContain('mock listening on')
  broken = await startBrokenBackend(`http://127.0.0.1:${port}`)
})

test.afterAll(async () => {
  await broken?.close()
  mock?.child.kill('SIGTERM')
  await mock?.done
  rmSync(dir, { recursive: true, force: true })
})

/** Opens the report from disk and fails on any request it makes beyond itself. */
async function openReport(page: Page, file: string): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.url() !== pathToFileURL(file).href) requests.push(request.url())
  })
  await page.goto(pathToFileURL(file).href)
  return requests
}

const countOf = (page: Page, name: string) => page.locator(`[data-count="${name}"]`).first().innerText().then(Number)
const headerCount = (page: Page, label: string) =>
  page
    .locator('header .counts li', { hasText: new RegExp(`^\\S+ ${label}$`) })
    .locator('b')
    .innerText()
    .then(Number)

test('a smoke run: the verdict, the grid and every finding, equal to the JSON report', async ({ page }) => {
  test.setTimeout(180_000)
  const html = path.join(dir, 'smoke.html')
  const json = path.join(dir, 'smoke.json')
  const run = cli([
    'smoke',
    '--base-url',
    broken!.url,
    '--write',
    '--email',
    'ana.garcia@example.com',
    '--password',
    'viaje2026',
    '--other-email',
    'nuevo@example.com',
    '--other-password',
    'viaje2026',
    '--json',
    json,
    '--html',
    html,
  ])
  expect(await run.done, run.output().slice(-2000)).toBe(1)
  const report = JSON.parse(readFileSync(json, 'utf8')) as SmokeJson
  expect(report.findings.length).toBeGreaterThan(10)

  const requests = await openReport(page, html)
  await expect(page).toHaveTitle(/^travel-portal smoke: VIOLATIONS · http:\/\/127\.0\.0\.1:\d+\/api\/customer$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('VIOLATIONS')
  // the counts are the JSON's
  expect(await countOf(page, 'findings')).toBe(report.findings.length)
  await expect(page.locator('li.finding')).toHaveCount(report.findings.length)
  expect(await headerCount(page, 'findings')).toBe(report.findings.length)
  expect(await headerCount(page, 'violations')).toBe(report.summary.violations)
  expect(await headerCount(page, 'steps passed')).toBe(report.summary.passed)
  expect(await headerCount(page, 'failed')).toBe(report.summary.failed)
  expect(await headerCount(page, 'skipped')).toBe(report.summary.skipped)
  expect(await headerCount(page, 'calls')).toBe(report.summary.calls)
  // the grid: every operation of the contract a row, the legend its own cells' count, every finding's operation marked
  await expect(page.locator('table.grid tbody tr')).toHaveCount(69)
  for (const state of ['passed', 'failed', 'not-tried', 'not-applicable']) {
    expect(await countOf(page, state), state).toBe(await page.locator(`table.grid td.c.${state}`).count())
  }
  for (const operationId of new Set(report.findings.map((finding) => finding.operationId))) {
    await expect(page.locator('table.grid tr.has-failure th', { hasText: new RegExp(`^${operationId}\\b`) }), operationId).toHaveCount(1)
  }
  // every operation that did not work is listed with why, and its row is marked apart from what passed
  const didNotWork = [...report.tested.answeredOnlyErrors, ...report.tested.untested]
  expect(didNotWork.length).toBeGreaterThan(0)
  expect(await countOf(page, 'did-not-work')).toBe(didNotWork.length)
  for (const { operationId, why } of didNotWork) {
    await expect(page.locator('ul.did-not-work li', { hasText: `${operationId}: ${why}` }), operationId).toHaveCount(1)
    await expect(page.locator('table.grid tr.did-not-work th', { hasText: new RegExp(`^${operationId}\\b`) }), operationId).toHaveCount(1)
  }
  for (const { operationId } of report.tested.answeredOnlyErrors) {
    await expect(page.locator('table.grid tr.errors-only th', { hasText: operationId }).locator('.dnw')).toHaveText('answered only errors')
  }
  // every finding is named by a failed cell, and every cell's link lands on a finding
  const named = await page.locator('table.grid td.failed[data-findings]').evaluateAll((cells) => cells.flatMap((cell) => cell.dataset['findings']!.split(' ')))
  expect(new Set(named).size).toBe(report.findings.length)
  const targets = await page.locator('table.grid td.failed a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  for (const target of new Set(targets)) await expect(page.locator(target!)).toHaveClass(/finding/)
  // the broken profile: its finding says the rule, with its curl; no secret anywhere
  const profile = page.locator('li.finding', { hasText: '$.email is required' }).first()
  await expect(profile).toContainText('getProfile')
  await expect(profile.locator('pre.curl')).toContainText(`curl 'http://127.0.0.1:`)
  await expect(profile.locator('pre.curl')).toContainText(`-H 'Authorization: Bearer '"$TRAVEL_PORTAL_TOKEN"`)
  const source = readFileSync(html, 'utf8')
  expect(source).not.toContain('viaje2026')
  expect(source).not.toMatch(/Bearer [A-Za-z0-9._-]{20,}/)
  expect(requests).toEqual([])

  await page.screenshot({ path: path.join(shots, 'smoke-phone.png') })
  await expectNoSeriousA11yViolations(page)
  // by keyboard: the grid's scroll box, then its first failed cell; Enter lands on the finding
  await page.keyboard.press('Tab')
  await expect(page.getByRole('region', { name: 'Operations × checks' })).toBeFocused()
  await page.keyboard.press('Tab')
  const first = page.locator('table.grid td.failed a').first()
  await expect(first).toBeFocused()
  const href = (await first.getAttribute('href'))!
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.locator(href)).toBeInViewport()
  await page.screenshot({ path: path.join(shots, 'smoke-phone-finding.png') })

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(pathToFileURL(html).href)
  await page.screenshot({ path: path.join(shots, 'smoke-desktop.png') })
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('li.finding').first()).toBeVisible()
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' })
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: path.join(shots, 'smoke-desktop-dark.png') })
})

test('a proxy session: what the traffic reached and what it broke, equal to the JSON report', async ({ page }) => {
  test.setTimeout(120_000)
  const html = path.join(dir, 'proxy.html')
  const json = path.join(dir, 'proxy.json')
  const port = await freePort()
  const proxy = cli([
    'proxy',
    '--upstream',
    broken!.url,
    '--port',
    String(port),
    '--every',
    '0',
    '--json',
    json,
    '--html',
    html,
    '-H',
    'X-Api-Key: gateway-secret-1234',
  ])
  await expect.poll(() => proxy.output(), { timeout: 30_000 }).toContain('proxy listening on')
  const api = `http://127.0.0.1:${port}/api/customer`
  // the agency, as the portal asks for it (passes); the countries, which this backend answers as text/plain
  expect((await fetch(`${api}/agency`, { headers: { agencyId: 'ag-sol' } })).status).toBe(200)
  await fetch(`${api}/country`, { headers: { agencyId: 'ag-sol' } })
  // a client that forgets the tenant header
  await fetch(`${api}/travelgroup`)
  proxy.child.kill('SIGTERM')
  expect(await proxy.done).toBe(0)
  const report = JSON.parse(readFileSync(json, 'utf8')) as ProxyJson

  const requests = await openReport(page, html)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('VIOLATIONS')
  expect(await countOf(page, 'findings')).toBe(report.findings.length)
  expect(await headerCount(page, 'exchanges')).toBe(report.exchanges)
  await expect(page.locator('li.finding')).toHaveCount(report.findings.length)
  const countries = page.locator('table.grid tr', { has: page.locator('th', { hasText: /^listCountries$/ }) })
  await expect(countries.locator('td.failed')).toHaveCount(1)
  // a column for every check the proxy made, as the JSON report lists them (tests/cli/proxy/run-proxy.test.ts names them):
  // passed where the traffic went, not tried elsewhere
  expect(report.checks).toHaveLength(9)
  await expect(page.locator('table.grid thead th:not(:first-child):not(.num)')).toHaveText(report.checks.map((check) => check.name))
  await expect(page.locator('table.grid tr', { has: page.locator('th', { hasText: /^getAgency$/ }) }).locator('td.passed')).toHaveCount(9)
  await expect(page.locator('table.grid tr', { has: page.locator('th', { hasText: /^getBooking$/ }) }).locator('td.not-tried')).toHaveCount(9)
  await expect(page.locator('dl.settings')).toContainText('$TRAVEL_PORTAL_HEADER_X_API_KEY (masked)')
  expect(readFileSync(html, 'utf8')).not.toContain('gateway-secret-1234')
  expect(requests).toEqual([])
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: path.join(shots, 'proxy-phone.png'), fullPage: true })
})
