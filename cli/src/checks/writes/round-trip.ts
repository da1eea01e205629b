// round-trip: every field a write sent reads back equal, or as the contract's `x-normalised` says it is
// stored, in the read taken right after it (kit/written-reads.ts); the comparing is the engine's
// (contract/engine/read-back.ts).
import { readBack } from '../../../../contract/engine/read-back.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { requestMedia } from '../kit/operation-requests.ts'
import { readsBack, show } from '../kit/written-reads.ts'

export const roundTrip = {
  name: 'round-trip',
  proves: 'every field a write sent reads back equal, or as the contract says it is normalised (x-normalised)',
  runs: 'per operation',
  uses: ['reach'],
  steps: (options, operation) => (readsBack(operation) ? [roundTripStep(options, operation)] : []),
} as const satisfies Check<'round-trip'>

function roundTripStep({ contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const schema = requestMedia(operation, 'application/json')?.schema
  return {
    id: `round-trip:${id}`,
    name: `${id}: what it wrote reads back as sent`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const last = context.lastSuccess(id)
      if (last === undefined || last.options.json === undefined) context.skip('untested: the run made no successful call of it with a JSON body')
      if (last.readBack === undefined)
        context.skip('untested: no read in the contract shows what it writes (no link to a GET, no GET on its path or a parent path)')
      const after = { read: { operationId: last.readBack.operationId } }
      // A PUT or PATCH stores what it is sent, and so does a write whose answer links to its read (checkout to
      // the booking): what they sent and the read does not show was not stored. Another POST may only compute
      // (a cancellation's preview): what it does not show is not compared.
      const stores = operation.method === 'put' || operation.method === 'patch' || last.readBack.linked
      const readOperation = contract.operations.get(last.readBack.operationId)
      const readAt = stores ? readOperation?.responses['200']?.content.find((media) => media.mediaType === 'application/json')?.schema : undefined
      const result = readBack(contract, schema, last.options.json, last.readBack.json, readAt)
      if (result.compared === 0) context.skip(`untested: ${after.read.operationId} shows none of the fields it sent`)
      context.note(`${result.compared} field${result.compared === 1 ? '' : 's'} read back through ${after.read.operationId}`)
      if (result.mismatches.length === 0) return
      context.fail(
        `every field sent reads back through ${after.read.operationId} as sent (or as x-normalised says)`,
        result.mismatches
          .slice(0, 5)
          .map((mismatch) =>
            mismatch.where === ''
              ? `${mismatch.field} sent ${show(mismatch.sent)}, shown nowhere in the answer`
              : `${mismatch.field} sent ${show(mismatch.sent)}, read ${show(mismatch.read)} at ${mismatch.where}`,
          )
          .join('; '),
        { kind: 'round-trip', operationId: id },
      )
    },
  }
}
