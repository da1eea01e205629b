import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { runCli } from '../../../cli/src/main.ts'
import type { SmokeReport } from '../../../cli/src/reports/smoke-report.ts'
import { behaviourFaults, combine, type BehaviourFault } from '../fixtures/behaviour-faults.ts'
import { startBrokenBackend } from '../fixtures/broken-backend.ts'
import { startTestMock, type TestMock } from '../helpers/mock-server.ts'
import { createTestIo } from '../helpers/test-io.ts'

// Each test here makes whole conformance runs (hundreds of requests): its deadline is for a failure's report, not a
// claim on speed (a busy 2-core machine takes three times as long).
vi.setConfig({ testTimeout: 90_000 })

// Backends whose every answer is schema-valid but whose behaviour is wrong (fixtures/behaviour-faults.ts):
// what was written does not read back, a retry books twice, a customer sets what they must not, an answer
// shows a secret, an error shows the backend's insides, a malformed body crashes or is taken, a CDN may keep
// one customer's answer, a child is found under another parent, an odd id is answered, a canceled booking
// takes a write, a list keeps what was changed. Each alone, then several at once: each named with its
// operation and check, exit 1.

const ana = ['--email', 'ana.garcia@example.com', '--password', 'viaje2026']
const other = ['--other-email', 'nuevo@example.com', '--other-password', 'viaje2026']

let mock: TestMock

beforeAll(async () => {
  mock = await startTestMock()
  expect(await runCli(['settings', '--throttling', 'off', '--mock-url', mock.url], createTestIo())).toBe(0)
})

afterAll(async () => {
  await mock.dispose()
})

async function smokeJson(args: readonly string[]): Promise<{ code: number; report: SmokeReport }> {
  const io = createTestIo()
  // the mock's throttling is off here (see beforeAll): its missing brake is not what these tests are about
  const code = await runCli(['smoke', ...args, '--exclude', 'sign-in-brake', '--json'], io)
  return { code, report: JSON.parse(io.out()) as SmokeReport }
}

const reported = (report: SmokeReport, fault: BehaviourFault) =>
  report.violations.filter(
    (violation) =>
      violation.operationId === fault.operationId &&
      violation.kind === fault.kind &&
      (fault.check === undefined || violation.step?.startsWith(`${fault.check}:`)),
  )

const findingsLine = (report: SmokeReport) =>
  JSON.stringify(report.findings.map((finding) => [finding.operationId, finding.kind, finding.expected, finding.example.actual]))

describe('the correct mock', () => {
  it('passes every new check with --write (exit 0), and each of them ran', async () => {
    const { code, report } = await smokeJson(['--base-url', mock.url, ...ana, ...other, '--write'])
    expect(report.violations, findingsLine(report)).toEqual([])
    expect(code).toBe(0)
    const passed = (prefix: string) => report.steps.filter((step) => step.id.startsWith(prefix) && step.status === 'passed').map((step) => step.id)
    expect(passed('round-trip:')).toEqual(
      expect.arrayContaining([
        'round-trip:checkout',
        'round-trip:updateMemberData',
        'round-trip:updateDni',
        'round-trip:updatePassport',
        'round-trip:updateEmergencyContact',
        'round-trip:updateBuyer',
        'round-trip:updateBankAccount',
        'round-trip:updateProfile',
        'round-trip:updateGuardians',
      ]),
    )
    expect(passed('idempotency:')).toEqual(expect.arrayContaining(['idempotency:checkout', 'idempotency:updateDni', 'idempotency:updateProfile']))
    expect(passed('read-only-field:')).toEqual(
      expect.arrayContaining(['read-only-field:updateProfile', 'read-only-field:updateMemberData', 'read-only-field:updateBuyer']),
    )
    expect(passed('malformed-body:').length).toBeGreaterThan(25)
    // generated valid bodies for the PUTs on the run's own booking
    expect(passed('positive:')).toEqual(
      expect.arrayContaining(['positive:updateMemberData', 'positive:updateDni', 'positive:updatePassport', 'positive:updateBuyer']),
    )
    // the document number was sent in lower case: it reads back upper-cased, as the contract's x-normalised says
    expect(report.steps.find((step) => step.id === 'round-trip:updateDni')?.notes).toEqual(['5 fields read back through getBooking'])
  })
})

describe('each fault alone', () => {
  it.each(behaviourFaults.map((fault) => [`${fault.operationId} ${fault.check ?? fault.kind}: ${fault.what}`, fault] as const))('%s', async (_name, fault) => {
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...fault.make() })
    try {
      const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other, '--write', '--include', fault.operationId])
      expect(reported(report, fault).length, findingsLine(report)).toBeGreaterThan(0)
      expect(code).toBe(1)
    } finally {
      await backend.close()
    }
  })

  it('a finding says the operation, the field, what was sent and what came back; JUnit names the check', async () => {
    const fault = behaviourFaults.find((item) => item.operationId === 'updateDni') as BehaviourFault
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...fault.make() })
    const junit = path.join(await mkdtemp(path.join(tmpdir(), 'smoke-junit-')), 'run.xml')
    try {
      const { report } = await smokeJson(['--base-url', backend.url, ...ana, '--write', '--include', 'updateDni', '--junit', junit])
      const finding = report.findings.find((item) => item.kind === 'round-trip')
      expect(finding?.operationId).toBe('updateDni')
      expect(finding?.example.actual).toMatch(
        /^\$\.expiry_date sent "\d{4}-12-31", read "\d{4}-12-30" at \$\.members\[\d\]\.documents\[\d\]\.expiry_date; \$\.issue_date sent "\d{4}-01-01", read "\d{4}-12-31"/,
      )
      expect(await readFile(junit, 'utf8')).toMatch(
        /<testcase classname="smoke\.write" name="round-trip:updateDni: updateDni: what it wrote reads back as sent" time="[\d.]+">\s*<failure message="\[round-trip\] updateDni [^"]*" type="round-trip">/,
      )
    } finally {
      await backend.close()
    }
  })

  it("mass assignment on the customer's own profile is undone at once, and said so", async () => {
    const fault = behaviourFaults.find((item) => item.operationId === 'updateProfile') as BehaviourFault
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...fault.make() })
    try {
      const { report } = await smokeJson(['--base-url', backend.url, ...ana, '--write', '--include', 'updateProfile'])
      const finding = report.findings.find((item) => item.kind === 'read-only-field')
      expect(finding?.example.actual).toBe('email set from "ana.garcia@example.com" to "ana.garcia@example.com-smoke"; undone at once with the same request')
      const profile = await fetch(`${backend.url}/auth/login`, {
        method: 'POST',
        headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
      })
      expect(((await profile.json()) as { user: { email: string } }).user.email).toBe('ana.garcia@example.com')
    } finally {
      await backend.close()
    }
  })
})

