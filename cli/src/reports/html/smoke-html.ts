import { testedLine, verdictWord, type SmokeReport } from '../smoke-report.ts'
import { smokeGrid } from './check-grid.ts'
import { renderHtmlReport } from './html-report.ts'

// A smoke run as the HTML report shows it, with the settings the run names (smoke/smoke-options.ts's smokeSettings).

export function smokeHtml(report: SmokeReport, operationIds: readonly string[], settings: ReadonlyArray<{ name: string; value: string }>): string {
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
    settings: [...settings],
    startedAt: report.startedAt,
  })
}
