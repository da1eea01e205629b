import type { ProxyReport } from '../proxy-report.ts'
import { proxyGrid } from './check-grid.ts'
import { renderHtmlReport } from './html-report.ts'

// A proxy session as the HTML report shows it: what the traffic reached, and what broke the contract.

export function proxyHtml(report: ProxyReport, operationIds: readonly string[], settings: Array<{ name: string; value: string }>): string {
  const seen = new Set(report.coverage.map((entry) => entry.operationId)).size
  const operations = new Set(report.findings.map((finding) => finding.operationId)).size
  const verdict: Parameters<typeof renderHtmlReport>[0]['verdict'] =
    report.findings.length > 0
      ? {
          word: 'VIOLATIONS',
          tone: 'fail',
          explanation: `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'} in ${operations} operation${operations === 1 ? '' : 's'}`,
        }
      : report.exchanges === 0
        ? { word: 'NOTHING SEEN', tone: 'warn', explanation: 'no exchange under the API passed through the proxy' }
        : { word: 'PASSED', tone: 'pass', explanation: 'no violation in the traffic seen' }
  return renderHtmlReport({
    tool: 'travel-portal proxy',
    target: report.upstream,
    verdict,
    headline: `${seen} of ${operationIds.length} operations reached by the traffic · ${report.exchanges} exchanges`,
    counts: [
      { label: 'findings', value: report.findings.length },
      { label: 'violations', value: report.violations },
      { label: 'exchanges', value: report.exchanges },
      { label: 'answered by the proxy (--errors)', value: report.refused },
      { label: '(operation, status) pairs', value: report.coverage.length },
    ],
    grid: proxyGrid(report, operationIds),
    findings: report.findings,
    warnings: report.fromMock.map((entry) => `${entry.operationId}: ${entry.count} answered by the mock (${entry.why})`),
    settings,
    startedAt: report.startedAt,
  })
}
