import { describe, expect, it } from 'vitest'

import { escapeXml, toJunitXml } from '../../../cli/src/reports/junit-reporter.ts'
import type { SmokeReport } from '../../../cli/src/reports/smoke-report.ts'
import { formatViolation, type Violation } from '../../../contract/engine/violation.ts'

const violation: Violation = {
  kind: 'schema',
  operationId: 'getBooking',
  method: 'GET',
  url: 'http://127.0.0.1:3333/api/customer/booking/b-1?x=1&y=<2>',
  status: 200,
  expected: '$.status must be one of "pending", "confirmed"',
  actual: '"weird & <odd>"',
  curl: `curl 'http://127.0.0.1:3333/api/customer/booking/b-1' -H 'Authorization: Bearer ***'`,
  step: 'booking.detail',
}

const report: SmokeReport = {
  tool: 'travel-portal smoke',
  reportVersion: 1,
  baseUrl: 'http://127.0.0.1:3333/api/customer',
  contract: 'contract/openapi.yaml',
  marker: 'smoke-20261121T042305Z',
  write: false,
  checks: [],
  startedAt: '2026-11-21T04:23:05.000Z',
  durationMs: 1234,
  verdict: 'violations',
  exitCode: 1,
  explanation: '1 violation in 1 failed step',
  summary: { steps: 3, passed: 1, failed: 1, skipped: 1, violations: 1, calls: 2 },
  steps: [
    { id: 'auth.login', name: 'Login', kind: 'read', status: 'passed', durationMs: 40, calls: [], violations: [] },
    { id: 'booking.detail', name: 'Booking "detail"', kind: 'read', status: 'failed', reason: 'x', durationMs: 12, calls: [], violations: [violation] },
    {
      id: 'checkout.lock',
      name: 'Lock seats',
      kind: 'write',
      status: 'skipped',
      reason: 'writes data: pass --write to run',
      durationMs: 0,
      calls: [],
      violations: [],
    },
  ],
  violations: [violation],
  findings: [],
  throttle: { throttled: 0, waitedMs: 0, keptAnswers: 0 },
  warnings: [],
  coverage: [],
  seed: 42,
  tested: { operations: 3, tested: 2, answeredOnlyErrors: [], untested: [] },
  timings: [],
  variables: [],
}

/** Minimal well-formedness check: balanced tags, no stray & or <. */
function assertWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  const stack: string[] = []
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>/g
  let last = 0
  for (const match of body.matchAll(tag)) {
    const text = body.slice(last, match.index)
    expect(text, `text before <${match[2]}>`).not.toMatch(/<|&(?!(amp|lt|gt|quot|#39);)/)
    last = (match.index ?? 0) + match[0].length
    const [, closing, name, , selfClosing] = match
    if (selfClosing === '/') continue
    if (closing === '/') expect(stack.pop()).toBe(name)
    else stack.push(name as string)
  }
  expect(body.slice(last).trim()).toBe('')
  expect(stack).toEqual([])
}

describe('JUnit XML', () => {
  const xml = toJunitXml(report)

  it('is well-formed, with suite totals', () => {
    assertWellFormed(xml)
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="travel-portal smoke" tests="3" failures="1" errors="0" skipped="1" time="1.234">',
      ),
    ).toBe(true)
  })

  it('has one testcase per step', () => {
    expect(xml.match(/<testcase /g)).toHaveLength(3)
    expect(xml).toContain('<testcase classname="smoke.read" name="auth.login: Login" time="0.040"/>')
    expect(xml).toContain('<testcase classname="smoke.write" name="checkout.lock: Lock seats" time="0.000">')
    expect(xml).toContain('<skipped message="writes data: pass --write to run"/>')
  })

  it('puts the violation text in the failure message, escaped', () => {
    expect(xml).toContain(`<failure message="${escapeXml(formatViolation(violation))}" type="schema">`)
    expect(xml).toContain('name="booking.detail: Booking &quot;detail&quot;"')
    expect(xml).toContain('weird &amp; &lt;odd&gt;')
    expect(xml).toContain('Bearer ***')
  })

  it('drops characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\u001bc<')).toBe('abc&lt;')
  })
})
