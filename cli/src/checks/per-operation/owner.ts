// owner: another customer gets 404 for this customer's resource, and nothing of it changes (RESTler's
// NameSpaceRule: a resource of one user reached with another's credentials).
import { parentRead } from '../../../../contract/engine/contract-routes.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { type Check, kindOf, statusOf } from '../kit/check.ts'

export const owner = {
  name: 'owner',
  proves: "another customer gets 404 for this customer's resource, and changes nothing",
  runs: 'per operation',
  restler: 'NameSpaceRule',
  zap: 'Access Control Testing add-on (users and rules set up by hand)',
  steps: (options, operation) => (operation.requiresAuth && operation.path.includes('{') ? [ownerStep(options, operation)] : []),
} as const satisfies Check<'owner'>

function ownerStep({ requests, contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const read = parentRead(contract, operation)
  return {
    id: `owner:${id}`,
    name: `${id} hides this customer's data from another customer`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const otherToken = context.state.otherToken
      if (otherToken === undefined) context.skip('untested: needs a second customer (--other-email/--other-password)')
      const request = requests.base(operation)
      if (request.placeholders.length > 0) context.skip(`untested: no value for ${request.placeholders.join(', ')} (no answer linked to it)`)
      if (!request.privatePath) context.skip("not checked: no path value is the id of something only this customer's answers gave (decision 014)")
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(
          `not checked: it would change ${request.untouchable.join(', ')} on a backend that lets another customer write, which is the customer's and was not made by this run`,
        )
      }
      const snapshot = async () =>
        read === undefined ? undefined : (await context.call(read.operationId, { path: requests.base(read).path, probe: true })).text()
      const before = await snapshot()
      const outcome = await context.call(id, requests.callOptions(request, { auth: { token: otherToken }, probe: true }))
      if (outcome.status !== 404) {
        context.fail(
          `status 404 for ${context.state.otherEmail ?? 'the other customer'}`,
          `${statusOf(outcome)}${outcome.ok ? ": another customer's data was served or changed" : ''}`,
          {
            kind: 'probe',
            operationId: id,
          },
        )
      }
      if (read !== undefined && before !== (await snapshot())) {
        context.fail(`${read.operationId} unchanged for the owner after the refused ${id}`, 'it changed', { kind: 'probe', operationId: id })
      }
    },
  }
}
