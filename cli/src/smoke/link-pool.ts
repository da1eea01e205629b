import type { Answer } from './api-client.ts'
import { pathParamsOf, type ContractIndex, type OperationSpec, type ParameterLocation } from './contract-index.ts'
import { getAtPointer } from './json-pointer.ts'

// The values a run has learned for other operations' parameters, by following
// the contract's OpenAPI links: after every 2xx answer, each link declared on
// that response is evaluated (`$response.body#/0/id`, `$request.path.id`, ...)
// and the value is kept for the link's target operation. Any tool that reads
// links walks the same sequences (login → bookings → booking → payments ...).

export type LinkedValue = {
  value: string
  /** the operation whose answer gave it */
  from: string
  /**
   * the customer's own: the id of what an answer that needed a token is about
   * (`$request.path.*`, `$response.body#/id`, `#/0/id`), not an id it mentions
   * (a booking's travel group is anyone's)
   */
  private: boolean
}

/** Values for one operation's parameters, keyed `path.id`, `query.code`. */
export type LinkedParameters = ReadonlyMap<string, LinkedValue>

export type LinkPool = {
  observe(answer: Answer): void
  parametersFor(operationId: string): LinkedParameters
  /** `path.id` etc. that the operation needs and no link has given */
  missingFor(operation: OperationSpec): string[]
}

const ownIdExpression = /^\$request\.path\.|^\$response\.body#(\/\d+)?\/id$/

export const parameterKey = (location: ParameterLocation, name: string) => `${location}.${name}`

export function createLinkPool(contract: ContractIndex): LinkPool {
  // Map, not an object: keys come from the contract and answers (safe against __proto__).
  const pool = new Map<string, Map<string, LinkedValue>>()

  function observe(answer: Answer): void {
    const response = answer.operation.responses[String(answer.status)]
    if (response === undefined || response.links.length === 0) return
    const requestPath = pathParamsOf(contract, answer.operation, answer.url)
    const requestQuery = new URL(answer.url).searchParams
    for (const link of response.links) {
      const target = contract.operations.get(link.operationId)
      if (target === undefined) continue
      for (const [name, expression] of Object.entries(link.parameters)) {
        const value = evaluate(expression, { answer, requestPath, requestQuery })
        const key = qualify(target, name)
        if (value === undefined || key === undefined) continue
        const values = pool.get(target.operationId) ?? new Map<string, LinkedValue>()
        pool.set(target.operationId, values)
        // The first value found stays: the journey's own finds (the customer's first booking) come first.
        const owned = answer.operation.requiresAuth && ownIdExpression.test(expression)
        if (!values.has(key)) values.set(key, { value, from: answer.operation.operationId, private: owned })
      }
    }
  }

  return {
    observe,
    parametersFor: (operationId) => pool.get(operationId) ?? new Map(),
    missingFor(operation) {
      const known = pool.get(operation.operationId)
      return operation.parameters
        .filter((parameter) => parameter.required && (parameter.in === 'path' || parameter.in === 'query'))
        .map((parameter) => parameterKey(parameter.in, parameter.name))
        .filter((key) => !known?.has(key))
    },
  }
}

/** `id` → `path.id` (the operation's parameter of that name); `query.code` stays. */
function qualify(target: OperationSpec, name: string): string | undefined {
  const qualified = /^(path|query|header|cookie)\.(.+)$/.exec(name)
  if (qualified !== null) return name
  const parameter =
    target.parameters.find((candidate) => candidate.name === name && candidate.in === 'path') ?? target.parameters.find((candidate) => candidate.name === name)
  return parameter === undefined ? undefined : parameterKey(parameter.in, parameter.name)
}

type Sources = { answer: Answer; requestPath: ReadonlyMap<string, string>; requestQuery: URLSearchParams }

/** OpenAPI runtime expressions (the subset links use); a constant is itself. */
export function evaluate(expression: string, sources: Sources): string | undefined {
  const scalar = (value: unknown) =>
    (typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
  if (!expression.startsWith('$')) return expression
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expression)
  if (body !== null) return scalar(getAtPointer(body[1] === 'request' ? sources.answer.requestJson : sources.answer.json, body[2] ?? ''))
  const part = /^\$request\.(path|query|header)\.(.+)$/.exec(expression)
  if (part !== null) {
    if (part[1] === 'path') return sources.requestPath.get(part[2] as string)
    if (part[1] === 'query') return sources.requestQuery.get(part[2] as string) ?? undefined
    return undefined
  }
  const header = /^\$response\.header\.(.+)$/.exec(expression)
  if (header !== null) return sources.answer.headers.get(header[1] as string) ?? undefined
  return undefined
}
