// use-after-cancel: once the run has canceled what it booked, every write the contract refuses on a canceled
// booking (`booking_canceled` among its 409's x-error-codes) is refused: the run's own earlier request, sent
// again, now answers 409 booking_canceled; a write that succeeds is the finding (RESTler's UseAfterFree and
// Schemathesis' use_after_free, after a DELETE, in this API's words). Runs after the journey's clean-up.
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { parentRead } from '../../../../contract/engine/contract-routes.ts'
import { asRecord, errorCodeOf } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import { type Check, statusOf } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'

const CANCELED = 'booking_canceled'

export const useAfterCancel = {
  name: 'use-after-cancel',
  proves: 'after the run cancels its booking, every write the contract refuses on a canceled booking (booking_canceled) is refused',
  runs: 'per operation',
  after: 'clean-up',
  schemathesis: 'use_after_free (after a DELETE)',
  restler: 'UseAfterFree',
  steps: (options, operation) =>
    operation.method !== 'get' && (operation.errorCodes['409'] ?? []).includes(CANCELED) ? [useAfterCancelStep(options, operation)] : [],
} as const satisfies Check<'use-after-cancel'>

function useAfterCancelStep({ contract, requests }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `use-after-cancel:${id}`,
    name: `${id} is refused on the booking the run canceled`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const request = requests.base(operation)
      if (request.placeholders.length > 0 || request.untouchable.length > 0) context.skip('untested: the run made no booking to cancel (--write books one)')
      const read = parentRead(contract, operation)
      if (read === undefined) context.skip('untested: no read in the contract shows the booking it writes to')
      const status = asRecord((await context.call(read.operationId, { path: request.path, probe: true, unlinked: true })).json)?.['status']
      if (status !== 'canceled') context.skip(`untested: the run's booking is not canceled (${String(status)}): the clean-up did not cancel it`)
      // the run's own request, which the backend took before the cancellation; else a valid one
      const earlier = context.lastSuccess(id)
      const options = earlier === undefined ? requests.callOptions(request) : { ...earlier.options, path: request.path }
      const outcome = await context.call(id, { ...options, probe: true, unlinked: true })
      if (outcome.status === 409 && errorCodeOf(outcome) === CANCELED) return
      if (outcome.ok) context.fail(`409 ${CANCELED} on the canceled booking`, `${statusOf(outcome)}: the write was taken`, { kind: 'probe', operationId: id })
      if (earlier !== undefined && outcome.violations.length === 0) {
        context.fail(`409 ${CANCELED} for the request it took before the cancellation`, statusOf(outcome), { kind: 'probe', operationId: id })
      }
      context.note(`refused with ${statusOf(outcome)} (a request the run had not sent before: not proven to be for the cancellation)`)
    },
  }
}
