import type { ContractIndex, OperationSpec } from './contract-index.ts'

// Operations by route: a method and a path template or a concrete URL path (the
// journey's fallback when an operationId is renamed, the coverage of a journal,
// the path parameters of an answer for the link pool).

/** `/booking/{id}` and `/booking/{bookingId}` are the same route. */
export function normaliseTemplate(template: string): string {
  return template.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '') || '/'
}

/**
 * Finds the operation for a method and either a template (`/booking/{id}`) or
 * a concrete path (`/api/customer/booking/42?x=1`). Literal segments beat
 * parameters, so `/booking/rooms` is not taken for `/booking/{id}`.
 */
export function findOperationByRoute(contract: ContractIndex, method: string, pathOrTemplate: string): OperationSpec | undefined {
  const wantedMethod = method.toLowerCase()
  let path = pathOrTemplate.split('?')[0] ?? ''
  if (contract.basePath !== '' && (path === contract.basePath || path.startsWith(`${contract.basePath}/`))) {
    path = path.slice(contract.basePath.length) || '/'
  }
  const candidates = [...contract.operations.values()].filter((operation) => operation.method === wantedMethod)
  const normalised = normaliseTemplate(path)
  const exact = candidates.find((operation) => normaliseTemplate(operation.path) === normalised)
  if (exact !== undefined) return exact
  const matching = candidates.filter((operation) => templateRegExp(operation.path).test(path))
  matching.sort((a, b) => paramCount(a.path) - paramCount(b.path))
  return matching[0]
}

/**
 * The path parameters of a concrete path of `operation` (under the API's base URL, whatever base path
 * the backend serves it on), by name (decoded).
 */
export function pathParamsOf(operation: OperationSpec, apiPath: string): Map<string, string> {
  const params = new Map<string, string>()
  const path = apiPath
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
  const values = templateRegExp(operation.path, true).exec(path)?.slice(1) ?? []
  names.forEach((name, index) => {
    const value = values[index]
    if (value !== undefined) params.set(name, decodeURIComponent(value))
  })
  return params
}

function paramCount(template: string): number {
  return (template.match(/\{[^}]+\}/g) ?? []).length
}

function templateRegExp(template: string, capture = false): RegExp {
  const pattern = template
    .replace(/\/+$/, '')
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? (capture ? '([^/]+)' : '[^/]+') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${pattern}/?$`)
}
