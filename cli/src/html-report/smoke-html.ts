import { headerVariable } from '../option-parsers.ts'
import type { SmokeOptions } from '../smoke/smoke-options.ts'
import { testedLine, verdictWord, type SmokeReport } from '../smoke/report/smoke-report.ts'
import { smokeGrid } from './check-grid.ts'
import { renderHtmlReport } from './html-report.ts'

// A smoke run as the HTML report shows it. Settings name what was set, never a secret's value.

function smokeSettings(report: SmokeReport, options: SmokeOptions): Array<{ name: string; value: string }> {
  const settings = [
    { name: 'base URL', value: report.baseUrl },
    { name: 'contract', value: report.contract },
    { name: 'mode', value: report.write ? `--write (what the run made is marked ${report.marker} and canceled)` : 'read-only' },
    {
      name: 'signed in',
      value:
        options.email !== undefined
          ? `as ${options.email} (password masked)`
          : options.token !== undefined
            ? 'with --token (masked)'
            : 'anonymous: only public operations',
    },
    { name: 'second customer', value: options.otherEmail ?? 'none (the owner check needs --other-email)' },
    { name: 'seed', value: `${report.seed} (--seed ${report.seed} replays the generated inputs)` },
  ]
  if (options.agencyUrl !== undefined) settings.push({ name: 'agency URL', value: options.agencyUrl })
  for (const header of options.headers ?? [])
    settings.push({ name: `header ${header.name}`, value: `$${header.variable ?? headerVariable(header.name)} (masked)` })
  if (report.selection !== undefined) {
    settings.push({
      name: 'selection',
      value: `${report.selection.operations} operations; include ${report.selection.include.join(', ') || 'all'}; exclude ${report.selection.exclude.join(', ') || 'none'}`,
    })
  }
  if (options.requestsPerSecond !== undefined) settings.push({ name: 'rate limit', value: `${options.requestsPerSecond} requests/s` })
  if (options.maxResponseTimeMs !== undefined) settings.push({ name: 'max response time', value: `${options.maxResponseTimeMs} ms` })
  if (options.caCert !== undefined) settings.push({ name: 'CA certificate', value: options.caCert })
  if (options.insecure === true) settings.push({ name: 'TLS', value: '--insecure: any certificate accepted' })
  return settings
}

export function smokeHtml(report: SmokeReport, operationIds: readonly string[], options: SmokeOptions): string {
  const { summary } = report
  return renderHtmlReport({
    tool: 'travel-portal smoke',
    target: report.baseUrl,
    verdict: {
      word: verdictWord(report.verdict),
      tone: report.verdict === 'passed' ? 'pass' : report.verdict === 'violations' ? 'fail' : 'warn',
      explanation: report.explanation,
    },
    headline: testedLine(report.tested),
    counts: [
      { label: 'findings', value: report.findings.length },
      { label: 'violations', value: summary.violations },
      { label: 'steps passed', value: summary.passed },
      { label: 'failed', value: summary.failed },
      { label: 'skipped', value: summary.skipped },
      { label: 'calls', value: summary.calls },
      { label: 'seconds', value: (report.durationMs / 1000).toFixed(1) },
    ],
    grid: smokeGrid(report, operationIds),
    findings: report.findings,
    warnings: [...report.warnings, ...(report.halted === undefined ? [] : [`the rest was skipped: ${report.halted}`])],
    timings: report.timings,
    settings: smokeSettings(report, options),
    startedAt: report.startedAt,
  })
}
