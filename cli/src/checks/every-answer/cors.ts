// cors: no answer lets another site read it with the caller's credentials — a foreign origin (or `null`) named back in
// Access-Control-Allow-Origin with Access-Control-Allow-Credentials: true, or `*` with credentials (OWASP API8). The
// rule is the engine's (contract/engine/cors-rules.ts) and reads every answer, the proxy's real traffic too; a run
// provokes it: a read the customer's session makes and one anyone makes, each from three foreign origins (another
// site, `null`, the portal's host with another site after it), each with its preflight.
import { corsProblem, corsScan, foreignOrigins } from '../../../../contract/engine/cors-rules.ts'
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { Check, CheckStep } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'

export const cors = {
  name: 'cors',
  proves:
    'no answer or preflight lets another site read it with the caller’s credentials (its origin, or null, named back with credentials; * with credentials)',
  runs: 'every answer',
  zap: '40040 CORS Header',
  scan: corsScan,
  probes: (options) => corsProbes(options),
} as const satisfies Check<'cors'>

function corsProbes(options: CheckOptions): CheckStep[] {
  const reads = [...options.contract.operations.values()].filter(
    (operation) => operation.method === 'get' && !operation.path.includes('{') && options.selected?.(operation) !== false,
  )
  // one a session reads, one anyone reads: a backend often sets its CORS apart for each
  const chosen = [reads.find((operation) => operation.requiresAuth), reads.find((operation) => operation.bearer === 'none')].filter(
    (operation): operation is OperationSpec => operation !== undefined,
  )
  return chosen.map((operation) => ({
    id: `cors:${operation.operationId}`,
    name: `${operation.operationId} lets no other site read it with the caller's credentials`,
    kind: 'probe',
    operationIds: [operation.operationId],
    async run(context) {
      for (const origin of foreignOrigins(context.state.agencyUrl)) {
        // the answer is read by the scan, as every answer is
        await context.call(operation.operationId, { headers: { Origin: origin }, probe: true })
        const preflight = await context.undeclared('OPTIONS', operation.path, {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        })
        const problem = corsProblem(origin, preflight.headers)
        if (problem !== undefined) context.fail(problem.expected, `${problem.actual}, on the preflight`, { kind: 'cors', operationId: operation.operationId })
      }
    },
  }))
}
