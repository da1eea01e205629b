// reach: the operation answers a declared success with valid data, when the journey did not call it
// already: with the ids the run found or made (the contract's links), its own data sent back where it
// replaces the customer's, and signing out on a session of its own.
import { readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { type Check, kindOf } from '../kit/check.ts'
import { writableFields } from '../kit/operation-requests.ts'
import { signOut } from '../kit/sessions.ts'

export const reach = {
  name: 'reach',
  proves: 'the operation answers a declared success with valid data',
  runs: 'per operation',
  schemathesis: 'positive_data_acceptance (in part)',
  steps: (options, operation) => [reachStep(options, operation)],
} as const satisfies Check<'reach'>

function reachStep({ requests, calledLast, contract, validator }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `reach:${id}`,
    name: `${id} answers as declared`,
    kind: kindOf(operation, 'read'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const earlier = context.calls.find((call) => call.operationId === id && call.status !== undefined && !call.probe && call.explore !== true)
      if (earlier !== undefined) {
        context.note(`called by the journey (status ${earlier.status})`)
        return
      }
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      // Undoing what the run made (cancelling its booking) comes last, in the journey.
      if (operation.method !== 'get' && calledLast.has(id)) context.skip("called by the journey's clean-up, after these checks")
      if (operation.requiresAuth && requests.changesCredentials(operation)) {
        context.skip("untested with valid data: it changes the customer's credentials (its auth and negative checks still run)")
      }
      const request = requests.base(operation)
      const unknown = [...request.placeholders, ...request.missingBody]
      if (unknown.length > 0) context.skip(`untested: no value for ${unknown.join(', ')} (no answer linked to it)`)
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(`untested with valid data: it would change ${request.untouchable.join(', ')}, which is the customer's and was not made by this run`)
      }
      // A replacement of the customer's own resource (PUT /auth/profile) gets back what it reads: valid
      // data from the backend itself, and nothing of theirs changes.
      const sameRead = operation.method === 'put' && request.json !== undefined ? readOfSamePath(contract, operation) : undefined
      if (sameRead !== undefined) {
        const read = async () => (await context.call(sameRead.operationId, { path: request.path, probe: true })).json
        const before = await read()
        const body = writableFields(contract, validator, operation, before)
        if (body === undefined) {
          context.skip(
            `untested with valid data: it replaces the customer's ${sameRead.operationId} answer, and what that answered is not a valid body to send back`,
          )
        }
        await context.call(id, requests.callOptions({ ...request, json: body }))
        context.note(`sent back what ${sameRead.operationId} answered, so nothing of the customer's changes`)
        if (JSON.stringify(await read()) !== JSON.stringify(before)) {
          context.fail(`${sameRead.operationId} unchanged after ${id} with the same values`, 'it changed', { operationId: id })
        }
        return
      }
      // Signing out is tried on a session of its own, so the run keeps its own: never the main one.
      if (id === signOut && context.state.spareToken === undefined) context.skip('untested: no session of its own to sign out (the main one is kept)')
      const auth = id === signOut ? { auth: { token: context.state.spareToken as string } } : {}
      await context.call(id, requests.callOptions(request, auth))
    },
  }
}
