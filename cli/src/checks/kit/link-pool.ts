import type { Answer } from '../../transport/api-types.ts'
import type { ContractIndex, OperationSpec, ParameterLocation } from '../../../../contract/engine/contract-index.ts'
import { pathParamsOf } from '../../../../contract/engine/contract-routes.ts'
import { getAtPointer } from '../../../../contract/engine/json-pointer.ts'

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
   * (`$response.body#/id`, `#/0/id`, `#/booking_id`, or a path value that was
   * theirs already), not an id it mentions (a booking's travel group is anyone's)
   */
  private: boolean
  /** made by this run: it came from a write's answer, or from an answer about something the run made */
  created: boolean
}

/** Values for one operation's parameters, keyed `path.id`, `query.code`. */
export type LinkedParameters = ReadonlyMap<string, LinkedValue>

/** Request body fields the links give an operation, by JSON pointer (`/member_id`, `/term_ids/0`). */
export type LinkedBody = ReadonlyMap<string, unknown>

export type LinkPool = {
  observe(answer: Answer): void
  /**
   * the body fields found for an operation: with `created`, only from answers about what the run made
   * (a body goes with its path: a member of the run's booking, for a write to the run's booking)
   */
  bodyFor(operationId: string, options?: { created?: boolean }): LinkedBody
  /**
   * The first value found for each parameter, or with `preferCreated` the first the run made when
   * there is one: a write goes to what the run booked, not to the customer's own bookings.
   */
  parametersFor(operationId: string, options?: { preferCreated?: boolean }): LinkedParameters
  /** every value found for one parameter of an operation (`path.id`), in the order found */
  valuesFor(operationId: string, key: string): readonly string[]
  /**
   * The values one answer's link gave an operation together, by `path.id` and `body/member_id`: a child with
   * its parent (an invoice with its booking), for the hierarchy check. At most 20 per operation.
   */
  families(operationId: string): ReadonlyArray<ReadonlyMap<string, LinkedValue>>
}

const MAX_FAMILIES = 20

/** the id of what the answer is about: `#/id`, `#/0/id` (a list's first), `#/booking_id` (what a write made) */
const ownIdExpression = /^\$response\.body#(\/\d+)?\/([a-z]+_)?id$/

export const parameterKey = (location: ParameterLocation, name: string) => `${location}.${name}`

export function createLinkPool(contract: ContractIndex): LinkPool {
  // Maps, not objects: keys come from the contract and answers (safe against __proto__).
  const pool = new Map<string, Map<string, LinkedValue>>()
  const createdPool = new Map<string, Map<string, LinkedValue>>()
  const createdValues = new Set<string>()
  const privateValues = new Set<string>()
  const bodies = new Map<string, Map<string, unknown>>()
  const createdBodies = new Map<string, Map<string, unknown>>()
  const allValues = new Map<string, string[]>()
  const familiesOf = new Map<string, Map<string, LinkedValue>[]>()
  const remember = (operationId: string, family: Map<string, LinkedValue>) => {
    const known = familiesOf.get(operationId) ?? []
    familiesOf.set(operationId, known)
    const same = (other: Map<string, LinkedValue>) => other.size === family.size && [...family].every(([key, linked]) => other.get(key)?.value === linked.value)
    if (family.size > 0 && known.length < MAX_FAMILIES && !known.some(same)) known.push(family)
  }
  const keepFirst = (store: Map<string, Map<string, unknown>>, operationId: string, pointer: string, value: unknown) => {
    const fields = store.get(operationId) ?? new Map<string, unknown>()
    store.set(operationId, fields)
    if (!fields.has(pointer)) fields.set(pointer, value)
  }

  function observe(answer: Answer): void {
    const response = answer.operation.responses[String(answer.status)]
    if (response === undefined || response.links.length === 0) return
    const requestPath = pathParamsOf(answer.operation, answer.apiPath)
    const requestQuery = new URL(answer.url).searchParams
    // An answer is about something the run made when it answers a write, or reads what a write made.
    const aboutCreated = answer.operation.method !== 'get' || [...requestPath.values()].some((value) => createdValues.has(value))
    for (const link of response.links) {
      const target = contract.operations.get(link.operationId)
      if (target === undefined) continue
      const family = new Map<string, LinkedValue>()
      for (const { pointer, leaf } of bodyLeaves(link.requestBody)) {
        const value = typeof leaf === 'string' && leaf.startsWith('$') ? evaluate(leaf, { answer, requestPath, requestQuery }) : leaf
        if (value === undefined) continue
        if (typeof value === 'string') family.set(`body${pointer}`, { value, from: answer.operation.operationId, private: false, created: aboutCreated })
        keepFirst(bodies, target.operationId, pointer, value)
        if (aboutCreated) keepFirst(createdBodies, target.operationId, pointer, value)
      }
      for (const [name, expression] of Object.entries(link.parameters)) {
        const value = evaluate(expression, { answer, requestPath, requestQuery })
        const key = qualify(target, name)
        if (value === undefined || key === undefined) continue
        const seen = allValues.get(`${target.operationId} ${key}`) ?? []
        allValues.set(`${target.operationId} ${key}`, seen)
        if (!seen.includes(value)) seen.push(value)
        const values = pool.get(target.operationId) ?? new Map<string, LinkedValue>()
        pool.set(target.operationId, values)
        // The first value found stays: the journey's own finds (the customer's first booking) come first.
        // The id an answer is about is the customer's own when the answer needed a session; a path value
        // passed on is theirs when it was theirs already, or when the links give that operation the
        // customer's own ids (any booking getBooking serves to them); a travel group is anyone's.
        const owned = expression.startsWith('$request.path.')
          ? privateValues.has(value) ||
            (answer.operation.requiresAuth &&
              pool.get(answer.operation.operationId)?.get(`path.${expression.slice('$request.path.'.length)}`)?.private === true)
          : answer.operation.requiresAuth && ownIdExpression.test(expression)
        if (owned) privateValues.add(value)
        const linked = { value, from: answer.operation.operationId, private: owned, created: aboutCreated }
        family.set(key, linked)
        if (!values.has(key)) values.set(key, linked)
        if (aboutCreated) {
          createdValues.add(value)
          const made = createdPool.get(target.operationId) ?? new Map<string, LinkedValue>()
          createdPool.set(target.operationId, made)
          if (!made.has(key)) made.set(key, linked)
        }
      }
      remember(target.operationId, family)
    }
  }

  return {
    observe,
    bodyFor(operationId, options = {}) {
      return (options.created === true ? createdBodies : bodies).get(operationId) ?? new Map<string, unknown>()
    },
    parametersFor(operationId, options = {}) {
      const first = pool.get(operationId) ?? new Map<string, LinkedValue>()
      const made = createdPool.get(operationId)
      return options.preferCreated === true && made !== undefined ? new Map([...first, ...made]) : first
    },
    valuesFor: (operationId, key) => allValues.get(`${operationId} ${key}`) ?? [],
    families: (operationId) => familiesOf.get(operationId) ?? [],
  }
}

/** The fields a link's requestBody gives, by JSON pointer: its leaves (a value, or an expression to evaluate). */
export function bodyLeaves(requestBody: unknown, pointer = ''): Array<{ pointer: string; leaf: unknown }> {
  if (requestBody === undefined) return []
  if (Array.isArray(requestBody)) return requestBody.flatMap((item, index) => bodyLeaves(item, `${pointer}/${index}`))
  if (requestBody !== null && typeof requestBody === 'object') {
    return Object.entries(requestBody).flatMap(([key, item]) => bodyLeaves(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`))
  }
  return [{ pointer, leaf: requestBody }]
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
