// list-consistency: after every write the run makes (a booking made, changed, canceled), each list that shows
// what it wrote (My bookings) shows it at once — the item there, its fields as the item's own read shows them —
// or within the list's declared x-consistency-ms, re-read until then, never waited for blindly. Read right
// after the write, with its read (kit/written-reads.ts); compared by the engine (contract/engine/list-agreement.ts).
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import { readsBack, show } from '../kit/written-reads.ts'

export const listConsistency = {
  name: 'list-consistency',
  proves: 'after a write, every list that shows what it wrote shows it at once (or within its x-consistency-ms), as the item’s own read does',
  runs: 'per operation',
  uses: ['reach'],
  steps: (_options, operation) => (readsBack(operation) ? [listConsistencyStep(operation)] : []),
} as const satisfies Check<'list-consistency'>

function listConsistencyStep(operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `list-consistency:${id}`,
    name: `${id}: the lists show what it wrote`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const last = context.lastSuccess(id)
      if (last?.readBack === undefined) context.skip('untested: the run made no write of it that a read shows')
      const lists = last.readBack.lists ?? []
      if (lists.length === 0) context.skip(`untested: no list shows what ${last.readBack.operationId} reads`)
      const wrong: string[] = []
      for (const list of lists) {
        const waited = list.reads > 1 ? ` (read ${list.reads} times over ${list.waitedMs} ms)` : ''
        if (!list.agreement.shown) {
          if (list.agreement.paged) context.note(`${list.operationId}: ${list.id} is not on the first page (not judged)`)
          else wrong.push(`${list.operationId} does not show ${list.id}${waited}`)
        } else if (list.agreement.differences.length > 0) {
          const differences = list.agreement.differences.map(
            (difference) => `${difference.field} ${show(difference.listed)} where ${last.readBack!.operationId} reads ${show(difference.read)}`,
          )
          wrong.push(`${list.operationId} shows ${list.id} with ${differences.join(', ')}${waited}`)
        }
      }
      context.note(`${lists.map((list) => list.operationId).join(', ')} read right after it`)
      if (wrong.length > 0) {
        context.fail(`the lists show what ${id} wrote, as ${last.readBack.operationId} does`, wrong.join('; '), { kind: 'list-consistency', operationId: id })
      }
    },
  }
}
