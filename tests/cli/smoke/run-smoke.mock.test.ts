import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runCli } from '../../../cli/src/main.ts'
import { readStoredWorld } from '../../../mock/src/runtime/sqlite-store.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract } from '../../../contract/engine/contract-index.ts'
import { buildJourney } from '../../../cli/src/journey/journey.ts'
import type { SmokeReport } from '../../../cli/src/reports/smoke-report.ts'
import { journeyCleanUp } from '../../../cli/src/smoke/smoke-plan.ts'
import { corruptions, editJson, slowMs, startBrokenBackend, type BrokenBackend } from '../fixtures/broken-backend.ts'
import { startTestMock, type TestMock } from '../helpers/mock-server.ts'
import { createTestIo } from '../helpers/test-io.ts'

// Each test here makes whole conformance runs (hundreds of requests): its deadline is for a failure's report, not a
// claim on speed (a busy 2-core machine takes three times as long).
vi.setConfig({ testTimeout: 90_000 })

// The smoke command against the real mock HTTP server (in-process, fresh
// world), and against a deliberately broken backend in front of it.

const ana = ['--email', 'ana.garcia@example.com', '--password', 'viaje2026']
// nuevo@example.com has no bookings: reading Ana's must give 404
const other = ['--other-email', 'nuevo@example.com', '--other-password', 'viaje2026']

let mock: TestMock
let tempDir: string
let journeyIds: string[]

beforeAll(async () => {
  ;[mock, tempDir] = await Promise.all([startTestMock(), mkdtemp(path.join(tmpdir(), 'smoke-mock-'))])
  // In run order: the journey's clean-up (cancelling what --write booked) runs after the per-operation checks.
  const ids = buildJourney(await loadContract(defaultContractPath)).steps.map((step) => step.id)
  journeyIds = [...ids.filter((id) => !journeyCleanUp.includes(id)), ...journeyCleanUp]
})

afterAll(async () => {
  await mock.dispose()
})

const journeyOf = (report: SmokeReport) => report.steps.filter((step) => journeyIds.includes(step.id))

async function smoke(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = createTestIo()
  const code = await runCli(['smoke', ...args], io)
  return { code, out: io.out(), err: io.err() }
}

async function smokeJson(...args: string[]): Promise<{ code: number; report: SmokeReport; err: string }> {
  const { code, out, err } = await smoke(...args, '--json')
  return { code, report: JSON.parse(out) as SmokeReport, err }
}

function parseJunit(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' }).parse(xml) as {
    testsuites: { tests: string; failures: string; testsuite: { testcase: Array<{ name: string; failure?: unknown; skipped?: unknown }> } }
  }
  return parsed.testsuites
}

