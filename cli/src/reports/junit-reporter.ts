import { formatViolation } from '../../../contract/engine/violation.ts'
import type { SmokeReport } from './smoke-report.ts'
import { escapeMarkup } from '../../../core/markup.ts'

// JUnit XML as CI systems read it: one <testcase> per step, <failure> with the
// violation text as message, <skipped> with the reason.

/** Text for the report's XML: escaped, without the control characters XML 1.0 cannot carry even escaped. */
export const escapeXml = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  escapeMarkup(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))

const seconds = (ms: number) => (ms / 1000).toFixed(3)

export function toJunitXml(report: SmokeReport): string {
  const { summary } = report
  const suiteAttributes = `name="travel-portal smoke" tests="${summary.steps}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(report.durationMs)}"`
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${suiteAttributes}>`,
    `  <testsuite ${suiteAttributes} timestamp="${escapeXml(report.startedAt)}">`,
    '    <properties>',
    `      <property name="baseUrl" value="${escapeXml(report.baseUrl)}"/>`,
    `      <property name="marker" value="${escapeXml(report.marker)}"/>`,
    `      <property name="write" value="${String(report.write)}"/>`,
    '    </properties>',
  ]
  for (const step of report.steps) {
    const open = `    <testcase classname="smoke.${escapeXml(step.kind)}" name="${escapeXml(`${step.id}: ${step.name}`)}" time="${seconds(step.durationMs)}"`
    const notes = step.notes ?? []
    if (step.status === 'passed' && notes.length === 0) {
      lines.push(`${open}/>`)
      continue
    }
    lines.push(`${open}>`)
    if (step.status === 'passed') {
      lines.push(`      <system-out>${escapeXml(notes.join('\n'))}</system-out>`, '    </testcase>')
      continue
    }
    if (step.status === 'skipped') {
      lines.push(`      <skipped message="${escapeXml(step.reason ?? 'skipped')}"/>`)
    } else {
      // Most JUnit readers take one <failure> per testcase: the first
      // violation is the message, all of them (with curl) are the body.
      const first = step.violations[0]
      const message = first === undefined ? (step.reason ?? 'failed') : formatViolation(first)
      const more = step.violations.length > 1 ? ` (+${step.violations.length - 1} more)` : ''
      const details = step.violations
        .map((violation) =>
          [formatViolation(violation), violation.sent === undefined ? '' : `sent: ${violation.sent}`, violation.curl].filter((part) => part !== '').join('\n'),
        )
        .join('\n\n')
      lines.push(`      <failure message="${escapeXml(message + more)}" type="${escapeXml(first?.kind ?? 'step')}">${escapeXml(details)}</failure>`)
    }
    if (notes.length > 0) lines.push(`      <system-out>${escapeXml(notes.join('\n'))}</system-out>`)
    lines.push('    </testcase>')
  }
  lines.push('  </testsuite>', '</testsuites>', '')
  return lines.join('\n')
}
