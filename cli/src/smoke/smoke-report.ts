import type { CallRecord } from './api-client.ts'
import type { CoverageEntry } from './coverage.ts'
import type { StepResult } from './step-runner.ts'
import type { Violation } from './violation.ts'
import { exitCodes, type ExitCode } from '../exit-codes.ts'

// The machine-readable result of a smoke run (--json prints it as is) and the
// rule that turns it into an exit code.

export type SmokeVerdict = 'passed' | 'violations' | 'nothing-testable'

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
