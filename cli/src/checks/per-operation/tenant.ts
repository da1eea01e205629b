// tenant: another tenant's agency id, and none, are refused (400/401/403/404 as declared), never served
// as some default tenant [missing_required_header].
import type { ContractIndex } from '../../../../contract/engine/contract-index.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { type Check, declares, kindOf, statusOf } from '../kit/check.ts'
import { placeholderFor } from '../kit/operation-requests.ts'

export const tenant = {
  name: 'tenant',
  proves: "another tenant's agency id, and none, are refused",
  runs: 'per operation',
  schemathesis: 'missing_required_header (the header left out only)',
  steps: (options, operation) => (usesTenant(options.contract, operation) ? [tenantStep(options, operation)] : []),
} as const satisfies Check<'tenant'>

/** The operation needs the tenant: a required header parameter of that name, or (modelled as a credential) in every security requirement. */
const usesTenant = (contract: ContractIndex, operation: OperationSpec) => {
  const header = contract.tenantHeader?.toLowerCase()
  if (header === undefined) return false
  const parameter = operation.parameters.find((candidate) => candidate.in === 'header' && candidate.name.toLowerCase() === header)
  if (parameter !== undefined) return parameter.required
  return (
    operation.security.length > 0 &&
    operation.security.every((requirement) => Object.keys(requirement).some((name) => contract.securitySchemes[name]?.name?.toLowerCase() === header))
  )
}

function tenantStep({ requests, otherAgencyId, contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const accepted = [400, 401, 403, 404].filter((status) => declares(operation, status))
  return {
    id: `tenant:${id}`,
    name: `${id} refuses another tenant's agency id, and a request without one`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (accepted.length === 0) context.skip('untested: the operation declares none of 400, 401, 403, 404')
      // A real tenant serves its public data to anyone: only this customer's session must not work there.
      if (otherAgencyId !== undefined && !operation.requiresAuth) context.skip(`public: ${otherAgencyId} serves its own data to anyone`)
      const agency = otherAgencyId ?? `agency-${placeholderFor(context.marker)}`
      const header = contract.tenantHeader as string
      const request = requests.base(operation)
      // A valid write to something of the customer's would change it on a backend that ignores the tenant.
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(
          `not checked: it would change ${request.untouchable.join(', ')} on a backend that ignores the tenant, which is the customer's and was not made by this run`,
        )
      }
      const outcome = await context.call(id, requests.callOptions(request, { headers: { [header]: agency }, probe: true }))
      if (!accepted.includes(outcome.status)) {
        context.fail(
          `status ${accepted.join(' or ')} with agency ${agency}${otherAgencyId === undefined ? ' (which does not exist)' : ''}`,
          `${statusOf(outcome)}${outcome.ok ? ": another tenant's request was served" : ''}`,
          { kind: 'probe', operationId: id },
        )
      }
      // The required header left out: refused, never served as some default tenant [missing_required_header].
      const without = await context.call(id, requests.callOptions(request, { omitHeaders: [header], probe: true }))
      if (!accepted.includes(without.status)) {
        context.fail(
          `status ${accepted.join(' or ')} without the ${header} header`,
          `${statusOf(without)}${without.ok ? ': served as some default tenant' : ''}`,
          {
            kind: 'probe',
            operationId: id,
          },
        )
      }
    },
  }
}
