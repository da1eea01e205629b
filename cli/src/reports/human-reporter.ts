import { coloursFor, type CliIo } from '../base/cli-io.ts'
import { testedLine, verdictWord, type SmokeReport } from './smoke-report.ts'
import type { RunnerEvents, StepResult } from '../run/step-runner.ts'

// One screen by default: the findings (each with its curl), what did not work and why, the verdict and the coverage
// line. With --verbose, each step's line as it finishes too, with a progress counter and its violations in full.
// Colour only on a TTY without NO_COLOR.

export type HumanReporter = RunnerEvents & {
  header(lines: readonly string[]): void
  finish(report: SmokeReport): void
}

export function createHumanReporter(io: CliIo, { verbose = false }: { verbose?: boolean } = {}): HumanReporter {
  const colours = coloursFor(io.stdout, io.env)
  const out = (line: string) => io.stdout.write(`${line}\n`)
  const label = (result: StepResult) =>
    result.status === 'passed' ? colours.green('PASS') : result.status === 'failed' ? colours.red('FAIL') : colours.yellow('SKIP')

  return {
    header(lines) {
      for (const line of lines) out(colours.dim(line))
    },
    stepFinished(result, index, total) {
      if (!verbose) return
      const width = String(total).length
      const counter = `[${String(index + 1).padStart(width)}/${total}]`
      const lastCall = result.calls.at(-1)
      const call = lastCall === undefined ? '' : ` ${lastCall.method} ${new URL(lastCall.url).pathname} ${lastCall.status ?? 'no answer'}`
      const timing = result.status === 'skipped' ? '' : colours.dim(` (${result.durationMs} ms)`)
      out(`${counter} ${label(result)} ${result.id}${result.kind === 'read' ? '' : colours.dim(` [${result.kind}]`)}${call}${timing}`)
      if (result.status === 'skipped' && result.reason !== undefined) out(`${' '.repeat(counter.length)}      ${colours.dim(result.reason)}`)
      for (const note of result.notes ?? []) out(`${' '.repeat(counter.length)}      ${colours.dim(`note: ${note}`)}`)
      for (const violation of result.violations) {
        const indent = ' '.repeat(counter.length + 6)
        out(`${indent}${colours.red(`✗ ${violation.kind}`)} ${violation.operationId}${violation.status === undefined ? '' : ` -> ${violation.status}`}`)
        out(`${indent}  expected: ${violation.expected}`)
        out(`${indent}  actual:   ${violation.actual}`)
        if (violation.sent !== undefined) out(`${indent}  sent:     ${colours.dim(violation.sent)}`)
        if (violation.curl !== '') out(`${indent}  ${colours.dim(violation.curl)}`)
      }
    },
    finish(report) {
      for (const warning of report.warnings) out(colours.yellow(`warning: ${warning}`))
      const { summary } = report
      const word = verdictWord(report.verdict)
      const verdict = report.verdict === 'passed' ? colours.green(word) : report.verdict === 'violations' ? colours.red(word) : colours.yellow(word)
      if (report.findings.length > 0) {
        // Once more in one place, for a CI log read from the bottom: each broken rule once, with how often.
        out('')
        out(colours.bold(`findings (${report.findings.length}, from ${report.violations.length} violations):`))
        for (const finding of report.findings) {
          const times = finding.count === 1 ? '' : ` ×${finding.count}`
          out(`  ${colours.red(`[${finding.kind}] ${finding.operationId}`)}${times}: expected ${finding.expected}; got ${finding.example.actual}`)
          out(`    ${colours.dim(`in ${finding.steps.slice(0, 4).join(', ')}${finding.steps.length > 4 ? ` and ${finding.steps.length - 4} more` : ''}`)}`)
          if (finding.example.sent !== undefined) out(`    sent: ${colours.dim(finding.example.sent)}`)
          if (finding.example.curl !== '') out(`    ${colours.dim(finding.example.curl)}`)
        }
      }
      if (report.variables.length > 0) {
        out('')
        out(colours.bold('to run the curl lines, export:'))
        for (const variable of report.variables) out(`  ${variable.how}`)
      }
      const { tested } = report
      const byWhy = (title: string, items: ReadonlyArray<{ operationId: string; why: string }>) => {
        if (items.length === 0) return
        out('')
        out(colours.bold(`${title} (${items.length}), by why:`))
        const grouped = new Map<string, string[]>()
        for (const item of items) grouped.set(item.why, [...(grouped.get(item.why) ?? []), item.operationId])
        for (const [why, operationIds] of grouped) out(`  ${why}: ${colours.dim(operationIds.join(', '))}`)
      }
      byWhy('operations that answered only errors', tested.answeredOnlyErrors)
      byWhy('operations not tried', tested.untested)
      const slowest = report.timings.slice(0, 5)
      if (slowest.length > 0) {
        out('')
        out(colours.bold('slowest operations (p50 / p95 / max, ms):'))
        for (const timing of slowest) {
          out(`  ${timing.operationId.padEnd(28)} ${timing.p50Ms} / ${timing.p95Ms} / ${timing.maxMs}  (${timing.calls} call${timing.calls === 1 ? '' : 's'})`)
        }
      }
      if (report.halted !== undefined) out(colours.yellow(`the rest was skipped: ${report.halted}`))
      if (report.throttle.throttled > 0 || report.throttle.keptAnswers > 0) {
        out(
          `throttled ${report.throttle.throttled} time${report.throttle.throttled === 1 ? '' : 's'}, waited ${(report.throttle.waitedMs / 1000).toFixed(1)} s (Retry-After)${report.throttle.keptAnswers === 0 ? '' : `; ${report.throttle.keptAnswers} 429 answer${report.throttle.keptAnswers === 1 ? '' : 's'} not waited for, checked as answers`}`,
        )
      }
      out('')
      out(`${colours.bold(verdict)}: ${testedLine(tested)}`)
      out(
        `${report.explanation}; ${summary.steps} steps (${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped), ${summary.calls} calls; seed ${report.seed} (--seed ${report.seed} replays the generated inputs)`,
      )
      out(colours.dim(`${formatTiming(report)}${verbose ? '' : ` · each step's line: --verbose`}`))
    },
  }
}

/** `time: 0.41 s for 52 calls (HTTP 0.30 s, slowest getBooking 12 ms), read-only` */
export function formatTiming(report: SmokeReport): string {
  const calls = report.steps.flatMap((step) => step.calls)
  const httpMs = calls.reduce((sum, call) => sum + call.durationMs, 0)
  const slowest = calls.reduce<(typeof calls)[number] | undefined>(
    (worst, call) => (worst === undefined || call.durationMs > worst.durationMs ? call : worst),
    undefined,
  )
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  return `time: ${seconds(report.durationMs)} for ${calls.length} calls (HTTP ${seconds(httpMs)}${slowest === undefined ? '' : `, slowest ${slowest.operationId} ${slowest.durationMs} ms`}), ${report.write ? 'with --write' : 'read-only'}`
}
