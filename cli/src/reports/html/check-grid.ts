import type { ViolationKind } from '../../../../contract/engine/violation.ts'
import { checkOfStep, type CheckInfo } from '../check-info.ts'
import type { ProxyReport } from '../proxy-report.ts'
import type { Finding, SmokeReport } from '../smoke-report.ts'

// The operations × checks grid an HTML report shows: for each operation and each check, whether it
// passed, failed (and which findings say so), was not tried (and why), or does not apply. Data only; the
// HTML renders it. Every finding lands in exactly one cell, so the grid's failures are the report's findings.

export type CellState = 'passed' | 'failed' | 'not-tried' | 'not-applicable'

export type GridCell = {
  state: CellState
  /** not tried: why (a step's reason); failed: the first finding's rule */
  why?: string
  /** failed: indexes into the report's findings */
  findings?: number[]
}

/** A column: a check the report ran (the proxy's reading of requests among them), or the customer journey (its steps are not one check's). */
export type GridColumn = { name: string; proves: string }

/** An operation that did not work in the run: it answered only errors, or no call reached it; and why. */
export type DidNotWork = { state: 'errors-only' | 'not-tried'; why: string }

export type CheckGrid = {
  columns: GridColumn[]
  /** `didNotWork`: the row is marked apart, whatever its cells (a check may pass on the error answers it saw) */
  rows: Array<{ operationId: string; cells: GridCell[]; didNotWork?: DidNotWork }>
}

const journeyColumn: GridColumn = { name: 'journey', proves: "the customer journey and its probes, in the portal's order, give what the next step needs" }
const column = ({ name, proves }: CheckInfo): GridColumn => ({ name, proves })

/** The scans of every answer have a column of their own, whatever step saw the answer: a finding of theirs is of their kind. */
const isScan = (checks: readonly CheckInfo[], kind: ViolationKind) => checks.some((check) => check.runs === 'every answer' && check.name === kind)
/** Kinds a journey step raises about the journey itself rather than about an answer's form. */
const journeyKinds: ReadonlySet<ViolationKind> = new Set(['step', 'probe', 'transport'])

/** A smoke finding's column: a scan's own, else its step's check, else the journey's or the answers' check. */
export function smokeColumnOf(finding: Finding, checks: readonly CheckInfo[]): string {
  if (isScan(checks, finding.kind)) return finding.kind
  const check = checkOfStep(finding.steps[0] ?? '', checks)
  if (check !== undefined) return check.name
  return journeyKinds.has(finding.kind) ? 'journey' : 'response'
}

/** A proxy finding's column: the request's, a scan's own, else the answer's (an upstream that timed out included). */
export function proxyColumnOf(finding: Finding, checks: readonly CheckInfo[]): string {
  return isScan(checks, finding.kind) ? finding.kind : 'response'
}

function failedCells(findings: readonly Finding[], columnOf: (finding: Finding) => string): Map<string, GridCell> {
  const cells = new Map<string, GridCell>()
  findings.forEach((finding, index) => {
    const key = JSON.stringify([finding.operationId, columnOf(finding)])
    const cell = cells.get(key)
    if (cell === undefined) cells.set(key, { state: 'failed', why: finding.expected, findings: [index] })
    else cell.findings!.push(index)
  })
  return cells
}

