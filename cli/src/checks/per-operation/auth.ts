// auth: without a token and with a signed-out one, every operation that needs a session answers 401.
import { readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { type Check, kindOf, statusOf } from '../kit/check.ts'
import { placeholderFor, writableFields } from '../kit/operation-requests.ts'

export const auth = {
  name: 'auth',
  proves: 'no token and a signed-out token are refused with 401',
  runs: 'per operation',
  schemathesis: 'ignored_auth, use_after_free (in part)',
  zap: 'Access Control Testing add-on (users and rules set up by hand)',
  steps: (options, operation) => (operation.requiresAuth ? [authStep(options, operation)] : []),
} as const satisfies Check<'auth'>

function authStep({ requests, contract, validator }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const authProbeRequest = async (context: StepContext<JourneyState>, probed: OperationSpec) => {
    const request = requests.base(probed)
    if (probed.method === 'get') return request
    if (Object.keys(request.path).length > 0) {
      const missing = placeholderFor(context.marker)
      return { ...request, path: Object.fromEntries(Object.keys(request.path).map((name) => [name, missing])) }
    }
    if (requests.changesCredentials(probed)) return { ...request, json: {} }
    const sameRead = readOfSamePath(contract, probed)
    if (sameRead === undefined || context.state.token === undefined) return request
    const current = (await context.call(sameRead.operationId, { path: request.path, probe: true })).json
    return { ...request, json: writableFields(contract, validator, probed, current) ?? {} }
  }
  return {
    id: `auth:${id}`,
    name: `${id} refuses a missing or revoked token`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      // A schema-valid body: a backend that validates before checking the token is not blamed. A read
      // goes to real ids; a write can never change anything on a backend that ignores the token: its ids
      // do not exist (auth answers 401 before any lookup; a 404 shows the fault, and nothing was touched),
      // a replacement sends back what it reads, and credentials are never sent.
      const request = await authProbeRequest(context, operation)
      const tries: Array<{ label: string; auth: 'none' | { token: string } }> = [{ label: 'without a token', auth: 'none' }]
      if (context.state.revokedToken !== undefined) tries.push({ label: 'with a signed-out token', auth: { token: context.state.revokedToken } })
      else context.note('no revoked token to try (needs --email/--password)')
      for (const attempt of tries) {
        const outcome = await context.call(id, requests.callOptions(request, { auth: attempt.auth, probe: true }))
        if (outcome.status !== 401) {
          context.fail(`status 401 ${attempt.label}`, `${statusOf(outcome)}${outcome.ok ? ': served without a valid session' : ''}`, {
            kind: 'probe',
            operationId: id,
          })
        }
      }
    },
  }
}
