// idempotency: the same PUT twice leaves the same state; an `x-idempotency` operation repeated with the same
// key answers the same and changes nothing the contract names.
import type { ContractIndex } from '../../../../contract/engine/contract-index.ts'
import { getAtPointer } from '../../../../contract/engine/json-pointer.ts'
import { sameValue } from '../../../../contract/engine/read-back.ts'
import { statusAndCode } from '../../run/json-readers.ts'
import type { SuccessfulCall } from '../../transport/api-types.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { lastWrite, linkedPath, readsBack, show, type ReadTarget } from '../kit/written-reads.ts'

export const idempotency = {
  name: 'idempotency',
  proves: 'the same PUT twice leaves the same state; a repeat with the same x-idempotency key answers the same and books nothing again',
  runs: 'per operation',
  uses: ['reach'],
  steps: (options, operation) =>
    readsBack(operation) && (operation.method === 'put' || operation.idempotency !== undefined) ? [idempotencyStep(options, operation)] : [],
} as const satisfies Check<'idempotency'>

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
    async run(context: StepContext<JourneyState>) {
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
