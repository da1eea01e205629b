// method: on every path of the contract, a method it does not declare there answers 405 with an Allow that
// names the declared ones, never 2xx or 5xx [unsupported_method, allow_header_conformance]; ids that do not
// exist, so nothing can change.
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { ExternalRequest } from '../../transport/api-types.ts'
import type { Check } from '../kit/check.ts'
import { placeholderFor } from '../kit/operation-requests.ts'

export const method = {
  name: 'method',
  proves: "a method the contract does not declare answers 405 with an Allow naming the path's methods",
  runs: 'across operations',
  schemathesis: 'unsupported_method, allow_header_conformance',
  zap: '90028 Insecure HTTP Method',
  steps: (options) => methodSteps(options.contract, options.selected ?? (() => true)),
} as const satisfies Check<'method'>

/** The methods tried where the contract does not declare them, in order of preference: PATCH first, as nothing here declares it. */
const undeclaredMethods: ReadonlyArray<ExternalRequest['method']> = ['PATCH', 'DELETE', 'PUT', 'POST']

/** One step per path of the contract, with an undeclared method; ids that do not exist, so nothing can change. */
function methodSteps(contract: ContractIndex, selected: (operation: OperationSpec) => boolean): StepDefinition<JourneyState>[] {
  const byPath = new Map<string, OperationSpec[]>()
  for (const operation of contract.operations.values()) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation])
  return [...byPath.entries()]
    .filter(([, operations]) => operations.some(selected))
    .flatMap(([path, operations]) => {
      const declared = new Set(operations.map((operation) => operation.method.toUpperCase()))
      const method = undeclaredMethods.find((candidate) => !declared.has(candidate))
      if (method === undefined) return []
      const first = operations[0] as OperationSpec
      return [
        {
          id: `method:${path}`,
          name: `${path} refuses ${method}, which the contract does not declare there`,
          kind: 'probe' as const,
          operationIds: [first.operationId],
          async run(context: StepContext<JourneyState>) {
            const missing = placeholderFor(context.marker)
            const apiPath = path.replace(/\{[^}]+\}/g, missing)
            const answer = await context.undeclared(method, apiPath)
            const allow = answer.headers.get('allow')
            if (answer.status !== 405) {
              context.fail(
                `status 405 for ${method} ${path} (declared: ${[...declared].join(', ')})`,
                `status ${answer.status}${answer.status < 300 ? ': an undeclared method was served' : answer.status >= 500 ? ': a server error' : ''}`,
                { kind: 'probe', operationId: first.operationId },
              )
            }
            if (allow === null) {
              context.fail(`an Allow header on the 405 (RFC 9110 §15.5.6)`, 'no Allow header', { kind: 'probe', operationId: first.operationId })
            }
            // It names what the path serves: every declared method, nothing else (HEAD and OPTIONS come free),
            // on the 405 and on an OPTIONS that answers with one [allow_header_conformance].
            if (!allowMatches(allow, declared)) {
              context.fail(`Allow: the declared methods ${[...declared].join(', ')}`, `Allow: ${allow}`, { kind: 'probe', operationId: first.operationId })
            }
            const options = await context.undeclared('OPTIONS', apiPath)
            const optionsAllow = options.headers.get('allow')
            if (options.status < 300 && optionsAllow !== null && !allowMatches(optionsAllow, declared)) {
              context.fail(`Allow on OPTIONS: the declared methods ${[...declared].join(', ')}`, `Allow: ${optionsAllow}`, {
                kind: 'probe',
                operationId: first.operationId,
              })
            }
          },
        },
      ]
    })
}

/** An Allow header that lists the declared methods and no other (HEAD and OPTIONS aside). */
function allowMatches(allow: string, declared: ReadonlySet<string>): boolean {
  const allowed = new Set(
    allow
      .split(',')
      .map((item) => item.trim().toUpperCase())
      .filter((item) => item !== ''),
  )
  const extra = [...allowed].filter((item) => !declared.has(item) && item !== 'HEAD' && item !== 'OPTIONS')
  return [...declared].every((item) => allowed.has(item)) && extra.length === 0
}
