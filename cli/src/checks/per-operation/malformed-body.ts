// malformed-body: every operation that takes JSON gets bodies it cannot read (contract/engine/malformed-bodies.ts)
// with the right content type and the session, so only the body is wrong: a declared 4xx each time. A 5xx
// or an undeclared status is the response checker's finding; a success is this check's. What the run did not
// make only ever gets text that is not JSON: a backend cannot act on it as data.
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import { malformedBodies, refusesMalformedBody } from '../../../../contract/engine/malformed-bodies.ts'
import { statusAndCode } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'

export const malformedBody = {
  name: 'malformed-body',
  proves: 'text that is not JSON, an empty body, JSON null and JSON of the wrong top-level type are refused with a declared 4xx',
  runs: 'per operation',
  schemathesis: 'negative_data_rejection, not_a_server_error (its mutated bodies)',
  restler: 'PayloadBody (its 5xx only)',
  steps: malformedBodySteps,
} as const satisfies Check<'malformed-body'>

function malformedBodySteps(options: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState>[] {
  const bodies = malformedBodies(options.contract, operation)
  if (bodies.length === 0) return []
  const id = operation.operationId
  return [
    {
      id: `malformed-body:${id}`,
      name: `${id} refuses a body it cannot read with a declared 4xx`,
      kind: operation.method === 'get' ? 'probe' : 'write',
      operationIds: [id],
      async run(context: StepContext<JourneyState>) {
        if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
        const request = options.requests.base(operation)
        const replaces = operation.method === 'put' && readOfSamePath(options.contract, operation) !== undefined
        const notMade = request.untouchable.length > 0 || replaces || options.requests.changesCredentials(operation)
        const sent = notMade ? bodies.filter((body) => !body.appliable) : bodies
        if (sent.length < bodies.length) {
          context.note(
            `only text that is not JSON: ${request.untouchable.length > 0 ? request.untouchable.join(', ') : "the customer's own data"} was not made by this run, and a backend could act on the other malformed bodies`,
          )
        }
        const accepted: string[] = []
        for (const body of sent) {
          const { json: _valid, form: _form, ...rest } = options.requests.callOptions(request)
          const outcome = await context.call(id, { ...rest, text: { contentType: body.contentType, text: body.text }, probe: true })
          // a 5xx or an undeclared status is already the response checker's finding
          if (outcome.violations.length > 0 || refusesMalformedBody(operation, outcome.status)) continue
          accepted.push(`${body.what}: ${statusAndCode(outcome)}${outcome.ok ? ' (accepted)' : ''}`)
        }
        if (accepted.length > 0) context.fail('a declared 4xx for a body it cannot read', accepted.join('; '), { kind: 'probe', operationId: id })
      },
    },
  ]
}
