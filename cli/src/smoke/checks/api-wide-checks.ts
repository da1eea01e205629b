import type { ExternalRequest } from '../transport/api-types.ts'
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { asRecord, asString, statusAndCode } from '../journey/journey-helpers.ts'
import type { JourneyState } from '../journey/journey-state.ts'
import { getAtPointer } from '../../../../contract/engine/json-pointer.ts'
import { placeholderFor } from './operation-requests.ts'
import type { StepContext, StepDefinition } from '../step-runner.ts'

// Checks over more than one operation (Schemathesis names in brackets):
//   method:<path>  a method the contract does not declare there → 405 with an Allow naming the declared ones,
//                  never 2xx/5xx [unsupported_method, allow_header_conformance]
//   list:<op>      a customer's list holds only what they may read: every item listed is readable by its
//                  lister, and nothing of a second customer's is in it (nor theirs in the second one's)

/** How many listed items are read back, at most: enough to see a leak, not a crawl. */
const itemsRead = 10
/** The methods tried where the contract does not declare them, in order of preference: PATCH first, as nothing here declares it. */
const undeclaredMethods: ReadonlyArray<ExternalRequest['method']> = ['PATCH', 'DELETE', 'PUT', 'POST']

/** One step per path of the contract, with an undeclared method; ids that do not exist, so nothing can change. */
export function methodSteps(contract: ContractIndex, selected: (operation: OperationSpec) => boolean): StepDefinition<JourneyState>[] {
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

type ListLink = { target: OperationSpec; field: string; itemsPointer: string; parameter: string }

/** The links from a list's items to the read of each (`$response.body#/0/id` → getBooking's id). */
function itemLinks(contract: ContractIndex, list: OperationSpec): ListLink[] {
  return (list.responses['200']?.links ?? []).flatMap((link) => {
    const target = contract.operations.get(link.operationId)
    const pathParameters = target?.parameters.filter((parameter) => parameter.in === 'path') ?? []
    if (target === undefined || target.method !== 'get' || pathParameters.length !== 1) return []
    return Object.entries(link.parameters).flatMap(([parameter, expression]) => {
      const match = /^\$response\.body#((?:\/[a-z_]+)*)\/0\/([a-z_]+)$/.exec(expression)
      return match === null ? [] : [{ target, field: match[2] as string, itemsPointer: match[1] as string, parameter: parameter.replace(/^path\./, '') }]
    })
  })
}

/** The lists only a signed-in customer reads whose items link to a read of each. */
export function listSteps(contract: ContractIndex, selected: (operation: OperationSpec) => boolean): StepDefinition<JourneyState>[] {
  return [...contract.operations.values()]
    .filter((operation) => operation.method === 'get' && operation.requiresAuth && !operation.path.includes('{') && selected(operation))
    .filter((operation) => itemLinks(contract, operation).length > 0)
    .map((list) => ({
      id: `list:${list.operationId}`,
      name: `${list.operationId} lists only what its customer may read`,
      kind: 'probe' as const,
      operationIds: [list.operationId],
      async run(context: StepContext<JourneyState>) {
        const { token, otherToken, email, otherEmail } = context.state
        if (token === undefined) context.skip('untested: needs a signed-in customer (--email/--password or --token)')
        const links = itemLinks(contract, list)
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
            const read = await context.call(link.target.operationId, { path: { [link.parameter]: value }, probe: true })
            if (!read.ok) {
              context.fail(
                `every item ${list.operationId} lists readable by its customer with ${link.target.operationId}`,
                `${link.target.operationId} ${value}: status ${statusAndCode(read)} (a listed item that is not theirs?)`,
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
