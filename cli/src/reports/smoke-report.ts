import type { CallRecord } from '../transport/api-types.ts'
import type { ThrottleStats } from '../transport/throttled-fetch.ts'
import type { CoverageEntry } from './coverage.ts'
import { writeGateReason, type StepResult } from '../run/step-runner.ts'
import type { CheckInfo } from './check-info.ts'
import type { Violation } from '../../../contract/engine/violation.ts'
import { exitCodes, type ExitCode } from '../base/exit-codes.ts'

// The machine-readable result of a smoke run (--json prints it as is) and the
// rule that turns it into an exit code.

export type SmokeVerdict = 'passed' | 'violations' | 'nothing-testable' | 'misconfigured' | 'too-little-tested'

/** The verdict as every report writes it: PASSED, VIOLATIONS, NOTHING TESTABLE… */
export const verdictWord = (verdict: SmokeVerdict): string => (verdict === 'passed' ? 'PASSED' : verdict.toUpperCase().replace(/-/g, ' '))

export type SmokeSummary = {
  steps: number
  passed: number
  failed: number
  skipped: number
  violations: number
  calls: number
}

export type SmokeReport = {
  tool: 'travel-portal smoke'
  reportVersion: 1
  baseUrl: string
  contract: string
  marker: string
  write: boolean
  startedAt: string
  durationMs: number
  verdict: SmokeVerdict
  exitCode: ExitCode
  /** one sentence on why the verdict is what it is */
  explanation: string
  summary: SmokeSummary
  /** the catalogue of checks the run had (`--include/--exclude` chose among them; the response check always runs) */
  checks: CheckInfo[]
  steps: StepResult[]
  violations: Violation[]
  /** the violations de-duplicated: one per operation, kind and rule (array indexes aside), with a count */
  findings: Finding[]
  /** 429s waited out (Retry-After) and how long, and those kept as answers */
  throttle: ThrottleStats
  /** why the steps after some point were skipped (--max-failures), if they were */
  halted?: string
  /** the operations checked and counted (--include/--exclude), when not all */
  selection?: { include: string[]; exclude: string[]; operations: number }
  warnings: string[]
  coverage: CoverageEntry[]
  /** replays the generated inputs exactly: `--seed <seed>` */
  seed: number
  tested: TestedShare
  timings: OperationTiming[]
  /** shell variables the curl lines name, and how to set each */
  variables: Array<{ name: string; how: string }>
}

export type TestedShare = {
  operations: number
  /** operations that answered a declared success with valid data at least once */
  tested: number
  /** operations that answered, but only ever with errors (refusals the run asked for aside), and why */
  answeredOnlyErrors: Array<{ operationId: string; why: string }>
  /** operations no call reached, with the reason of the step that would have */
  untested: Array<{ operationId: string; why: string }>
}

export type OperationTiming = { operationId: string; calls: number; p50Ms: number; p95Ms: number; maxMs: number }

/** A call that was not a refusal the run asked for, and got an answer from the API itself. */
const answeredOnItsOwn = (call: CallRecord) => call.status !== undefined && !call.probe && call.external !== true
/** A declared success (2xx/3xx) whose answer broke no rule: the operation works, at least once. */
const succeeded = (call: CallRecord) => answeredOnItsOwn(call) && (call.status as number) < 400 && call.violationCount === 0

/**
 * An operation is tested when it answered a declared success with valid data at least once [the
 * operation works]; one that only ever answered errors is listed apart with the first error it gave
 * and where, so a run that only collected 404s can never read as a pass for that operation.
 */
export function testedShare(operationIds: readonly string[], results: readonly StepResult[]): TestedShare {
  const calls = results.flatMap((result) => result.calls.map((call) => ({ call, step: result.id })))
  const worked = new Set(calls.filter(({ call }) => succeeded(call)).map(({ call }) => call.operationId))
  const answeredOnlyErrors: TestedShare['answeredOnlyErrors'] = []
  const untested: TestedShare['untested'] = []
  for (const operationId of operationIds) {
    if (worked.has(operationId)) continue
    const errors = calls.filter(({ call }) => call.operationId === operationId && answeredOnItsOwn(call))
    // The check that tries the operation with valid data says most about why it did not work.
    const first = errors.find(({ step }) => step === `reach:${operationId}`) ?? errors.find(({ call }) => call.explore !== true) ?? errors[0]
    if (first !== undefined) {
      const { call, step } = first
      const answer =
        call.status !== undefined && call.status < 400
          ? `${call.status} with answers that break the contract`
          : `${call.status}${call.code === undefined ? '' : ` ${call.code}`}`
      answeredOnlyErrors.push({ operationId, why: `${answer} to ${call.method} ${new URL(call.url).pathname} (${step})` })
      continue
    }
    const step = results.find((result) => result.id === `reach:${operationId}`) ?? results.find((result) => result.id.endsWith(`:${operationId}`))
    untested.push({ operationId, why: step?.reason ?? 'no step calls it' })
  }
  return { operations: operationIds.length, tested: operationIds.filter((id) => worked.has(id)).length, answeredOnlyErrors, untested }
}

/**
 * The run's headline share: `53 of 69 operations worked · 14 answered only errors · 2 not tried`, and in a
 * read-only run how many of those not tried change data.
 */
export function testedLine(tested: TestedShare): string {
  const needWrite = tested.untested.filter((item) => item.why === writeGateReason).length
  const parts = [`${tested.tested} of ${tested.operations} operations worked`]
  if (tested.answeredOnlyErrors.length > 0) parts.push(`${tested.answeredOnlyErrors.length} answered only errors`)
  if (tested.untested.length > 0) parts.push(`${tested.untested.length} not tried${needWrite === 0 ? '' : ` (${needWrite} change data: --write)`}`)
  return parts.join(' · ')
}

