import { formatViolation } from '../../../contract/engine/violation.ts'
import { escapeXml } from './junit-reporter.ts'
import type { Finding } from './smoke-report.ts'
import type { CheckInfo } from './check-info.ts'
import type { CoverageEntry } from './coverage.ts'

// How the proxy says what it saw: a line per new finding as it happens, a count now and then, and at the
// end the JUnit view (one testcase per operation the traffic reached, failed when it has findings).

/** report: forward everything and report; errors: answer a broken request or answer with the finding itself. */
export type ProxyMode = 'report' | 'errors'

/** What the proxy saw, as --report writes it and `GET /__proxy/report` answers it. */
export type ProxyReport = {
  tool: 'travel-portal proxy'
  reportVersion: 1
  upstream: string
  mode: ProxyMode
  startedAt: string
  /** exchanges under the contract's base path, and those answered by the proxy itself (--errors) */
  exchanges: number
  refused: number
  violations: number
  findings: Finding[]
  /** the checks it made of every exchange: the request's reading, and the scans of every answer */
  checks: CheckInfo[]
  /** operations × statuses seen, as `contract coverage` reads them */
  coverage: CoverageEntry[]
  /** exchanges the mock answered instead of the upstream, by operation and why */
  fromMock: Array<{ operationId: string; why: string; count: number }>
}

export const findingLine = (finding: Finding): string =>
  `✗ ${finding.kind} ${finding.operationId}: expected ${finding.expected}; got ${finding.example.actual}${finding.example.sent === undefined ? '' : `\n    sent: ${finding.example.sent}`}\n    ${finding.example.curl}`

export const countLine = (report: ProxyReport): string =>
  `proxy: ${report.exchanges} exchanges, ${report.coverage.length} (operation, status) pairs, ${report.findings.length} findings (${report.violations} violations)${report.refused > 0 ? `, ${report.refused} answered by the proxy (--errors)` : ''}`

export function toProxyJunit(report: ProxyReport): string {
  const operations = [...new Set([...report.coverage.map((entry) => entry.operationId), ...report.findings.map((finding) => finding.operationId)])].sort()
  const failed = operations.filter((operationId) => report.findings.some((finding) => finding.operationId === operationId))
  const attributes = `name="travel-portal proxy" tests="${operations.length}" failures="${failed.length}" errors="0" skipped="0"`
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attributes}>`,
    `  <testsuite ${attributes} timestamp="${escapeXml(report.startedAt)}">`,
  ]
  for (const operationId of operations) {
    const findings = report.findings.filter((finding) => finding.operationId === operationId)
    const open = `    <testcase classname="proxy" name="${escapeXml(operationId)}"`
    if (findings.length === 0) {
      lines.push(`${open}/>`)
      continue
    }
    const first = findings[0] as Finding
    const details = findings.map((finding) => `${formatViolation(finding.example)} (×${finding.count})\n${finding.example.curl}`).join('\n\n')
    lines.push(
      `${open}>`,
      `      <failure message="${escapeXml(formatViolation(first.example))}" type="${escapeXml(first.kind)}">${escapeXml(details)}</failure>`,
      '    </testcase>',
    )
  }
  lines.push('  </testsuite>', '</testsuites>', '')
  return lines.join('\n')
}
