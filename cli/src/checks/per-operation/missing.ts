// missing: an id that does not exist answers 404 [ensure_resource_availability's negative].
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { type Check, declares, kindOf, statusOf } from '../kit/check.ts'
import { placeholderFor } from '../kit/operation-requests.ts'

export const missing = {
  name: 'missing',
  proves: 'an id that does not exist answers 404',
  runs: 'per operation',
  schemathesis: 'ensure_resource_availability (its negative)',
  restler: 'InvalidDynamicObject (in part)',
  steps: (options, operation) => (operation.path.includes('{') && declares(operation, 404) ? [missingStep(options, operation)] : []),
} as const satisfies Check<'missing'>

function missingStep({ requests }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `missing:${id}`,
    name: `${id} answers 404 for an id that does not exist`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const request = requests.base(operation)
      const missing = placeholderFor(context.marker)
      const path = Object.fromEntries(Object.keys(request.path).map((name) => [name, missing]))
      const outcome = await context.call(id, requests.callOptions({ ...request, path }, { probe: true }))
      // an answer naming another resource is the loose-id check's finding, not a second one here
      if (outcome.status !== 404 && !outcome.violations.some((violation) => violation.kind === 'loose-id'))
        context.fail(`status 404 for ${missing}`, statusOf(outcome), { kind: 'probe', operationId: id })
    },
  }
}
