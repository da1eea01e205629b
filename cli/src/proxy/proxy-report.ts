import { formatViolation } from '../../../contract/engine/violation.ts'
import { escapeXml } from '../smoke/report/junit-reporter.ts'
import type { Finding } from '../smoke/report/smoke-report.ts'
import type { ProxyReport } from './proxy-server.ts'

// How the proxy says what it saw: a line per new finding as it happens, a count now and then, and at the
// end the JUnit view (one testcase per operation the traffic reached, failed when it has findings).

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
