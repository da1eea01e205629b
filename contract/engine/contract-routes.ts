import type { ContractIndex, OperationSpec } from './contract-index.ts'
import { createOperationMatcher, type OperationMatcher } from './operation-matcher.ts'

// Operations by route: a method and a path template or a concrete URL path (the
// journey's fallback when an operationId is renamed, the coverage of a journal,
// the path parameters of an answer for the link pool).

/** One matcher per contract, made the first time a route of it is looked up. */
const matchers = new WeakMap<ContractIndex, OperationMatcher<OperationSpec>>()

const matcherOf = (contract: ContractIndex): OperationMatcher<OperationSpec> => {
  let matcher = matchers.get(contract)
  if (matcher === undefined) matchers.set(contract, (matcher = createOperationMatcher([...contract.operations.values()])))
  return matcher
}

/**
 * Finds the operation for a method and either a template (`/booking/{id}`) or a concrete path
 * (`/api/customer/booking/42?x=1`, under the contract's base path or not), by the one matching rule
 * (operation-matcher.ts): literal segments beat parameters, so `/booking/rooms` is not `/booking/{id}`.
 */
export function findOperationByRoute(contract: ContractIndex, method: string, pathOrTemplate: string): OperationSpec | undefined {
  let path = pathOrTemplate.split('?')[0] ?? ''
  if (contract.basePath !== '' && (path === contract.basePath || path.startsWith(`${contract.basePath}/`))) {
    path = path.slice(contract.basePath.length) || '/'
  }
  return matcherOf(contract).match(method, path)?.operation
}

/**
 * The path parameters of a concrete path of `operation` (under the API's base URL, whatever base path
 * the backend serves it on), by name (decoded).
 */
export function pathParamsOf(operation: OperationSpec, apiPath: string): Map<string, string> {
  const params = new Map<string, string>()
  const found = createOperationMatcher([operation]).match(operation.method, apiPath)
  for (const [name, value] of Object.entries(found?.params ?? {})) params.set(name, safeDecode(value))
  return params
}

/** A path segment decoded; as sent when it is not valid percent-encoding (`%zz`, a lone `%`). */
export const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The GET on exactly this path: what a PUT there replaces (PUT /auth/profile and GET /auth/profile). */
export function readOfSamePath(contract: ContractIndex, operation: OperationSpec): OperationSpec | undefined {
  return [...contract.operations.values()].find((candidate) => candidate.method === 'get' && candidate.path === operation.path)
}

/** The read that shows what a write would change: the GET on the longest prefix of the write's path. */
export function parentRead(contract: ContractIndex, operation: OperationSpec): OperationSpec | undefined {
  if (operation.method === 'get') return undefined
  return [...contract.operations.values()]
    .filter((candidate) => candidate.method === 'get' && candidate.path.includes('{') && operation.path.startsWith(candidate.path))
    .sort((a, b) => b.path.length - a.path.length)[0]
}
