import type { ApiSession } from '../transport/api-types.ts'
import { checkOfStep, checkSteps, runsAfterCleanUp } from '../checks/catalogue.ts'
import type { ContractIndex, OperationSpec } from '../../../contract/engine/contract-index.ts'
import type { SecretNames } from '../../../contract/engine/curl.ts'
import type { SchemaValidator } from '../../../contract/engine/schema-validator.ts'
import { buildJourney } from '../journey/journey.ts'
import type { JourneyState } from '../run/run-state.ts'
import type { LinkPool } from '../checks/kit/link-pool.ts'
import { createRequestBuilder } from '../checks/kit/operation-requests.ts'
import { defaultAgencyUrl, defaultExamples, type SmokeOptions } from './smoke-options.ts'
import type { StepDefinition } from '../run/step-runner.ts'

// What a run does by default: the customer journey, then every operation on its own, then the journey's
// clean-up (cancelling what --write booked), with the sessions and secrets it knows.

/** What to run; the journey by default, anything else in tests. */
export type SmokePlan<S extends object> = {
  steps: StepDefinition<S>[]
  state: S
  session(state: S): ApiSession
  notes: string[]
  /** secrets in the state, and the shell variable each is printed as in curl lines */
  secrets?(state: S): SecretNames
}

/** What the plan may use besides the contract: built once per run. */
export type PlanTools = {
  validator: SchemaValidator
  pool: LinkPool
  seed: number
  marker: string
  /** the operations --include/--exclude leave in */
  selected: (operation: OperationSpec) => boolean
  /** the checks --include/--exclude leave in (by name: check-catalogue.ts) */
  checks?: (check: string) => boolean
}

/** The journey's sign-in, done by --token: nothing is sent, the token is the session. */
function tokenSignIn(step: StepDefinition<JourneyState>, token: string): StepDefinition<JourneyState> {
  return {
    ...step,
    name: 'Signed in with --token',
    requires: [],
    async run(context) {
      context.set({ token })
      context.note('a pre-issued token (--token): the sign-in itself is not tried, and the checks that need a second session of this customer are skipped')
    },
  }
}

/** --include/--exclude by operationId or tag; an empty --include takes every operation. */
export function operationSelection(include: readonly string[], exclude: readonly string[]): (operation: OperationSpec) => boolean {
  const names = (operation: OperationSpec) => [operation.operationId, ...operation.tags]
  return (operation) =>
    (include.length === 0 || names(operation).some((name) => include.includes(name))) && !names(operation).some((name) => exclude.includes(name))
}

/** The shell variables curl lines use for the run's secrets. */
export const secretVariables = {
  token: 'TRAVEL_PORTAL_TOKEN',
  password: 'TRAVEL_PORTAL_PASSWORD',
  otherToken: 'TRAVEL_PORTAL_OTHER_TOKEN',
  otherPassword: 'TRAVEL_PORTAL_OTHER_PASSWORD',
  revokedToken: 'TRAVEL_PORTAL_REVOKED_TOKEN',
} as const satisfies Partial<Record<keyof JourneyState, string>>

export function journeyPlan(contract: ContractIndex, options: SmokeOptions, tools: PlanTools): SmokePlan<JourneyState> {
  const journey = buildJourney(contract)
  const notes = journey.notes
  const requests = createRequestBuilder(contract, tools.validator, tools.pool, tools.seed, tools.marker)
  // The journey's clean-up (cancelling what it booked) waits until every operation has been tried on that booking.
  const cleanUp = (step: StepDefinition<JourneyState>) => journeyCleanUp.includes(step.id)
  const signIn = journey.steps.find((step) => step.id === 'auth.login')
  // A pre-issued token stands in for the sign-in: the steps after it run as its customer.
  const journeySteps =
    options.token === undefined || options.email !== undefined || signIn === undefined
      ? journey.steps
      : journey.steps.map((step) => (step === signIn ? tokenSignIn(step, options.token as string) : step))
  const calledLast = new Set(journey.steps.filter((step) => journeyUndo.includes(step.id)).flatMap((step) => step.operationIds ?? []))
  const checks = checkSteps(
    {
      contract,
      validator: tools.validator,
      requests,
      pool: tools.pool,
      otherAgencyId: options.otherAgencyId,
      seed: tools.seed,
      runs: options.examples ?? defaultExamples,
      calledLast,
      selected: tools.selected,
      ...(options.brakeAccount === undefined ? {} : { brakeAccount: options.brakeAccount }),
    },
    tools.checks,
  )
  // The clean-up's own writes (the cancellation) are read back once they are made: their round trip comes
  // last, with the checks of what the cancellation left (use-after-cancel).
  const readBackLast = (step: StepDefinition<JourneyState>) =>
    ['round-trip', 'list-consistency'].includes(checkOfStep(step.id) ?? '') && (step.operationIds ?? []).some((operationId) => calledLast.has(operationId))
  const afterCleanUp = (step: StepDefinition<JourneyState>) => readBackLast(step) || runsAfterCleanUp(step.id)
  const steps = [
    ...journeySteps.filter((step) => !cleanUp(step)),
    ...checks.filter((step) => !afterCleanUp(step)),
    ...journeySteps.filter(cleanUp),
    ...checks.filter(readBackLast),
    ...checks.filter((step) => runsAfterCleanUp(step.id)),
  ]
  const state: JourneyState = { agencyUrl: options.agencyUrl ?? defaultAgencyUrl }
  if (options.email !== undefined) state.email = options.email
  if (options.password !== undefined) state.password = options.password
  if (options.otherEmail !== undefined) state.otherEmail = options.otherEmail
  if (options.otherPassword !== undefined) state.otherPassword = options.otherPassword
  if (options.email !== undefined && options.otherEmail === undefined) {
    notes.push(
      "the leak probe is limited: without --other-email/--other-password it only tries a booking id that is nobody's, not another customer's real booking",
    )
  }
  return {
    steps,
    state,
    notes,
    session: (current) => ({
      ...(current.token === undefined ? {} : { token: current.token }),
      ...(current.agencyId === undefined ? {} : { agencyId: current.agencyId }),
    }),
    secrets: (current) => {
      const names = new Map<string, string>()
      for (const [key, variable] of Object.entries(secretVariables)) {
        const value = current[key as keyof typeof secretVariables]
        // First named wins: two accounts with one password print the first one's variable, which is set.
        if (value !== undefined && value !== '' && !names.has(value)) names.set(value, variable)
      }
      return names
    },
  }
}

/** Journey steps that undo what --write made, and what checks the undoing; they run last. */
export const journeyCleanUp: readonly string[] = ['booking.compute-cancel-refund', 'booking.cancel', 'booking.cancel-made', 'booking.canceled']
/** The clean-up's own operations: the checks never send them valid data before it (the others are reached on the live booking first). */
const journeyUndo: readonly string[] = ['booking.compute-cancel-refund', 'booking.cancel']
