// The one way a request's method and path are matched to an operation of the contract: the mock's
// router, the portal server's API allowlist and the conformance engine all ask here. Over any list of
// operations (the generated API_OPERATIONS, or a contract the CLI was given), in rou3's radix tree.
//
// The rule: a path matches an operation when it has the template's segments exactly; a literal segment
// beats a parameter (`/booking/rooms` is not `/booking/{id}`); a parameter takes one segment that is not
// empty and not a dot segment (`.`, `..`, percent-encoded or not), so no request climbs out of the API's
// path through one; one trailing slash names the same operation (`/booking/42/`), an empty segment
// anywhere else (`//`) matches nothing.
import { addRoute, createRouter, findRoute } from 'rou3'

/** An operation as the matcher needs it: its method and its path template (`/booking/{id}`). */
export type RouteOf = { readonly method: string; readonly path: string }

export type OperationMatch<T> = {
  operation: T
  /** path parameters by name, as they appear in the path (still percent-encoded) */
  params: Record<string, string>
}

export type OperationMatcher<T> = {
  /** The operation `method path` (under the API's base path, no query) is, if any; HEAD is not GET here. */
  match(method: string, path: string): OperationMatch<T> | undefined
  /** The methods the operations have at `path` (empty when no operation has that path). */
  methodsAt(path: string): string[]
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

const takesParameter = (segment: string) => segment !== '' && !DOT_SEGMENT.test(segment)

/** A path with no empty segment but, at most, one trailing slash. */
const isWellFormed = (path: string) => path.startsWith('/') && !path.slice(1).replace(/\/$/, '').split('/').includes('')

export const createOperationMatcher = <T extends RouteOf>(operations: readonly T[]): OperationMatcher<T> => {
  const router = createRouter<T>()
  const methods = new Set<string>()
  for (const operation of operations) {
    const method = operation.method.toUpperCase()
    methods.add(method)
    addRoute(router, method, operation.path.replace(/\{([^}]+)\}/g, ':$1'), operation)
  }

  const match = (method: string, path: string): OperationMatch<T> | undefined => {
    if (!isWellFormed(path)) return undefined
    const found = findRoute(router, method.toUpperCase(), path)
    if (found === undefined) return undefined
    const params = { ...(found.params ?? {}) }
    return Object.values(params).every(takesParameter) ? { operation: found.data, params } : undefined
  }

  const methodsAt = (path: string): string[] => [...methods].filter((method) => match(method, path) !== undefined)

  return { match, methodsAt }
}