describe('smoke against the mock', () => {
  it('passes read-only: every step listed, JUnit valid, coverage written', async () => {
    const junit = path.join(tempDir, 'read', 'smoke.xml')
    const coverage = path.join(tempDir, 'read', 'coverage.json')
    const { code, report, err } = await smokeJson('--base-url', mock.url, ...ana, ...other, '--junit', junit, '--coverage-out', coverage)
    expect(err).toBe('')
    expect(report.violations).toEqual([])
    expect(code).toBe(0)
    expect(report.verdict).toBe('passed')
    expect(report.write).toBe(false)
    // The journey first, then every operation on its own.
    expect(journeyOf(report).map((step) => step.id)).toEqual(journeyIds)
    expect(report.steps.some((step) => step.id === 'owner:renderInvoice' && step.status === 'passed')).toBe(true)
    expect(report.tested).toMatchObject({ operations: 69 })
    expect(typeof report.seed).toBe('number')

    // Every read the seed makes reachable is walked, not skipped.
    const skipped = journeyOf(report).filter((step) => step.status === 'skipped')
    expect(
      skipped.every((step) => step.kind === 'write' || step.kind === 'payment' || step.id === 'files.get'),
      JSON.stringify(skipped),
    ).toBe(true)
    for (const id of [
      'booking.invoice-render',
      'booking.authorization-render',
      'travelgroup.payment-methods',
      'travelgroup.group',
      'raffle.ballot',
      'travelgroup.rooming',
      'probe.foreign-booking',
      'probe.voucher-invalid',
    ]) {
      expect(report.steps.find((step) => step.id === id)?.status, id).toBe('passed')
    }
    expect(report.steps.find((step) => step.id === 'probe.foreign-booking')?.notes).toEqual(['nuevo@example.com reading booking bkg-sol-1001 got 404'])

    const suites = parseJunit(await readFile(junit, 'utf8'))
    expect(Number(suites.tests)).toBe(report.steps.length)
    expect(suites.failures).toBe('0')
    expect(suites.testsuite.testcase).toHaveLength(report.steps.length)

    const written = JSON.parse(await readFile(coverage, 'utf8')) as { entries: Array<{ operationId: string; status: number }> }
    expect(written.entries).toContainEqual(expect.objectContaining({ operationId: 'getBooking', status: 404 }))
    expect(written.entries).toContainEqual(expect.objectContaining({ operationId: 'renderInvoice', status: 200 }))
  })

  it('passes with --write: books, pays at the sandbox provider, documents and cancels a tagged booking', async () => {
    const junit = path.join(tempDir, 'write', 'smoke.xml')
    const roomingListBefore = structuredClone(mock.runtime.world.roomingLists.find((list) => list.id === 'tg-sol-lon-rml'))
    const { code, report } = await smokeJson('--base-url', mock.url, ...ana, ...other, '--write', '--junit', junit)
    expect(report.violations).toEqual([])
    expect(code).toBe(0)
    // The customer's own rooming list was not made by the run: no valid, broken or foreign write goes to it.
    expect(roomingListBefore).toBeDefined()
    expect(mock.runtime.world.roomingLists.find((list) => list.id === 'tg-sol-lon-rml')).toEqual(roomingListBefore)
    for (const check of ['reach', 'tenant', 'owner', 'negative']) {
      expect(report.steps.find((step) => step.id === `${check}:updateRoomingList`)?.reason, check).toMatch(/tg-sol-lon-rml.*not made by this run/)
    }
    expect(report.write).toBe(true)
    expect(journeyOf(report).map((step) => step.id)).toEqual(journeyIds)
    expect(journeyOf(report).filter((step) => step.status !== 'passed')).toEqual([])
    // the clean-up comes last, then only the read-back of its own writes (made by then) and the checks of
    // what the cancellation left: every write the contract refuses on a canceled booking, refused
    const cleanUpAt = report.steps.findIndex((step) => step.id === journeyCleanUp[0])
    const afterCleanUp = report.steps.slice(cleanUpAt + journeyCleanUp.length).map((step) => step.id)
    expect(report.steps.slice(cleanUpAt, cleanUpAt + journeyCleanUp.length).map((step) => step.id)).toEqual([...journeyCleanUp])
    expect(afterCleanUp.slice(0, 4)).toEqual([
      'round-trip:computeCancelRefund',
      'list-consistency:computeCancelRefund',
      'round-trip:cancelBooking',
      'list-consistency:cancelBooking',
    ])
    expect(afterCleanUp.slice(4)).toEqual(afterCleanUp.slice(4).map(() => expect.stringMatching(/^use-after-cancel:/)))
    expect(report.steps.filter((step) => step.id.startsWith('use-after-cancel:') && step.status === 'passed').map((step) => step.id)).toEqual(
      expect.arrayContaining([
        'use-after-cancel:updateBuyer',
        'use-after-cancel:updateDni',
        'use-after-cancel:purchaseTerms',
        'use-after-cancel:setBookingPack',
      ]),
    )
    expect(report.steps.find((step) => step.id === 'round-trip:cancelBooking')).toMatchObject({
      status: 'passed',
      notes: ['4 fields read back through getBooking'],
    })
    // An operation counts as working only when it answered a declared success with valid data. Not tried: the
    // password change (the run never sends valid credentials), the rooming list (the customer's own, not made by
    // the run), and two whose body ids come from the backend's answers through the links, never from the
    // contract's examples: the run's own booking has no notice to mark read and no minor whose guardian could
    // authorize. The rest that only ever answered errors are listed with what they answered and where.
    expect(report.tested.untested).toEqual([
      { operationId: 'updatePassword', why: "untested with valid data: it changes the customer's credentials (its auth and negative checks still run)" },
      { operationId: 'markNoticeRead', why: 'untested: no value for body.notice_id (no answer linked to it)' },
      { operationId: 'authorizeMember', why: 'untested: no value for body.guardian_id (no answer linked to it)' },
      {
        operationId: 'updateRoomingList',
        why: "untested with valid data: it would change tg-sol-lon-rml, which is the customer's and was not made by this run",
      },
    ])
    const onlyErrors = report.tested.answeredOnlyErrors
    expect(onlyErrors.map((item) => item.operationId).sort()).toEqual([
      'autologin',
      'createReview',
      'debugLogin',
      'payExtraTerm',
      'purchaseTerms',
      'retryPayment',
      'updateBookingTerms',
      'validateUser',
    ])
    for (const item of onlyErrors)
      expect(item.why).toMatch(/^4\d\d [a-z_]+ to (GET|POST|PUT) \/api\/customer\/\S+ \((reach|auth|booking|probe|journey|[a-z.-]+):?\S*\)$/)
    expect(onlyErrors.find((item) => item.operationId === 'debugLogin')?.why).toBe('403 debug_disabled to POST /api/customer/auth/debug (reach:debugLogin)')
    expect(report.tested).toMatchObject({ operations: 69, tested: 69 - 4 - onlyErrors.length })
    expect(onlyErrors.find((item) => item.operationId === 'purchaseTerms')?.why).toMatch(
      /^409 payment_already_completed to POST \/api\/customer\/booking\/bkg-\d+\/purchase \(reach:purchaseTerms\)$/,
    )
    // The profile was written with what it read back: the customer's own profile is as it was.
    expect(report.steps.find((step) => step.id === 'reach:updateProfile')).toMatchObject({ status: 'passed' })
    expect(parseJunit(await readFile(junit, 'utf8')).failures).toBe('0')

    // What it created carries the marker, and it did not stay booked.
    const created = mock.runtime.world.bookings.filter((booking) => booking.idempotencyKey?.startsWith(`${report.marker}-checkout-`))
    expect(created).toHaveLength(1)
    expect(created[0]?.status).toBe('canceled')
    expect(created[0]?.idempotencyKey).toMatch(new RegExp(`^${report.marker}-checkout-[0-9a-f]{8}$`))
    expect(created[0]?.members.every((member) => member.surname2 === report.marker)).toBe(true)
    // The per-operation writes with valid data went to that booking, never to one of the customer's own.
    // (each write is read back at once: those reads are GETs of the same booking)
    const writes = report.steps
      .filter((step) => step.id.startsWith('reach:') && step.kind === 'write')
      .flatMap((step) => step.calls)
      .filter((call) => call.method !== 'GET')
    const onBookings = writes.filter((call) => new URL(call.url).pathname.startsWith('/api/customer/booking/'))
    expect(onBookings.length).toBeGreaterThan(5)
    for (const call of onBookings) expect(call.url).toContain(`/booking/${created[0]!.id}/`)
    // The provider was driven over loopback, outside the contract and the coverage.
    const provider = report.steps.find((step) => step.id === 'payment.provider')
    expect(provider?.calls.map((call) => `${call.method} ${new URL(call.url).pathname} ${call.status}`)).toEqual([
      'POST /__provider/pay 200',
      'POST /__provider/complete 303',
    ])
    expect(report.coverage.some((entry) => entry.operationId === 'provider')).toBe(false)
    // Every write of the journey is in world.db as it is in memory: a restart would serve the same world.
    expect(readStoredWorld(mock.dataDir)).toEqual(mock.runtime.world)
  })

  it('fits one screen by default: the verdict, what did not work and why, the coverage line and the time, no step lines', async () => {
    const { code, out } = await smoke('--base-url', mock.url, ...ana)
    expect(code).toBe(0)
    expect(out.split('\n').length).toBeLessThanOrEqual(80)
    expect(out).not.toMatch(/^\[ *\d+\/\d+\] /m)
    expect(out).toMatch(/^operations not tried \(\d+\), by why:$/m)
    expect(out).toMatch(/^PASSED: \d+ of 69 operations worked · \d+ not tried \(\d+ change data: --write\)$/m)
    expect(out).toMatch(/^time: .*, read-only · each step's line: --verbose$/m)
  })

  it('prints steps with progress and a timing footer with --verbose, without colour off a terminal', async () => {
    const { code, out } = await smoke('--base-url', mock.url, ...ana, '--verbose')
    expect(code).toBe(0)
    expect(out).toMatch(/^\[ +1\/\d+\] PASS agency.lookup POST \/api\/customer\/agency 200/m)
    expect(out).toMatch(/^PASSED: \d+ of 69 operations worked · \d+ not tried \(\d+ change data: --write\)$/m)
    expect(out).toMatch(/^no violation; \d+ steps \(\d+ passed, 0 failed, \d+ skipped\), \d+ calls; seed -?\d+ \(--seed -?\d+ replays the generated inputs\)$/m)
    expect(out).toMatch(/^\s+note: limited: without --other-email/m)
    expect(out).toContain('warning: the leak probe is limited')
    expect(out.split('\n').find((line) => line.startsWith('time:'))).toMatch(
      /^time: \d+\.\d\d s for \d+ calls \(HTTP \d+\.\d\d s, slowest \w+ \d+ ms\), read-only$/,
    )
    expect(out).not.toContain('\u001b[')
  })

  it('exits 2 naming --agency-url when no agency answers for it, and stops there', async () => {
    const { code, report } = await smokeJson('--base-url', mock.url, ...ana, '--agency-url', 'http://nadie.example')
    expect(code).toBe(2)
    expect(report.verdict).toBe('misconfigured')
    expect(report.explanation).toBe('stopped: no agency answers for http://nadie.example (status 404): check --agency-url')
    expect(report.steps.map((step) => step.id)).toEqual(['agency.lookup'])
  })

  it('exits 2 naming --email and --password when the credentials are refused', async () => {
    const { code, report } = await smokeJson('--base-url', mock.url, '--email', 'ana.garcia@example.com', '--password', 'not-her-password')
    expect(code).toBe(2)
    expect(report.verdict).toBe('misconfigured')
    expect(report.explanation).toBe('stopped: the API refused --email ana.garcia@example.com (status 401): check --email and --password')
  })

  it('exits 2 naming --base-url when nothing answers there', async () => {
    const { code, report } = await smokeJson('--base-url', 'http://127.0.0.1:9', ...ana, '--timeout', '2000')
    expect(code).toBe(2)
    expect(report.explanation).toMatch(/^stopped: nothing answers at http:\/\/127\.0\.0\.1:9\/api\/customer \(.+\): check --base-url$/)
  })

  it('says how much it tested, and exits 3 under --fail-under', async () => {
    const anonymous = await smokeJson('--base-url', mock.url)
    expect(anonymous.report.tested.tested).toBeLessThan(69)
    expect(anonymous.report.tested.untested).toContainEqual({ operationId: 'getProfile', why: 'untested: needs a signed-in customer (--email/--password)' })
    expect(anonymous.code).toBe(0)
    const strict = await smokeJson('--base-url', mock.url, '--fail-under', '90')
    expect(strict.code).toBe(3)
    expect(strict.report.verdict).toBe('too-little-tested')
    expect(strict.report.explanation).toMatch(/^\d+ of 69 operations worked, under --fail-under 90%$/)
  })

  it("refuses this customer's session at another real tenant (--other-agency), whose public data stays public", async () => {
    const { code, report } = await smokeJson('--base-url', mock.url, ...ana, '--other-agency', 'ag-norte')
    expect(report.violations).toEqual([])
    expect(code).toBe(0)
    const tenant = report.steps.filter((step) => step.id.startsWith('tenant:'))
    expect(tenant.find((step) => step.id === 'tenant:getBooking')).toMatchObject({ status: 'passed' })
    // this customer's session at the other tenant, then no tenant header at all
    expect(tenant.find((step) => step.id === 'tenant:getBooking')?.calls.map((call) => call.status)).toEqual([401, 400])
    expect(tenant.find((step) => step.id === 'tenant:getAgency')).toMatchObject({ status: 'skipped', reason: 'public: ag-norte serves its own data to anyone' })
  })

  it('replays the same generated inputs for the same --seed', async () => {
    const urls = async (seed: string) => {
      const { report } = await smokeJson('--base-url', mock.url, '--seed', seed)
      expect(report.seed).toBe(Number(seed))
      return report.steps
        .filter((step) => step.id.startsWith('negative:') || step.id.startsWith('positive:'))
        .flatMap((step) => step.calls.map((call) => call.url))
    }
    const first = await urls('12345')
    expect(first.length).toBeGreaterThan(20)
    expect(await urls('12345')).toEqual(first)
    // and another seed generates other inputs
    expect(await urls('54321')).not.toEqual(first)
  })
})

describe('smoke against a broken backend', () => {
  let broken: BrokenBackend

  beforeAll(async () => {
    broken = await startBrokenBackend(mock.url)
  })
  afterAll(async () => {
    await broken.close()
  })

  it('exits 1 and names every fault at once, each with its operation, its check, what was expected, what came and a curl', async () => {
    const { code, report } = await smokeJson('--base-url', broken.url, ...ana, ...other, '--max-response-time', '1000')
    expect(code).toBe(1)
    expect(report.verdict).toBe('violations')
    for (const corruption of corruptions) {
      const found = report.violations.filter(
        (violation) =>
          violation.operationId === corruption.operationId &&
          violation.kind === corruption.kind &&
          (corruption.check === undefined || violation.step === corruption.check || violation.step?.startsWith(`${corruption.check}:`)),
      )
      expect(found.length, `${corruption.operationId} (${corruption.what}): ${JSON.stringify(report.violations)}`).toBeGreaterThan(0)
    }
    // The check's own finding (the response checker may add its own, e.g. an undeclared 500).
    const inStep = (step: string) =>
      report.violations.find((violation) => violation.step === step && violation.kind !== 'status' && violation.kind !== 'server-error')
    expect(inStep('auth:getBookingRooms')).toMatchObject({ expected: 'status 401 without a token', actual: 'status 200: served without a valid session' })
    expect(inStep('auth:getBookingTravelGroup')).toMatchObject({ expected: 'status 401 with a signed-out token' })
    expect(inStep('auth:getBookingTravelGroup')?.curl).toContain(`Bearer '"$TRAVEL_PORTAL_REVOKED_TOKEN"`)
    expect(inStep('owner:renderInvoice')).toMatchObject({
      expected: 'status 404 for nuevo@example.com',
      actual: "status 200: another customer's data was served or changed",
    })
    expect(inStep('owner:getBookingPayments')?.curl).toContain(`Bearer '"$TRAVEL_PORTAL_OTHER_TOKEN"`)
    expect(inStep('tenant:getTravelGroupTerms')?.expected).toMatch(/^status 400 or 404 with agency agency-smoke-missing-\d{8}T\d{6}Z \(which does not exist\)$/)
    expect(inStep('missing:getPackSeats')).toMatchObject({
      expected: expect.stringMatching(/^status 404 for smoke-missing-/),
      actual: 'status 500 (internal_error)',
    })
    expect(inStep('negative:listStates')?.expected).toMatch(/^a declared 4xx for input (without the required query parameter country|country .+)$/)
    expect(inStep('positive:listTravelGroups')?.actual).toMatch(/^status 400 \(bad_request\) \(seed -?\d+\)$/)
    expect(inStep('response-time')).toMatchObject({ operationId: 'getAgencyFaq', expected: 'every answer within 1000 ms (--max-response-time)' })
    expect(report.timings.find((timing) => timing.operationId === 'getAgencyFaq')?.maxMs).toBeGreaterThanOrEqual(slowMs)
    expect(report.variables.map((variable) => variable.name).sort()).toEqual([
      'TRAVEL_PORTAL_OTHER_TOKEN',
      'TRAVEL_PORTAL_REVOKED_TOKEN',
      'TRAVEL_PORTAL_TOKEN',
    ])
    const byOperation = (operationId: string) => report.violations.find((violation) => violation.operationId === operationId)
    expect(byOperation('getProfile')).toMatchObject({ kind: 'schema', expected: '$.email is required', actual: 'missing' })
    expect(byOperation('getTravelGroup')).toMatchObject({ kind: 'schema', expected: expect.stringContaining('seats_available must be integer') })
    expect(byOperation('listExtras')).toMatchObject({ kind: 'status', status: 418, actual: '418 (code teapot)' })
    expect(byOperation('listCountries')).toMatchObject({ kind: 'content-type', expected: 'content-type application/json', actual: 'text/plain' })
    expect(byOperation('listBookingNotices')).toMatchObject({ kind: 'server-error', status: 500, actual: '500 (code internal_error)' })
    expect(byOperation('listPaymentTerms')).toMatchObject({ kind: 'server-error', status: 500, sent: expect.stringContaining('500 Internal Server Error') })
    expect(inStep('tenant:listServices')).toMatchObject({
      expected: 'status 400 without the agencyId header',
      actual: 'status 200: served as some default tenant',
    })
    expect(inStep('list:listBookings')?.actual).toBe('getBooking bkg-of-someone-else: status 404 (not_found) (a listed item that is not theirs?)')
    expect(inStep('method:/booking/{id}')).toMatchObject({ operationId: 'getBooking', actual: 'status 200: an undeclared method was served' })
    expect(inStep('method:/agency')).toMatchObject({
      operationId: 'getAgency',
      expected: 'Allow: the declared methods GET, POST',
      actual: 'Allow: GET, POST, PATCH',
    })
    expect(inStep('probe.login-wrong-password-account')).toMatchObject({
      operationId: 'login',
      expected: 'status 401 or 429 with code auth_login_wrong or too_many_requests',
    })
    // One rule broken the same way on one operation is one finding, however many calls showed it.
    expect(report.findings.length).toBeLessThan(report.violations.length)
    expect(report.findings.find((finding) => finding.operationId === 'getProfile' && finding.kind === 'schema')).toMatchObject({
      expected: '$.email is required',
      example: { sent: 'an object with id, name, surname1, surname2, phone, lang, validated' },
    })
    expect(byOperation('getBooking')).toMatchObject({ kind: 'probe', actual: "status 200: another customer's booking leaked" })
    for (const violation of report.violations) {
      expect(violation.curl).toMatch(/^curl /)
      // The token is named, never printed: the line runs once $TRAVEL_PORTAL_TOKEN is exported.
      expect(violation.curl, `${violation.step} ${violation.curl}`).not.toMatch(/Bearer (?!'"\$TRAVEL_PORTAL_(OTHER_|REVOKED_)?TOKEN")/)
    }
    expect(broken.corrupted.length).toBeGreaterThanOrEqual(corruptions.length)
  })

  it('names every finding with its curl on the one screen, and each violation under its step with --verbose', async () => {
    const { code, out } = await smoke('--base-url', broken.url, ...ana, ...other, '--max-response-time', '1000')
    expect(code).toBe(1)
    for (const corruption of corruptions) expect(out).toMatch(new RegExp(`^ {2}\\[${corruption.kind}\\] ${corruption.operationId}\\b`, 'm'))
    expect(out).not.toMatch(/^ +✗ /m)
    const verbose = await smoke('--base-url', broken.url, ...ana, ...other, '--max-response-time', '1000', '--verbose')
    for (const corruption of corruptions) expect(verbose.out).toMatch(new RegExp(`✗ ${corruption.kind} ${corruption.operationId}\\b`))
    expect(out).toMatch(/^to run the curl lines, export:$/m)
    expect(out).toMatch(/^ {2}export TRAVEL_PORTAL_TOKEN=\$\(curl -s -X POST '.+\/auth\/login' .+ \| jq -r \.token\)$/m)
    expect(out).toMatch(/^VIOLATIONS: /m)
  })
})

describe('a failing step does not hide the ones after it', () => {
  it('goes on from a list answer that broke the contract but still holds the ids', async () => {
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (method, apiPath, answer) =>
        method === 'GET' && apiPath === '/booking' && answer.status === 200
          ? editJson(answer, (json) => (json as Array<Record<string, unknown>>).map((item) => ({ ...item, pending_amount: 'a lot' })))
          : undefined,
    })
    try {
      const { code, report } = await smokeJson('--base-url', backend.url, ...ana, ...other)
      expect(code).toBe(1)
      const status = (id: string) => report.steps.find((step) => step.id === id)?.status
      expect(status('booking.list')).toBe('failed')
      for (const id of ['booking.detail', 'booking.payments', 'booking.invoice-render', 'probe.foreign-booking']) expect(status(id), id).toBe('passed')
      expect(new Set(report.violations.map((violation) => violation.operationId))).toEqual(new Set(['listBookings']))
    } finally {
      await backend.close()
    }
  })
})

describe('payments never reach a provider that is not a sandbox', () => {
  const realProvider = 'https://pay.real-provider.example/pay'

  it('refuses to follow a payment action off this machine, and still cleans up the booking', async () => {
    // A backend whose payment actions point at a real provider.
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (method, apiPath, answer) => {
        if (method !== 'POST' || answer.status >= 300) return undefined
        if (/^\/travelgroup\/[^/]+\/checkout$/.test(apiPath))
          return editJson(answer, (json) => ({ ...(json as object), action: { ...(json as { action: object }).action, url: realProvider } }))
        if (/^\/payment\/[^/]+\/redirect$/.test(apiPath)) return editJson(answer, (json) => ({ ...(json as object), url: realProvider }))
        return undefined
      },
    })
    try {
      const { code, report } = await smokeJson('--base-url', backend.url, ...ana, '--write')
      expect(report.violations).toEqual([])
      expect(code).toBe(0)
      const step = (id: string) => report.steps.find((item) => item.id === id)
      expect(step('payment.redirect')).toMatchObject({
        status: 'skipped',
        reason: `refused: payment action URL ${realProvider} is neither loopback nor under an --allow-provider URL`,
      })
      expect(step('payment.provider')?.status).toBe('skipped')
      expect(step('booking.confirmed')?.status).toBe('skipped')
      expect(step('booking.canceled')?.status).toBe('passed')
      expect(report.steps.flatMap((item) => item.calls).filter((call) => call.url.startsWith('https://pay.real-provider.example'))).toEqual([])
    } finally {
      await backend.close()
    }
  })

  it('books nothing when the card payment method is not a sandbox', async () => {
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (method, apiPath, answer) =>
        method === 'GET' && /^\/travelgroup\/[^/]+\/payment-methods$/.test(apiPath) && answer.status === 200
          ? editJson(answer, (json) => (json as Array<Record<string, unknown>>).map((item) => ({ ...item, sandbox: false })))
          : undefined,
    })
    try {
      // bookings, not invitations (the invitation check sends one, and an invitation is a booking to be)
      const booked = () => mock.runtime.world.bookings.filter((booking) => booking.status !== 'invited').length
      const before = booked()
      const { code, report } = await smokeJson('--base-url', backend.url, ...ana, '--write')
      expect(code).toBe(0)
      expect(report.steps.find((item) => item.id === 'checkout.pick')?.reason).toMatch(
        /^no travel group can be booked for 2: .*refused: its card payment is not a sandbox/,
      )
      expect(report.steps.find((item) => item.id === 'checkout.lock')?.status).toBe('skipped')
      expect(booked()).toBe(before)
    } finally {
      await backend.close()
    }
  })
})

describe('contract coverage from the smoke run, the mock journal and the contract probes', () => {
  it('prints the operations x statuses table by source', async () => {
    const coverage = path.join(tempDir, 'read', 'coverage.json')
    const io = createTestIo()
    const code = await runCli(['contract', 'coverage', '--from', coverage, '--journal', mock.url, '--probes'], io)
    expect(io.err()).toBe('')
    expect(code).toBe(0)
    const out = io.out()
    expect(out).toMatch(/^operation\s+200\s+201\s+204\s+400\s+401/m)
    // smoke (S), the mock's journal (J) and the probes (P) all read a booking; only the probes cancel one here
    expect(out).toMatch(/^getBooking\s+J?PS\s/m)
    expect(out).toMatch(/^updateGuardians\s+J?P\s/m)
    expect(out).toMatch(/^operations touched: 69\/69; declared \(operation, status\) pairs exercised: \d+\/\d+/m)
    expect(out).toMatch(/^by source: J journal \d+ operations, \d+ pairs; P probes 69 operations, \d+ pairs; S smoke \d+ operations, \d+ pairs$/m)
  })
})
