// undeclared-path: what the contract does not declare under the API's base is not served (OWASP API9, improper
// inventory): an old version, an admin or debug console, a framework's actuator, an API description, a file of the
// deployment, a path that climbs out of the base once decoded. Each is a 404 (or 401, 403, 405, a redirect, a 400
// for a path it will not read), never a 2xx with a body and never a 5xx. A `..` or `%2e%2e` segment is folded away by
// URL parsing before it is sent, so the climbs are the encodings that survive it: `..%2f` and a double-encoded
// `%252e%252e`. Sent with the customer's session, as a leaked console would be reached.
import type { ContractIndex } from '../../../../contract/engine/contract-index.ts'
import { findOperationByRoute } from '../../../../contract/engine/contract-routes.ts'
import type { Check, CheckStep } from '../kit/check.ts'

export const undeclaredPath = {
  name: 'undeclared-path',
  proves:
    'paths the contract does not declare under the base (old versions, admin, debug, actuator, API descriptions, climbs out of the base) are not served: no 2xx with a body, no 5xx',
  runs: 'across operations',
  zap: '40035 Hidden File Finder, 40034 .env Information Leak, 41 Source Code Disclosure - Git',
  steps: (options) => undeclaredPathSteps(options.contract),
} as const satisfies Check<'undeclared-path'>

/** What is tried, each under the base; `{list}` is the path of the contract's first read of the customer's (under an old version). */
export const UNDECLARED_PATHS = [
  '/v1{list}',
  '/v0{list}',
  '/admin',
  '/debug',
  '/actuator',
  '/actuator/env',
  '/swagger.json',
  '/swagger-ui.html',
  '/api-docs',
  '/.env',
  '/.git/config',
  '/server-status',
  '/..%2f..%2fadmin',
  '/%252e%252e/%252e%252e/admin',
] as const

function undeclaredPathSteps(contract: ContractIndex): CheckStep[] {
  // a customer's read, as an old version would still serve it
  const reads = [...contract.operations.values()].filter((operation) => operation.method === 'get' && !operation.path.includes('{'))
  const list = (reads.find((operation) => operation.requiresAuth) ?? reads[0])?.path ?? '/'
  return UNDECLARED_PATHS.map((template) => template.replace('{list}', list))
    .filter((path) => findOperationByRoute(contract, 'GET', path) === undefined)
    .map((path) => ({
      id: `undeclared-path:${path}`,
      name: `GET ${path}, which the contract does not declare, is not served`,
      kind: 'probe' as const,
      async run(context) {
        const answer = await context.undeclared('GET', path)
        const body = answer.text.trim()
        if (answer.status >= 500) context.fail(`a 404 for GET ${path} (not declared)`, `status ${answer.status}: a server error`, { kind: 'probe' })
        if (answer.status >= 200 && answer.status < 300 && body !== '') {
          context.fail(`a 404 for GET ${path} (not declared)`, `status ${answer.status} with a body: ${body.slice(0, 120)}`, { kind: 'probe' })
        }
      },
    }))
}
