// Where a write the run made reads back, shared by the checks of writes (round-trip, idempotency,
// read-only-field): its answer's link to a read, else the read of the same path, else the parent's. Each
// repeats or extends the run's own last successful call of the operation (what it already sent): nothing
// goes anywhere the run did not already write.
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { parentRead, pathParamsOf, readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import { listAgreement, listsShowing, type ListAgreement } from '../../../../contract/engine/list-agreement.ts'
import { excerpt } from '../../../../contract/engine/response-checker.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext } from '../../run/step-runner.ts'
import type { CallOptions, SuccessfulCall } from '../../transport/api-types.ts'
import { evaluate } from './link-pool.ts'
import { asRecord } from '../../run/json-readers.ts'
import { requestMedia } from './operation-requests.ts'

/** A read to call, with its path values. */
export type ReadTarget = { read: OperationSpec; path: Record<string, string> }

/** The path values a link of the write's answer gives a read (`$response.body#/booking_id`, `$request.path.id`). */
export function linkedPath(operation: OperationSpec, last: SuccessfulCall, parameters: Readonly<Record<string, string>>): Record<string, string> {
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
export function readAfter(contract: ContractIndex, operation: OperationSpec, last: SuccessfulCall): (ReadTarget & { via: 'link' | 'path' }) | undefined {
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

/** A value as a finding shows it. */
export const show = (value: unknown) => (value === undefined ? 'nothing' : excerpt(JSON.stringify(value), 80))

/**
 * The writes these checks read back: a JSON body, and a PUT or PATCH (it replaces or changes what its path
 * names), or a POST to a path that names a resource (`/booking/{id}/review`) or that declares x-idempotency.
 * A POST to a bare path (`/agency`, `/auth/login`) is a lookup or a sign-in, not a resource written.
 */
export const readsBack = (operation: OperationSpec) =>
  operation.method !== 'get' &&
  requestMedia(operation, 'application/json')?.schema !== undefined &&
  (operation.method !== 'post' || operation.path.includes('{') || operation.idempotency !== undefined)

/**
 * The read taken right after a write (the API client calls it): what shows the write before any later
 * step changes it, and the lists that show that read. Given to the client by the run; the round-trip check
 * compares the read with what was sent, the list-consistency check the lists with the read.
 */
export function readAfterWrite(
  contract: ContractIndex,
  call: (operationId: string, options: CallOptions) => Promise<{ json: unknown }>,
): (write: SuccessfulCall) => Promise<SuccessfulCall['readBack']> {
  return async (write) => {
    if (!readsBack(write.answer.operation) || write.options.json === undefined) return undefined
    const after = readAfter(contract, write.answer.operation, write)
    if (after === undefined) return undefined
    const step = write.options.step === undefined ? {} : { step: write.options.step }
    const read = await call(after.read.operationId, { path: after.path, probe: true, unlinked: true, ...step })
    const lists = []
    for (const of of listsShowing(contract, after.read)) {
      const id = after.path[of.parameter]
      if (id === undefined) continue
      // re-read until it agrees or its consistency window has passed, never sleeping blindly past it
      const started = performance.now()
      let reads = 0
      let agreement: ListAgreement
      for (;;) {
        reads += 1
        agreement = listAgreement((await call(of.list.operationId, { probe: true, unlinked: true, ...step })).json, of, id, read.json)
        const waited = performance.now() - started
        if ((agreement.shown ? agreement.differences.length === 0 : agreement.paged) || waited >= of.list.consistencyMs) break
        await sleep(Math.min(of.list.consistencyMs - waited, Math.max(25, of.list.consistencyMs / 10)))
      }
      lists.push({ operationId: of.list.operationId, id, reads, waitedMs: Math.round(performance.now() - started), agreement })
    }
    return { operationId: after.read.operationId, json: read.json, linked: after.via === 'link', ...(lists.length === 0 ? {} : { lists }) }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The run's own last successful call and where it reads, or a skip saying why there is none. */
export async function lastWrite(context: StepContext<JourneyState>, contract: ContractIndex, operation: OperationSpec) {
  const last = context.lastSuccess(operation.operationId)
  if (last === undefined || last.options.json === undefined) context.skip('untested: the run made no successful call of it with a JSON body')
  const after = readAfter(contract, operation, last)
  if (after === undefined) context.skip('untested: no read in the contract shows what it writes (no link to a GET, no GET on its path or a parent path)')
  const read = async () => (await context.call(after.read.operationId, { path: after.path, probe: true, unlinked: true })).json
  return { last, after, read }
}

/**
 * The run's own create sent once more as a new one: every body value that is the id another create of the run made
 * (a seat hold's) comes from that create repeated, and a new idempotency key (`key`), so it is a new create and not a
 * replay. A skip says which precondition did not answer again.
 */
export async function freshPreconditions(
  context: StepContext<JourneyState>,
  contract: ContractIndex,
  operation: OperationSpec,
  sent: Record<string, unknown>,
  key: string,
): Promise<Record<string, unknown>> {
  let body = structuredClone(sent)
  for (const [field, value] of Object.entries(body)) {
    if (typeof value !== 'string') continue
    for (const write of contract.operations.values()) {
      if (write.method !== 'post' || write.operationId === operation.operationId) continue
      const earlier = context.lastSuccess(write.operationId)
      if (earlier === undefined || asRecord(earlier.answer.json)?.['id'] !== value) continue
      const again = await context.call(write.operationId, { ...earlier.options, probe: true, unlinked: true })
      const fresh = asRecord(again.json)?.['id']
      if (!again.ok || typeof fresh !== 'string') context.skip(`untested: ${write.operationId}, which it needs first, did not answer again (${again.status})`)
      body = { ...body, [field]: fresh }
    }
  }
  return operation.idempotency?.key.in === 'body' ? { ...body, [operation.idempotency.key.name]: key } : body
}
