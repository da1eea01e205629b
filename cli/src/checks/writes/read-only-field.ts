// read-only-field: a field the resource shows but its request does not take (id, status, validity, an
// e-mail), sent with another value, is never applied (mass assignment, OWASP API3); on the customer's own
// data, undone at once. Which fields, and where they land in the read, is the engine's
// (contract/engine/read-back.ts).
import { readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import { locate, readOnlyProbes, sameValue, sentObjects, withReadOnlyFields, type ReadOnlyProbe } from '../../../../contract/engine/read-back.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { requestMedia } from '../kit/operation-requests.ts'
import { lastWrite, readsBack, show } from '../kit/written-reads.ts'

export const readOnlyField = {
  name: 'read-only-field',
  proves: 'a field the resource shows but its request does not take (id, status, validity, e-mail) is never applied (mass assignment)',
  runs: 'per operation',
  uses: ['reach'],
  steps: (options, operation) =>
    readsBack(operation) && (operation.method === 'put' || operation.method === 'patch') ? [readOnlyFieldStep(options, operation)] : [],
} as const satisfies Check<'read-only-field'>

function readOnlyFieldStep({ contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const schema = requestMedia(operation, 'application/json')?.schema
  return {
    id: `read-only-field:${id}`,
    name: `${id}: fields the customer must not set are not applied`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (schema === undefined) context.skip('untested: no JSON body schema')
      const { last, after, read } = await lastWrite(context, contract, operation)
      const body = last.options.json
      const probes = readOnlyProbes(contract, schema, body, await read()).slice(0, 16)
      if (probes.length === 0) context.skip(`untested: ${after.read.operationId} shows no field beyond what the request takes`)
      const sent = await context.call(id, { ...last.options, json: withReadOnlyFields(body, probes), probe: true, unlinked: true })
      const now = await read()
      const applied = probes.filter((probe) => {
        const object = sentObjects(body).find((candidate) => candidate.pointer === probe.object)
        const node = object === undefined ? undefined : locate(object, now)
        return node !== undefined && sameValue(probe.sent, node.value[probe.name])
      })
      context.note(`${probes.length} read-only field${probes.length === 1 ? '' : 's'} sent (${probes.map((probe) => probe.name).join(', ')}): ${sent.status}`)
      if (applied.length === 0) return
      // On what the run did not make (the customer's own profile), the hole that let it in also undoes it.
      const ownData = readOfSamePath(contract, operation) !== undefined
      let undone = ''
      if (ownData) {
        await context.call(id, { ...last.options, json: withReadOnlyFields(body, applied, (probe) => probe.current), probe: true, unlinked: true })
        const restored = await read()
        const still = applied.filter((probe) => !restoredValue(body, probe, restored))
        undone =
          still.length === 0
            ? '; undone at once with the same request'
            : `; could not be undone: ${still.map((probe) => probe.name).join(', ')} — restore by hand`
      }
      context.fail(
        `fields ${after.read.operationId} shows but ${id} does not take are refused or ignored`,
        `${applied.map((probe) => `${probe.name} set from ${show(probe.current)} to ${show(probe.sent)}`).join('; ')}${undone}`,
        { kind: 'read-only-field', operationId: id },
      )
    },
  }
}

function restoredValue(body: unknown, probe: ReadOnlyProbe, read: unknown): boolean {
  const object = sentObjects(body).find((candidate) => candidate.pointer === probe.object)
  const node = object === undefined ? undefined : locate(object, read)
  return node !== undefined && sameValue(probe.current, node.value[probe.name])
}
