// A check as a report describes it: the catalogue's entry (cli/src/checks/catalogue.ts) without its
// implementation. A report carries the entries of the checks its run had, so what renders it (the
// HTML grid, a reader of --json) needs no catalogue of its own.

export type CheckInfo = {
  /** what --include/--exclude and the reports call it; a step of the check is named `<name>:<operation>` */
  name: string
  /** what a pass proves */
  proves: string
  /** where it runs: a step per operation, a step over several, or a scan of every answer */
  runs: 'per operation' | 'across operations' | 'every answer'
  /** the nearest Schemathesis check(s); undefined where none catches the same fault */
  schemathesis?: string
  /** the nearest RESTler checker; undefined where none catches the same fault */
  restler?: string
  /** the nearest OWASP ZAP scan rule (its id and name); undefined where none catches the same fault */
  zap?: string
  /** always on: it is what every answer is read by (it cannot be left out) */
  always?: true
}

/** The check a step belongs to, among those the report ran: the prefix of its id (`round-trip:updateDni`). */
export function checkOfStep(stepId: string, checks: readonly CheckInfo[]): CheckInfo | undefined {
  const colon = stepId.indexOf(':')
  if (colon < 0) return undefined
  const prefix = stepId.slice(0, colon)
  return checks.find((check) => check.name === prefix)
}
