// A conformance check is one module: its name, what a pass proves, its nearest counterparts in
// Schemathesis and RESTler, and its implementation — the steps it adds (per operation, or once over
// several) or the scan it runs over every answer. checks/catalogue.ts lists them all, in the order
// their steps run; the catalogue a report carries, --include/--exclude and cli/README's table read it.
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { AnswerScan } from '../../../../contract/engine/response-checker.ts'
import type { CheckInfo } from '../../reports/check-info.ts'
import { statusAndCode } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepDefinition } from '../../run/step-runner.ts'
import type { CallOutcome } from '../../transport/api-types.ts'
import type { CheckOptions } from './check-options.ts'

export type CheckStep = StepDefinition<JourneyState>

type Implementation =
  | { runs: 'per operation'; steps(options: CheckOptions, operation: OperationSpec): CheckStep[] }
  | { runs: 'across operations'; steps(options: CheckOptions): CheckStep[] }
  /**
   * a scan the response checker runs over every answer (none for the contract's own check, which is the checker),
   * and the requests a run sends to give it something to read (the proxy reads real traffic instead)
   */
  | { runs: 'every answer'; scan?(contract: ContractIndex): AnswerScan; probes?(options: CheckOptions): CheckStep[] }

export type Check<Name extends string = string> = CheckInfo &
  Implementation & {
    name: Name
    /** checks whose steps this one reads (round-trip reads what reach wrote): they run whenever this one does */
    uses?: readonly string[]
    /** its steps run after the journey's clean-up (what the run made, canceled) */
    after?: 'clean-up'
  }

/** A step's kind for an operation: a read for a GET (or the kind given), a write otherwise. */
export const kindOf = (operation: OperationSpec, read: 'read' | 'probe'): CheckStep['kind'] => (operation.method === 'get' ? read : 'write')

/** Whether the operation declares this status. */
export const declares = (operation: OperationSpec, status: number) => String(status) in operation.responses

/** `status 401 (auth_login_wrong)`: an answer as a finding's "actual" says it. */
export const statusOf = (outcome: Pick<CallOutcome, 'status' | 'json'>) => `status ${statusAndCode(outcome)}`
