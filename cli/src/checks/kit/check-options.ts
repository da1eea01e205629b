// What every check is given when it builds its steps (kit/check.ts): the contract, the request builder
// over the values the run found, the seed and the selection.
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { SchemaValidator } from '../../../../contract/engine/schema-validator.ts'
import type { LinkPool } from './link-pool.ts'
import type { RequestBuilder } from './operation-requests.ts'

/** A throwaway account the sign-in brake check locks out, and how long it may wait for the lock to lift. */
export type BrakeAccount = { email: string; password: string; maxWaitMs: number }

export type CheckOptions = {
  contract: ContractIndex
  validator: SchemaValidator
  requests: RequestBuilder
  /** the values the run's answers gave, as the request builder reads them (the hierarchy check reads their families) */
  pool: LinkPool
  /** agency id of another tenant (--other-agency), else one that does not exist */
  otherAgencyId: string | undefined
  seed: number
  runs: number
  /** operations the journey calls after the checks (its clean-up): not called with valid data before */
  calledLast: ReadonlySet<string>
  /** the operations --include/--exclude leave in (default: all) */
  selected?: (operation: OperationSpec) => boolean
  /** an account the sign-in brake check may lock out, to see the lock lift (--brake-email) */
  brakeAccount?: BrakeAccount
  /** waits this long (a test's clock does not really wait) */
  sleep?: (ms: number) => Promise<void>
}
