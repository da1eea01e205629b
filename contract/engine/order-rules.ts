// Declared order (contract fidelity): a list whose operation declares `x-order` (what its description promises in
// words: "newest first", "sorted by name") keeps it in every answer, the proxy's real traffic too. The comparison is
// core/list-order.ts, the one the mock sorts by: instants whatever their offset, text in the declared language's
// alphabet (accents and case aside), ties in any order.
import { collationOf, firstOutOfOrder } from '../../core/list-order.ts'
import type { AnswerScan, ScannedAnswer } from './response-checker.ts'

/** The list an answer holds: the body when it is an array, or a page's `items`. */
const listOf = (json: unknown): unknown[] | undefined => {
  if (Array.isArray(json)) return json
  const items = json !== null && typeof json === 'object' ? (json as Record<string, unknown>)['items'] : undefined
  return Array.isArray(items) ? items : undefined
}

/** What is out of order in an answer, when its operation declares an order; undefined when nothing is. */
export function orderProblem(answer: Pick<ScannedAnswer, 'operation' | 'request' | 'status' | 'json'>): { expected: string; actual: string } | undefined {
  const order = answer.operation?.order
  if (order === undefined || answer.status < 200 || answer.status >= 300) return undefined
  const items = listOf(answer.json)
  if (items === undefined) return undefined
  const locale = collationOf(order, new URL(answer.request.url, 'http://base.invalid').searchParams)
  const at = firstOutOfOrder(items, order, locale)
  if (at === undefined) return undefined
  const value = (index: number) => JSON.stringify((items[index] as Record<string, unknown> | null)?.[order.by])
  const how = `${order.by}, ${order.direction}${typeof order.collation === 'undefined' ? '' : ` (${locale})`}`
  return {
    expected: `the list in its declared order (x-order: ${how})`,
    actual: `item ${at} (${order.by} ${value(at)}) after item ${at - 1} (${value(at - 1)})`,
  }
}

export const orderScan = (): AnswerScan => ({
  kind: 'order',
  scan: (answer) => {
    const problem = orderProblem(answer)
    return problem === undefined ? [] : [problem]
  },
})
