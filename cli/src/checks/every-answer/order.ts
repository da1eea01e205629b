// order: every list answer of an operation that declares `x-order` keeps it (contract fidelity: what a description
// promises in words, "newest first", "sorted by name", declared so a machine can hold the backend to it). The rule is
// the engine's (contract/engine/order-rules.ts) on every answer, the proxy's real traffic too; the run's own reads of
// those lists give it something to read.
import { orderScan } from '../../../../contract/engine/order-rules.ts'
import type { Check } from '../kit/check.ts'

export const order = {
  name: 'order',
  proves: 'a list whose operation declares x-order (newest first, sorted by name in a language) answers in that order',
  runs: 'every answer',
  scan: orderScan,
} as const satisfies Check<'order'>