export type Finding = {
  operationId: string
  kind: Violation['kind']
  expected: string
  /** how many violations say this */
  count: number
  /** the steps they came from, in run order */
  steps: string[]
  /** the first of them, with its curl and what the backend sent */
  example: Violation
}

/** One rule broken the same way on one operation is one finding, however many calls showed it. */
/** What makes two violations one finding: the operation, the kind and the rule (array indexes folded). */
export function findingKey(violation: Violation): { key: string; rule: string } {
  const rule = violation.expected.replace(/\[\d+\]/g, '[]')
  return { key: JSON.stringify([violation.operationId, violation.kind, rule]), rule }
}

export function findingsOf(violations: readonly Violation[]): Finding[] {
  const byKey = new Map<string, Finding>()
  for (const violation of violations) {
    const { key, rule } = findingKey(violation)
    const found = byKey.get(key)
    if (found === undefined) {
      byKey.set(key, { operationId: violation.operationId, kind: violation.kind, expected: rule, count: 1, steps: [violation.step ?? '?'], example: violation })
      continue
    }
    found.count += 1
    if (violation.step !== undefined && !found.steps.includes(violation.step)) found.steps.push(violation.step)
  }
  return [...byKey.values()]
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

/** p50/p95/max per operation over every answered call, slowest p95 first. */
export function operationTimings(calls: readonly CallRecord[]): OperationTiming[] {
  const byOperation = new Map<string, number[]>()
  for (const call of calls) {
    if (call.status === undefined || call.external === true) continue
    byOperation.set(call.operationId, [...(byOperation.get(call.operationId) ?? []), call.durationMs])
  }
  return [...byOperation.entries()]
    .map(([operationId, durations]) => {
      const sorted = [...durations].sort((a, b) => a - b)
      return { operationId, calls: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1) ?? 0 }
    })
    .sort((a, b) => b.p95Ms - a.p95Ms)
}

/**
 * A finding per operation with a call slower than `maxMs` [max_response_time],
 * as a result of its own so it shows like any other failed check.
 */
export function responseTimeResult(calls: readonly CallRecord[], maxMs: number): StepResult {
  const violations: Violation[] = []
  for (const timing of operationTimings(calls)) {
    if (timing.maxMs <= maxMs) continue
    const slowest = calls.filter((call) => call.operationId === timing.operationId && call.status !== undefined).sort((a, b) => b.durationMs - a.durationMs)[0]!
    const slow = calls.filter((call) => call.operationId === timing.operationId && call.durationMs > maxMs).length
    violations.push({
      kind: 'step',
      operationId: timing.operationId,
      method: slowest.method,
      url: slowest.url,
      ...(slowest.status === undefined ? {} : { status: slowest.status }),
      expected: `every answer within ${maxMs} ms (--max-response-time)`,
      actual: `${slow} of ${timing.calls} slower; p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms, max ${timing.maxMs} ms`,
      curl: slowest.curl,
      step: 'response-time',
    })
  }
  return {
    id: 'response-time',
    name: `Every answer within ${maxMs} ms`,
    kind: 'probe',
    status: violations.length === 0 ? 'passed' : 'failed',
    ...(violations.length === 0 ? {} : { reason: `${violations.length} operation${violations.length === 1 ? '' : 's'} slower than ${maxMs} ms` }),
    durationMs: 0,
    calls: [],
    violations,
  }
}

export function summarise(results: readonly StepResult[]): SmokeSummary {
  return {
    steps: results.length,
    passed: results.filter((result) => result.status === 'passed').length,
    failed: results.filter((result) => result.status === 'failed').length,
    skipped: results.filter((result) => result.status === 'skipped').length,
    violations: results.reduce((sum, result) => sum + result.violations.length, 0),
    calls: results.reduce((sum, result) => sum + result.calls.length, 0),
  }
}

/**
 * 2 when nothing could really be tested: no call was made, or every call
 * (negative probes aside) was refused at the socket or answered 401/404, which
 * means a wrong URL, a wrong tenant or bad credentials rather than a verdict
 * on the API. That takes precedence over violations, which would only be noise
 * from the misconfiguration. Otherwise 1 on any violation, else 0.
 */
export function judge(results: readonly StepResult[]): { verdict: SmokeVerdict; exitCode: ExitCode; explanation: string } {
  const calls: CallRecord[] = results.flatMap((result) => result.calls).filter((call) => !call.probe && call.external !== true)
  const answered = calls.filter((call) => call.status !== undefined)
  const meaningful = answered.filter((call) => call.status !== 401 && call.status !== 404)
  if (meaningful.length === 0) {
    let explanation: string
    if (calls.length === 0) explanation = 'no step made a call (all skipped)'
    else if (answered.length === 0) explanation = `every call failed without an answer (${calls[0]?.error ?? 'transport error'}); is the server running?`
    else explanation = `every call answered 401 or 404 (${answered.length} calls); check --base-url, the tenant and the credentials`
    return { verdict: 'nothing-testable', exitCode: exitCodes.usage, explanation }
  }
  const summary = summarise(results)
  if (summary.violations > 0 || summary.failed > 0) {
    const findings = findingsOf(results.flatMap((result) => result.violations))
    const operations = new Set(findings.map((finding) => finding.operationId)).size
    return {
      verdict: 'violations',
      exitCode: exitCodes.violations,
      explanation: `${findings.length} finding${findings.length === 1 ? '' : 's'} in ${operations} operation${operations === 1 ? '' : 's'} (${summary.violations} violation${summary.violations === 1 ? '' : 's'} in ${summary.failed} failed step${summary.failed === 1 ? '' : 's'})`,
    }
  }
  return { verdict: 'passed', exitCode: exitCodes.ok, explanation: 'no violation' }
}
