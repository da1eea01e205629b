// read-only-field: a field the resource shows but its request does not take (id, status, validity, an
// e-mail, a booking's status or locator), sent with another value, is never applied (mass assignment, OWASP
// API3). On a PUT or PATCH the run's own request is sent again with them (on the customer's own data, undone
// at once); on a create (checkout) a new one is made with them — its preconditions made afresh (a new seat
// hold), a new idempotency key — and what it makes is left for the journey's clean-up. Which fields, and where
// they land in the read, is the engine's (contract/engine/read-back.ts).
import { readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import { locate, readOnlyProbes, sameValue, sentObjects, withReadOnlyFields, type ReadOnlyProbe } from '../../../../contract/engine/read-back.ts'
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { asRecord } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { requestMedia } from '../kit/operation-requests.ts'
import { freshPreconditions, lastWrite, readAfter, readsBack, show } from '../kit/written-reads.ts'

export const readOnlyField = {
  name: 'read-only-field',
  proves: 'a field the resource shows but its request does not take (id, status, validity, e-mail) is never applied (mass assignment)',
  runs: 'per operation',
  uses: ['reach'],
  steps: (options, operation) =>
    readsBack(operation) && (operation.method === 'put' || operation.method === 'patch')
      ? [readOnlyFieldStep(options, operation)]
      : createsResource(options.contract, operation)
        ? [readOnlyOnCreateStep(options, operation)]
        : [],
} as const satisfies Check<'read-only-field'>

/** A POST with a JSON body whose answer links to the read of what it made (checkout → getBooking). */
const createsResource = (contract: ContractIndex, operation: OperationSpec) =>
  operation.method === 'post' &&
  requestMedia(operation, 'application/json') !== undefined &&
  Object.entries(operation.responses).some(
    ([status, response]) =>
      status.startsWith('2') &&
      response.links.some(
        (link) =>
          contract.operations.get(link.operationId)?.method === 'get' &&
          Object.values(link.parameters).some((expression) => expression.startsWith('$response.body')),
      ),
  )

/**
 * The run's own create, made once more with read-only fields: first its preconditions again — every body
 * value that is the id another create of the run made (a seat hold's) comes from that create repeated — and a new
 * idempotency key, so it is a new create and not a replay.
 */
function readOnlyOnCreateStep({ contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const schema = requestMedia(operation, 'application/json')?.schema
  return {
    id: `read-only-field:${id}`,
    name: `${id}: fields the customer must not set are not applied to what it makes`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (schema === undefined) context.skip('untested: no JSON body schema')
      const { last, after, read } = await lastWrite(context, contract, operation)
      // the made thing's own fields first (its status, its reference), then its parts', each set to a value it
      // did not have when the run's own create made it (its read right after), so a new one cannot have it by itself
      const readAt = contract.operations.get(after.read.operationId)?.responses['200']?.content.find((media) => media.mediaType === 'application/json')?.schema
      const probes = readOnlyProbes(contract, schema, last.options.json, last.readBack?.json ?? (await read()), {
        rootIsRead: true,
        ...(readAt === undefined ? {} : { readAt }),
      }).slice(0, 16)
      if (probes.length === 0) context.skip(`untested: ${after.read.operationId} shows no field beyond what the request takes`)
      // preconditions: a body value that is the id another create of the run made (a seat hold), made again
      const body = await freshPreconditions(context, contract, operation, last.options.json as Record<string, unknown>, `${context.marker}-read-only`)
      const made = await context.call(id, { ...last.options, json: withReadOnlyFields(body, probes), probe: true, unlinked: true })
      context.note(`${probes.length} read-only field${probes.length === 1 ? '' : 's'} sent (${probes.map((probe) => probe.name).join(', ')}): ${made.status}`)
      if (!made.ok) return
      const target = readAfter(contract, operation, {
        options: { ...last.options, json: body },
        answer: { ...last.answer, json: made.json, status: made.status },
      })
      if (target === undefined) context.skip('untested: its answer links to no read of what it made')
      context.set({ made: [...(context.state.made ?? []), { read: target.read.operationId, path: target.path }] })
      const now = (await context.call(target.read.operationId, { path: target.path, probe: true, unlinked: true })).json
      const applied = probes.filter((probe) => {
        const object = sentObjects(body).find((candidate) => candidate.pointer === probe.object)
        const node = probe.object === '' ? { value: asRecord(now) ?? {} } : object === undefined ? undefined : locate(object, now)
        return node !== undefined && sameValue(probe.sent, node.value[probe.name])
      })
      if (applied.length === 0) return
      context.fail(
        `fields ${target.read.operationId} shows but ${id} does not take are refused or ignored on what it makes`,
        applied.map((probe) => `${probe.name} ${show(probe.sent)} taken (the run's own ${id} made it ${show(probe.current)})`).join('; '),
        { kind: 'read-only-field', operationId: id },
      )
    },
  }
}

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
