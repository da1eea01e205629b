import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { parentRead, pathParamsOf, readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import { getAtPointer } from '../../../../contract/engine/json-pointer.ts'
import { locate, readBack, readOnlyProbes, sameValue, sentObjects, withReadOnlyFields, type ReadOnlyProbe } from '../../../../contract/engine/read-back.ts'
import { excerpt } from '../../../../contract/engine/response-checker.ts'
import { statusAndCode } from '../journey/journey-helpers.ts'
import type { JourneyState } from '../journey/journey-state.ts'
import type { StepContext, StepDefinition } from '../step-runner.ts'
import type { CallOptions, SuccessfulCall } from '../transport/api-types.ts'
import type { CheckOptions } from './check-options.ts'
import { evaluate } from './link-pool.ts'
import { requestMedia } from './operation-requests.ts'

// What a schema cannot see, on the writes the run made itself (its booking, its profile sent back as read):
//   round-trip       every field sent reads back equal, or as the contract's `x-normalised` says
//   idempotency      the same PUT twice leaves the same state; an `x-idempotency` operation repeated with
//                    the same key answers the same and changes nothing the contract names
//   read-only-field  a field the resource shows but the request does not take, sent with another value,
//                    is never applied (mass assignment); on the customer's own data, undone at once
// Each repeats or extends the run's own last successful call of the operation (what it already sent):
// nothing goes anywhere the run did not already write.

type Ctx = StepContext<JourneyState>

/** A read to call, with its path values. */
type ReadTarget = { read: OperationSpec; path: Record<string, string> }

/** The path values a link of the write's answer gives a read (`$response.body#/booking_id`, `$request.path.id`). */
function linkedPath(operation: OperationSpec, last: SuccessfulCall, parameters: Readonly<Record<string, string>>): Record<string, string> {
  const sources = { answer: last.answer, requestPath: pathParamsOf(operation, last.answer.apiPath), requestQuery: new URL(last.answer.url).searchParams }
  const path: Record<string, string> = {}
  for (const [name, expression] of Object.entries(parameters)) {
    const value = evaluate(expression, sources)
    if (value !== undefined) path[name.replace(/^path\./, '')] = value
  }
  return path
}

const hasPathValues = (target: ReadTarget) => target.read.parameters.every((parameter) => parameter.in !== 'path' || target.path[parameter.name] !== undefined)

/** Where the operation's effect reads: its answer's link to a read, else the read of the same path, else the parent's. */
function readAfter(contract: ContractIndex, operation: OperationSpec, last: SuccessfulCall): (ReadTarget & { via: 'link' | 'path' }) | undefined {
  for (const link of operation.responses[String(last.answer.status)]?.links ?? []) {
    const read = contract.operations.get(link.operationId)
    if (read === undefined || read.method !== 'get' || read.parameters.some((parameter) => parameter.in === 'query' && parameter.required)) continue
    const target = { read, path: linkedPath(operation, last, link.parameters) }
    if (hasPathValues(target)) return { ...target, via: 'link' }
  }
  const read = readOfSamePath(contract, operation) ?? parentRead(contract, operation)
  if (read === undefined) return undefined
  const requestPath = pathParamsOf(operation, last.answer.apiPath)
  const target = {
    read,
    path: Object.fromEntries([...requestPath].filter(([name]) => read.parameters.some((parameter) => parameter.in === 'path' && parameter.name === name))),
  }
  return hasPathValues(target) ? { ...target, via: 'path' } : undefined
}

const show = (value: unknown) => (value === undefined ? 'nothing' : excerpt(JSON.stringify(value), 80))

/**
 * The writes these checks read back: a JSON body, and a PUT or PATCH (it replaces or changes what its path
 * names), or a POST to a path that names a resource (`/booking/{id}/review`) or that declares x-idempotency.
 * A POST to a bare path (`/agency`, `/auth/login`) is a lookup or a sign-in, not a resource written.
 */
const readsBack = (operation: OperationSpec) =>
  operation.method !== 'get' &&
  requestMedia(operation, 'application/json')?.schema !== undefined &&
  (operation.method !== 'post' || operation.path.includes('{') || operation.idempotency !== undefined)

/**
 * The read taken right after a write (the API client calls it): what shows the write before any later
 * step changes it. Given to the client by the run; the round-trip check compares it with what was sent.
 */
export function readAfterWrite(
  contract: ContractIndex,
  call: (operationId: string, options: CallOptions) => Promise<{ json: unknown }>,
): (write: SuccessfulCall) => Promise<SuccessfulCall['readBack']> {
  return async (write) => {
    if (!readsBack(write.answer.operation) || write.options.json === undefined) return undefined
    const after = readAfter(contract, write.answer.operation, write)
    if (after === undefined) return undefined
    const read = await call(after.read.operationId, {
      path: after.path,
      probe: true,
      unlinked: true,
      ...(write.options.step === undefined ? {} : { step: write.options.step }),
    })
    return { operationId: after.read.operationId, json: read.json, linked: after.via === 'link' }
  }
}

export function writeSteps(options: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState>[] {
  if (!readsBack(operation)) return []
  const steps = [roundTripStep(options, operation)]
  if (operation.method === 'put' || operation.idempotency !== undefined) steps.push(idempotencyStep(options, operation))
  if (operation.method === 'put' || operation.method === 'patch') steps.push(readOnlyFieldStep(options, operation))
  return steps
}

/** The run's own last successful call and where it reads, or a skip saying why there is none. */
async function lastWrite(context: Ctx, contract: ContractIndex, operation: OperationSpec) {
  const last = context.lastSuccess(operation.operationId)
  if (last === undefined || last.options.json === undefined) context.skip('untested: the run made no successful call of it with a JSON body')
  const after = readAfter(contract, operation, last)
  if (after === undefined) context.skip('untested: no read in the contract shows what it writes (no link to a GET, no GET on its path or a parent path)')
  const read = async () => (await context.call(after.read.operationId, { path: after.path, probe: true, unlinked: true })).json
  return { last, after, read }
}

function roundTripStep({ contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const schema = requestMedia(operation, 'application/json')?.schema
  return {
    id: `round-trip:${id}`,
    name: `${id}: what it wrote reads back as sent`,
    kind: 'write',
    operationIds: [id],
    async run(context: Ctx) {
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

/** Fields a repeat may move on its own (a modification time): not state. */
const volatile = new Set(['updated_at', 'updatedAt', 'modified_at', 'modifiedAt', 'last_modified', 'etag', 'version'])

/** A read as state: volatile fields out, lists as sets (a backend need not keep their order). */
function stateOf(json: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !volatile.has(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, canonical(item)]),
    )
  }
  return JSON.stringify(canonical(json))
}

function idempotencyStep({ contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const declared = operation.idempotency
  return {
    id: `idempotency:${id}`,
    name: declared === undefined ? `${id}: the same PUT twice leaves the same state` : `${id}: a repeat with the same ${declared.key.name} is the same request`,
    kind: 'write',
    operationIds: [id],
    async run(context: Ctx) {
      const { last, after } = await lastWrite(context, contract, operation)
      // What a repeat must leave as it is: the declared reads (parameters from the answer's links), else the write's own read.
      const reads = declared?.unchanged.length ? declared.unchanged.map((name) => readFor(contract, operation, last, name)) : [after]
      const snapshot = async () =>
        Promise.all(
          reads.map(async (target) =>
            target === undefined ? undefined : stateOf((await context.call(target.read.operationId, { path: target.path, probe: true, unlinked: true })).json),
          ),
        )
      const before = await snapshot()
      const repeat = await context.call(id, { ...last.options, probe: true, unlinked: true })
      const key = declared === undefined ? 'the same body' : `the same ${declared.key.name}`
      if (!repeat.ok) {
        if (repeat.violations.length > 0) context.stop()
        context.fail(`the repeat with ${key} answered as the first call (${last.answer.status})`, `${statusAndCode(repeat)}: treated as a new request`, {
          kind: 'idempotency',
          operationId: id,
        })
      }
      const differs = (declared?.same ?? []).filter((pointer) => !sameValue(getAtPointer(last.answer.json, pointer), getAtPointer(repeat.json, pointer)))
      if (differs.length > 0) {
        context.fail(
          `the repeat with ${key} answers the same ${differs.join(', ')}`,
          differs
            .map((pointer) => `${pointer} was ${show(getAtPointer(last.answer.json, pointer))}, now ${show(getAtPointer(repeat.json, pointer))}`)
            .join('; '),
          { kind: 'idempotency', operationId: id },
        )
      }
      const after2 = await snapshot()
      const changed = reads.filter((target, index) => target !== undefined && before[index] !== after2[index]).map((target) => target?.read.operationId)
      if (changed.length > 0) {
        context.fail(`${changed.join(' and ')} unchanged by the repeat with ${key}`, `it changed: the repeat was applied again`, {
          kind: 'idempotency',
          operationId: id,
        })
      }
      context.note(`repeated once; ${reads.flatMap((target) => (target === undefined ? [] : [target.read.operationId])).join(' and ')} unchanged`)
    },
  }
}

/** A declared read by operationId: its parameters from the write's answer links, or none needed. */
function readFor(contract: ContractIndex, operation: OperationSpec, last: SuccessfulCall, operationId: string): ReadTarget | undefined {
  const read = contract.operations.get(operationId)
  if (read === undefined) return undefined
  if (!read.parameters.some((parameter) => parameter.in === 'path')) return { read, path: {} }
  const link = operation.responses[String(last.answer.status)]?.links.find((candidate) => candidate.operationId === operationId)
  return link === undefined ? undefined : { read, path: linkedPath(operation, last, link.parameters) }
}

function readOnlyFieldStep({ contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const schema = requestMedia(operation, 'application/json')?.schema
  return {
    id: `read-only-field:${id}`,
    name: `${id}: fields the customer must not set are not applied`,
    kind: 'write',
    operationIds: [id],
    async run(context: Ctx) {
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
