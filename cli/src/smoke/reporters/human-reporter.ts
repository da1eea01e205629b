import { coloursFor, type CliIo } from '../../cli-io.ts'
import type { SmokeReport } from '../smoke-report.ts'
import { formatViolation } from '../violation.ts'
import type { RunnerEvents, StepResult } from '../step-runner.ts'

// Step lines as they finish, with a progress counter, then the violations in
// full (with curl) and a summary. Colour only on a TTY without NO_COLOR.

export type HumanReporter = RunnerEvents & {
  header(lines: readonly string[]): void
  finish(report: SmokeReport): void
}

export function createHumanReporter(io: CliIo): HumanReporter {
  const colours = coloursFor(io.stdout, io.env)
  const out = (line: string) => io.stdout.write(`${line}\n`)
  const label = (result: StepResult) =>
    result.status === 'passed' ? colours.green('PASS') : result.status === 'failed' ? colours.red('FAIL') : colours.yellow('SKIP')

  return {
    header(lines) {
      for (const line of lines) out(colours.dim(line))
    },
    stepFinished(result, index, total) {
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
        if (violation.curl !== '') out(`${indent}  ${colours.dim(violation.curl)}`)
      }
    },
    finish(report) {
      for (const warning of report.warnings) out(colours.yellow(`warning: ${warning}`))
      const { summary } = report
      const verdict =
        report.verdict === 'passed'
          ? colours.green('PASSED')
          : report.verdict === 'violations'
            ? colours.red('VIOLATIONS')
            : colours.yellow(report.verdict.toUpperCase().replace(/-/g, ' '))
      if (report.violations.length > 0) {
        // Once more in one place, for a CI log read from the bottom.
        out('')
        out(colours.bold('violations:'))
        for (const violation of report.violations) out(`  ${violation.step ?? '?'}: ${colours.red(formatViolation(violation))}`)
      }
      if (report.variables.length > 0) {
        out('')
        out(colours.bold('to run the curl lines, export:'))
        for (const variable of report.variables) out(`  ${variable.how}`)
      }
      const { tested } = report
      if (tested.untested.length > 0) {
        out('')
        out(colours.bold(`untested operations (${tested.untested.length}), by why:`))
        const byWhy = new Map<string, string[]>()
        for (const item of tested.untested) byWhy.set(item.why, [...(byWhy.get(item.why) ?? []), item.operationId])
        for (const [why, operationIds] of byWhy) out(`  ${why}: ${colours.dim(operationIds.join(', '))}`)
      }
      const slowest = report.timings.slice(0, 5)
      if (slowest.length > 0) {
        out('')
        out(colours.bold('slowest operations (p50 / p95 / max, ms):'))
        for (const timing of slowest) {
          out(`  ${timing.operationId.padEnd(28)} ${timing.p50Ms} / ${timing.p95Ms} / ${timing.maxMs}  (${timing.calls} call${timing.calls === 1 ? '' : 's'})`)
        }
      }
      out('')
      out(
        `${colours.bold(verdict)}: ${summary.steps} steps, ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped; ${summary.violations} violations in ${summary.calls} calls (${report.durationMs} ms)`,
      )
      out(report.explanation)
      out(
        `tested ${tested.tested} of ${tested.operations} operations (${Math.round((100 * tested.tested) / Math.max(1, tested.operations))}%); seed ${report.seed} (--seed ${report.seed} replays the generated inputs)`,
      )
      out(colours.dim(formatTiming(report)))
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