describe('several faults at once', () => {
  it('five faults in five operations: five findings, each named with its operation and check', async () => {
    const five = ['updateDni', 'checkout', 'updateProfile', 'listBookings', 'getBooking'].map(
      (operationId) => behaviourFaults.find((fault) => fault.operationId === operationId) as BehaviourFault,
    )
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...combine(five) })
    try {
      const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other, '--write'])
      expect(code).toBe(1)
      for (const fault of five) expect(reported(report, fault).length, `${fault.operationId}: ${findingsLine(report)}`).toBeGreaterThan(0)
      expect(new Set(report.findings.map((finding) => `${finding.operationId} ${finding.kind}`))).toEqual(
        new Set(['updateDni round-trip', 'checkout idempotency', 'updateProfile read-only-field', 'listBookings exposure', 'getBooking error-leak']),
      )
    } finally {
      await backend.close()
    }
  })
})

describe('the checks of caching, hierarchy, odd and loose ids, canceled bookings and lists, all at once', () => {
  it('eight faults: each found, named with its operation and check, and nothing else', async () => {
    const eight = (
      [
        ['listBookings', 'cache'],
        ['getAgency', 'cache'],
        ['checkout', 'read-only-field'],
        ['renderInvoice', 'hierarchy'],
        ['getBookingPayments', 'odd-id'],
        ['getBooking', 'loose-id'],
        ['updateBuyer', 'use-after-cancel'],
        ['cancelBooking', 'list-consistency'],
      ] as const
    ).map(
      ([operationId, check]) => behaviourFaults.find((fault) => fault.operationId === operationId && (fault.check ?? fault.kind) === check) as BehaviourFault,
    )
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...combine(eight) })
    try {
      const { code, report } = await smokeJson(['--base-url', backend.url, ...ana, ...other, '--write'])
      expect(code).toBe(1)
      for (const fault of eight) expect(reported(report, fault).length, `${fault.operationId}: ${findingsLine(report)}`).toBeGreaterThan(0)
      // the stale list shows on every write after the first payment too (status pending where getBooking reads
      // confirmed): each such finding names the list and the field
      const stale = report.findings.filter((finding) => finding.kind === 'list-consistency')
      expect(stale.map((finding) => finding.example.actual)).toEqual(
        stale.map(() => expect.stringMatching(/^listBookings shows bkg-\S+ with status "(pending|confirmed)" where getBooking reads "(confirmed|canceled)"/)),
      )
      expect(
        new Set(report.findings.filter((finding) => finding.kind !== 'list-consistency').map((finding) => `${finding.operationId} ${finding.kind}`)),
      ).toEqual(
        new Set([
          'listBookings cache',
          'getAgency cache',
          'checkout read-only-field',
          'renderInvoice probe',
          'getBookingPayments probe',
          'getBooking loose-id',
          'updateBuyer probe',
        ]),
      )
    } finally {
      await backend.close()
    }
  })
})

describe('checks by name', () => {
  it('--exclude exposure leaves the scan out; --include exposure runs it alone (with the journey), and the HAR names the check of each call', async () => {
    const fault = behaviourFaults.find((item) => item.operationId === 'getProfile') as BehaviourFault
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...fault.make() })
    const har = path.join(await mkdtemp(path.join(tmpdir(), 'smoke-checks-')), 'run.har')
    try {
      const without = await smokeJson(['--base-url', backend.url, ...ana, '--exclude', 'exposure'])
      expect(without.report.violations).toEqual([])
      expect(without.code).toBe(0)
      const only = await smokeJson(['--base-url', backend.url, ...ana, '--include', 'exposure', '--har', har])
      expect(only.code).toBe(1)
      expect(new Set(only.report.findings.map((finding) => `${finding.operationId} ${finding.kind}`))).toEqual(new Set(['getProfile exposure']))
      // no per-operation check ran: only the journey and the scan of its answers
      expect(only.report.steps.filter((step) => step.id.includes(':') && !step.id.startsWith('probe.'))).toEqual([])
      const entries = (JSON.parse(await readFile(har, 'utf8')) as { log: { entries: Array<{ comment: string }> } }).log.entries
      expect(entries.map((entry) => entry.comment)).toContain('getProfile (auth.profile)')
    } finally {
      await backend.close()
    }
  })

  it('a name that is no operation, tag or check is refused with what it may be', async () => {
    const io = createTestIo()
    expect(await runCli(['smoke', '--base-url', mock.url, '--include', 'round-trips'], io)).toBe(2)
    expect(io.err()).toContain('--include/--exclude round-trips: no operation of the contract has that operationId or tag, and no check has that name')
  })
})
