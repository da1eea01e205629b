// list: a customer's list holds only what they may read: every item listed is readable by its lister, and
// nothing of a second customer's is in it (nor theirs in the second one's).
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { getAtPointer } from '../../../../contract/engine/json-pointer.ts'
import { itemLinksOf } from '../../../../contract/engine/list-agreement.ts'
import { asRecord, asString, statusAndCode } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'

export const list = {
  name: 'list',
  proves: "every item a list shows is readable by its lister, and no item is in two customers' lists",
  runs: 'across operations',
  restler: 'NameSpaceRule (on lists)',
  steps: (options) => listSteps(options.contract, options.selected ?? (() => true)),
} as const satisfies Check<'list'>

/** How many listed items are read back, at most: enough to see a leak, not a crawl. */
const itemsRead = 10

/** The lists only a signed-in customer reads whose items link to a read of each. */
function listSteps(contract: ContractIndex, selected: (operation: OperationSpec) => boolean): StepDefinition<JourneyState>[] {
  return [...contract.operations.values()]
    .filter((operation) => operation.method === 'get' && operation.requiresAuth && !operation.path.includes('{') && selected(operation))
    .filter((operation) => itemLinksOf(contract, operation).length > 0)
    .map((list) => ({
      id: `list:${list.operationId}`,
      name: `${list.operationId} lists only what its customer may read`,
      kind: 'probe' as const,
      operationIds: [list.operationId],
      async run(context: StepContext<JourneyState>) {
        const { token, otherToken, email, otherEmail } = context.state
        if (token === undefined) context.skip('untested: needs a signed-in customer (--email/--password or --token)')
        const links = itemLinksOf(contract, list)
        const keysOf = async (auth: { token: string }) => {
          const answer = await context.call(list.operationId, { auth, probe: true })
          if (!answer.ok) context.fail(`${list.operationId} answers 2xx`, `status ${statusAndCode(answer)}`, { kind: 'probe', operationId: list.operationId })
          return links.map((link) => {
            const items = getAtPointer(answer.json, link.itemsPointer)
            return Array.isArray(items) ? items.flatMap((item) => asString(asRecord(item)?.[link.field]) ?? []) : []
          })
        }
        const mine = await keysOf({ token })
        for (const [index, link] of links.entries()) {
          for (const value of (mine[index] ?? []).slice(0, itemsRead)) {
            const read = await context.call(link.read.operationId, { path: { [link.parameter]: value }, probe: true })
            if (!read.ok) {
              context.fail(
                `every item ${list.operationId} lists readable by its customer with ${link.read.operationId}`,
                `${link.read.operationId} ${value}: status ${statusAndCode(read)} (a listed item that is not theirs?)`,
                { kind: 'probe', operationId: list.operationId },
              )
            }
          }
        }
        if (otherToken === undefined) {
          context.note('no second customer (--other-email): only "every item readable by its lister" was checked')
          return
        }
        const theirs = await keysOf({ token: otherToken })
        for (const [index, link] of links.entries()) {
          const shared = (mine[index] ?? []).filter((value) => (theirs[index] ?? []).includes(value))
          if (shared.length > 0) {
            context.fail(
              `nothing in both ${email ?? 'the customer'}'s and ${otherEmail ?? 'the other customer'}'s ${list.operationId}`,
              `both list ${link.field} ${shared.slice(0, 3).join(', ')}`,
              { kind: 'probe', operationId: list.operationId },
            )
          }
        }
      },
    }))
}
