// Every check the conformance run makes, registered once: each is a module of its own (kit/check.ts says
// what one holds). The order is the order their steps run for each operation: reach first, then the
// checks that read back and repeat what it wrote, then the probes. `--include/--exclude NAME` takes these
// names beside operationIds and tags; a report carries the entries (reports/check-info.ts); cli/README's
// table of checks is this list (tests/cli/checks/catalogue.test.ts keeps them equal).
import type { ContractIndex, OperationSpec } from '../../../contract/engine/contract-index.ts'
import type { AnswerScan } from '../../../contract/engine/response-checker.ts'
import type { CheckInfo } from '../reports/check-info.ts'
import { list } from './across-operations/list.ts'
import { method } from './across-operations/method.ts'
import { undeclaredPath } from './across-operations/undeclared-path.ts'
import { errorLeak } from './every-answer/error-leak.ts'
import { cache } from './every-answer/cache.ts'
import { cors } from './every-answer/cors.ts'
import { exposure } from './every-answer/exposure.ts'
import { looseId } from './every-answer/loose-id.ts'
import { order } from './every-answer/order.ts'
import { response } from './every-answer/response.ts'
import type { Check, CheckStep } from './kit/check.ts'
import type { CheckOptions } from './kit/check-options.ts'
import { sessionsStep } from './kit/sessions.ts'
import { auth } from './per-operation/auth.ts'
import { hierarchy } from './per-operation/hierarchy.ts'
import { malformedBody } from './per-operation/malformed-body.ts'
import { missing } from './per-operation/missing.ts'
import { oddId } from './per-operation/odd-id.ts'
import { negative } from './per-operation/negative.ts'
import { owner } from './per-operation/owner.ts'
import { positive } from './per-operation/positive.ts'
import { reach } from './per-operation/reach.ts'
import { signInBrake } from './per-operation/sign-in-brake.ts'
import { tenant } from './per-operation/tenant.ts'
import { idempotency } from './writes/idempotency.ts'
import { listConsistency } from './writes/list-consistency.ts'
import { readOnlyField } from './writes/read-only-field.ts'
import { returnUrl } from './writes/return-url.ts'
import { roundTrip } from './writes/round-trip.ts'
import { useAfterCancel } from './writes/use-after-cancel.ts'

export const checks = [
  response,
  reach,
  roundTrip,
  idempotency,
  readOnlyField,
  returnUrl,
  listConsistency,
  auth,
  tenant,
  owner,
  missing,
  hierarchy,
  oddId,
  looseId,
  negative,
  positive,
  malformedBody,
  signInBrake,
  exposure,
  errorLeak,
  cache,
  cors,
  order,
  list,
  method,
  undeclaredPath,
  useAfterCancel,
] as const satisfies readonly Check[]

export type CheckName = (typeof checks)[number]['name']

/** The same list, each seen as any check (its literal types are for CheckName). */
const registered: readonly Check[] = checks

/** The catalogue as a report carries it: each check without its implementation. */
export const checkCatalogue: readonly CheckInfo[] = registered.map(({ name, proves, runs, schemathesis, restler, zap, always }) => ({
  name,
  proves,
  runs,
  ...(schemathesis === undefined ? {} : { schemathesis }),
  ...(restler === undefined ? {} : { restler }),
  ...(zap === undefined ? {} : { zap }),
  ...(always === undefined ? {} : { always }),
}))

const byName = new Map<string, Check>(registered.map((check) => [check.name, check]))

export const isCheckName = (name: string): name is CheckName => byName.has(name)

/** The check a step belongs to: the prefix of its id (`round-trip:updateDni`), when it is one. */
export const checkOfStep = (stepId: string): CheckName | undefined => {
  const prefix = stepId.split(':')[0] ?? ''
  return stepId.includes(':') && isCheckName(prefix) ? prefix : undefined
}

/** Whether a step runs after the journey's clean-up: its check says so (use-after-cancel). */
export const runsAfterCleanUp = (stepId: string): boolean => {
  const name = checkOfStep(stepId)
  return name !== undefined && byName.get(name)?.after === 'clean-up'
}

/** Which checks run, from the check names among --include/--exclude (an include of none: all). */
export function checkSelection(include: readonly string[], exclude: readonly string[]): (check: string) => boolean {
  const included: readonly string[] = include.filter(isCheckName)
  const excluded: readonly string[] = exclude.filter(isCheckName)
  return (check) => byName.get(check)?.always === true || ((included.length === 0 || included.includes(check)) && !excluded.includes(check))
}

/** The scans the response checker runs over every answer, for the checks selected. */
export function answerScans(contract: ContractIndex, runs: (check: string) => boolean = () => true): AnswerScan[] {
  return registered.flatMap((check) => (check.runs === 'every answer' && check.scan !== undefined && runs(check.name) ? [check.scan(contract)] : []))
}

/**
 * The checks' steps: the sessions they need, then each operation's steps in the catalogue's order, then the
 * steps over several operations. A check runs when selected, or when a selected check uses its steps.
 */
export function checkSteps(options: CheckOptions, runs: (check: string) => boolean = () => true): CheckStep[] {
  const used = new Set<string>(registered.filter((check) => runs(check.name)).flatMap((check) => check.uses ?? []))
  const chosen = registered.filter((check) => runs(check.name) || used.has(check.name))
  const selected = (operation: OperationSpec) => options.selected?.(operation) !== false
  const steps: CheckStep[] = [sessionsStep()]
  for (const operation of options.contract.operations.values()) {
    if (!selected(operation)) continue
    for (const check of chosen) if (check.runs === 'per operation') steps.push(...check.steps(options, operation))
  }
  for (const check of chosen) if (check.runs === 'across operations') steps.push(...check.steps(options))
  for (const check of chosen) if (check.runs === 'every answer' && check.probes !== undefined) steps.push(...check.probes(options))
  return steps
}
