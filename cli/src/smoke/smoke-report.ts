import type { CallRecord } from './api-client.ts'
import type { CoverageEntry } from './coverage.ts'
import type { StepResult } from './step-runner.ts'
import type { Violation } from './violation.ts'
import { exitCodes, type ExitCode } from '../exit-codes.ts'

// The machine-readable result of a smoke run (--json prints it as is) and the
// rule that turns it into an exit code.

export type SmokeVerdict = 'passed' | 'violations' | 'nothing-testable' | 'misconfigured' | 'too-little-tested'

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
  steps: StepResult[]
  violations: Violation[]
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
  tested: number
  /** operations no call reached, with the reason of the step that would have */
  untested: Array<{ operationId: string; why: string }>
}

export type OperationTiming = { operationId: string; calls: number; p50Ms: number; p95Ms: number; maxMs: number }

/** An operation is tested when a call that was not a probe (a refusal the run asked for) got an answer from it. */
export function testedShare(operationIds: readonly string[], results: readonly StepResult[]): TestedShare {
  const answered = new Set(
    results
      .flatMap((result) => result.calls)
      .filter((call) => call.status !== undefined && !call.probe)
      .map((call) => call.operationId),
  )
  const untested = operationIds
    .filter((id) => !answered.has(id))
    .map((operationId) => {
      const step = results.find((result) => result.id === `reach:${operationId}`) ?? results.find((result) => result.id.endsWith(`:${operationId}`))
      return { operationId, why: step?.reason ?? 'no step calls it' }
    })
  return { operations: operationIds.length, tested: operationIds.length - untested.length, untested }
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
    return {
      verdict: 'violations',
      exitCode: exitCodes.violations,
      explanation: `${summary.violations} violation${summary.violations === 1 ? '' : 's'} in ${summary.failed} failed step${summary.failed === 1 ? '' : 's'}`,
    }
  }
  return { verdict: 'passed', exitCode: exitCodes.ok, explanation: `${summary.passed} steps passed, ${meaningful.length} calls answered as declared` }
}
