// order: every list answer of an operation that declares `x-order` keeps it (contract fidelity: what a description
// promises in words, "newest first", "sorted by name", declared so a machine can hold the backend to it). The rule is
// the engine's (contract/engine/order-rules.ts) on every answer, the proxy's real traffic too. A run's own reads give
// it lists to read; a list under an id (a booking's notices) is also read for the other ids the run found, since an
// order shows only in a list of two items or more.
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { orderScan } from '../../../../contract/engine/order-rules.ts'
import { idOf, listItems } from '../../run/json-readers.ts'
import type { Check, CheckStep } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { parameterKey } from '../kit/link-pool.ts'

/** The ids a list under an id is read for, at most, until one holds two items: a bound on the calls it adds. */
const MAX_IDS = 20

export const order = {
  name: 'order',
  proves: 'a list whose operation declares x-order (newest first, sorted by name in a language) answers in that order',
  runs: 'every answer',
  scan: orderScan,
  probes: (options) => orderProbes(options),
} as const satisfies Check<'order'>

function orderProbes({ contract, requests, pool, selected }: CheckOptions): CheckStep[] {
  const lists = [...contract.operations.values()].filter(
    (operation): operation is OperationSpec & { order: NonNullable<OperationSpec['order']> } =>
      operation.order !== undefined && operation.method === 'get' && operation.path.includes('{') && selected?.(operation) !== false,
  )
  return lists.map((operation) => ({
    id: `order:${operation.operationId}`,
    name: `${operation.operationId} lists in its declared order, for every id the run found`,
    kind: 'probe',
    operationIds: [operation.operationId],
    async run(context) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const request = requests.base(operation)
      const names = Object.keys(request.path)
      if (names.length !== 1 || request.placeholders.length > 0) context.skip('untested: the run found no id for its path')
      const name = names[0] as string
      // the ids found for it, and those the collection it lists under holds (`/booking` for a booking's notices)
      const parent = [...contract.operations.values()].find(
        (candidate) => candidate.method === 'get' && candidate.path.endsWith(`/{${name}}`) && operation.path.startsWith(`${candidate.path}/`),
      )
      const collectionPath = parent?.path.slice(0, -`/{${name}}`.length)
      const collection = [...contract.operations.values()].find((candidate) => candidate.method === 'get' && candidate.path === collectionPath)
      const listed =
        collection === undefined || requests.base(collection).placeholders.length > 0
          ? []
          : listItems((await context.call(collection.operationId, requests.callOptions(requests.base(collection), { probe: true }))).json).flatMap(
              (item) => idOf(item) ?? [],
            )
      const found = [...pool.valuesFor(operation.operationId, parameterKey('path', name)), ...listed].reverse()
      // the run's own first, then the longest-standing (a list newest first ends with them): they have the most in them
      const ids = [...new Set([request.path[name] as string, ...found])].slice(0, MAX_IDS)
      // until a list long enough to have an order; each answer is read by the scan, as every answer is
      let longest = 0
      let read = 0
      for (const id of ids) {
        const outcome = await context.call(operation.operationId, requests.callOptions({ ...request, path: { [name]: id } }, { probe: true }))
        read += 1
        longest = Math.max(longest, Array.isArray(outcome.json) ? outcome.json.length : 0)
        if (longest >= 2) break
      }
      if (longest < 2) context.skip(`untested: ${read} list${read === 1 ? '' : 's'} read, none of two items or more`)
      context.note(`${read} list${read === 1 ? '' : 's'} read, the last of ${longest} items`)
    },
  }))
}