/** A smoke run's grid: the journey, then the catalogue's checks, for every operation the run was about. */
export function smokeGrid(report: SmokeReport, operationIds: readonly string[]): CheckGrid {
  const columns = [journeyColumn, ...report.checks.map(column)]
  const failed = failedCells(report.findings, (finding) => smokeColumnOf(finding, report.checks))
  const excluded = new Set(report.selection?.exclude ?? [])
  const answered = new Set(report.timings.map((timing) => timing.operationId))
  const journeyCalls = new Set(
    report.steps.filter((step) => checkOfStep(step.id, report.checks) === undefined).flatMap((step) => step.calls.map((call) => call.operationId)),
  )
  // Steps of a check are named `<check>:<operationId>` (the method check's are named by path; they show
  // in their operations' cells through the calls they made).
  const stepsOf = new Map<string, SmokeReport['steps']>()
  for (const step of report.steps) {
    const check = checkOfStep(step.id, report.checks)
    if (check === undefined) continue
    const operations = new Set([step.id.slice(check.name.length + 1), ...step.calls.map((call) => call.operationId)])
    for (const operationId of operations) {
      const key = JSON.stringify([operationId, check.name])
      stepsOf.set(key, [...(stepsOf.get(key) ?? []), step])
    }
  }
  const didNotWork = new Map<string, DidNotWork>([
    ...report.tested.untested.map(({ operationId, why }) => [operationId, { state: 'not-tried', why }] as const),
    ...report.tested.answeredOnlyErrors.map(({ operationId, why }) => [operationId, { state: 'errors-only', why }] as const),
  ])
  const rows = rowsFor(operationIds, report.findings).map((operationId) => ({
    operationId,
    ...(didNotWork.has(operationId) ? { didNotWork: didNotWork.get(operationId)! } : {}),
    cells: columns.map((column): GridCell => {
      const found = failed.get(JSON.stringify([operationId, column.name]))
      if (found !== undefined) return found
      if (column.name === 'journey') return journeyCalls.has(operationId) ? { state: 'passed' } : { state: 'not-applicable' }
      const info = report.checks.find((check) => check.name === column.name)
      if (info?.runs === 'every answer') {
        if (excluded.has(column.name) && info.always !== true) return { state: 'not-tried', why: `--exclude ${column.name}` }
        return answered.has(operationId) ? { state: 'passed' } : { state: 'not-tried', why: 'the operation never answered' }
      }
      const steps = stepsOf.get(JSON.stringify([operationId, column.name])) ?? []
      if (steps.length === 0) return { state: 'not-applicable' }
      const failedStep = steps.find((step) => step.status === 'failed')
      if (failedStep !== undefined) {
        // Its findings may sit in another column (a schema finding the journey saw first): the cell still links to them.
        const findings = report.findings.flatMap((finding, index) => (finding.steps.includes(failedStep.id) ? [index] : []))
        return { state: 'failed', why: failedStep.reason ?? 'failed', ...(findings.length === 0 ? {} : { findings }) }
      }
      if (steps.some((step) => step.status === 'passed')) return { state: 'passed' }
      return { state: 'not-tried', why: steps[0]?.reason ?? 'skipped' }
    }),
  }))
  return { columns, rows }
}

/** The proxy's grid: what it reads of each exchange, for every operation of the contract (those the traffic never reached say so). */
export function proxyGrid(report: ProxyReport, operationIds: readonly string[]): CheckGrid {
  const columns = report.checks.map(column)
  const failed = failedCells(report.findings, (finding) => proxyColumnOf(finding, report.checks))
  const seen = new Set(report.coverage.map((entry) => entry.operationId))
  const rows = rowsFor(operationIds, report.findings).map((operationId) => ({
    operationId,
    cells: columns.map(
      (column): GridCell =>
        failed.get(JSON.stringify([operationId, column.name])) ??
        (seen.has(operationId) ? { state: 'passed' } : { state: 'not-tried', why: 'no traffic reached it' }),
    ),
  }))
  return { columns, rows }
}

/** The operations the run was about, then any a finding names that is not among them (a finding never falls off the grid). */
const rowsFor = (operationIds: readonly string[], findings: readonly Finding[]): string[] => [
  ...new Set([...operationIds, ...findings.map((finding) => finding.operationId)]),
]

export function gridCounts(grid: CheckGrid): Record<CellState, number> {
  const counts: Record<CellState, number> = { passed: 0, failed: 0, 'not-tried': 0, 'not-applicable': 0 }
  for (const row of grid.rows) for (const cell of row.cells) counts[cell.state] += 1
  return counts
}
