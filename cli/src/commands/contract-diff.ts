// Which changes between two versions of the contract break its clients or its backends. The diff and
// its classification are api-smart-diff's (OpenAPI 3 rules: a removed operation, response, property or
// enum value, a new required request field, a narrowed type, format or limit, a removed success status,
// each judged by the side that reads it); our own rule covers only what no engine knows, the contract's
// `x-error-codes` extension: a code taken out of an operation's list breaks the clients that handle it
// and the conformance of the backends that send it (decision 018). Returns data; the CLI renders it.
import { apiCompare } from 'api-smart-diff'

export type ChangeSeverity = 'breaking' | 'compatible' | 'unclassified'

export type ContractChange = {
  severity: ChangeSeverity
  /** `POST /booking/{id}/review`, or null for a change outside the paths (info, servers, tags) */
  operation: string | null
  /** JSON path of the change inside the (dereferenced) document */
  where: string
  description: string
}

export type ContractDiff = {
  breaking: ContractChange[]
  compatible: ContractChange[]
  /** changes no rule judges; reported, never failing */
  unclassified: ContractChange[]
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])

type Document = { paths?: Record<string, Record<string, unknown> | undefined> }

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

const operationAt = (path: readonly (string | number)[]): string | null =>
  path[0] === 'paths' && typeof path[1] === 'string' && typeof path[2] === 'string' && METHODS.has(path[2]) ? `${path[2].toUpperCase()} ${path[1]}` : null

const severityOf = (type: string): ChangeSeverity => (type === 'breaking' ? 'breaking' : type === 'unclassified' ? 'unclassified' : 'compatible')

/** Codes per status of an operation's `x-error-codes`, as lists of strings. */
function errorCodes(operation: unknown): Map<string, string[]> {
  const codes = new Map<string, string[]>()
  const declared = isRecord(operation) ? operation['x-error-codes'] : undefined
  if (!isRecord(declared)) return codes
  for (const [status, list] of Object.entries(declared)) {
    if (Array.isArray(list))
      codes.set(
        status,
        list.filter((code): code is string => typeof code === 'string'),
      )
  }
  return codes
}

/** Codes taken out of an operation's list (breaking) or added to it (compatible), the operation itself still there. */
function errorCodeChanges(before: Document, after: Document): ContractChange[] {
  const changes: ContractChange[] = []
  for (const [path, item] of Object.entries(before.paths ?? {})) {
    if (!isRecord(item)) continue
    for (const method of Object.keys(item).filter((key) => METHODS.has(key))) {
      const later = after.paths?.[path]?.[method]
      if (!isRecord(later)) continue
      const then = errorCodes(item[method])
      const now = errorCodes(later)
      const change = (severity: ChangeSeverity, status: string, code: string, what: string) =>
        changes.push({
          severity,
          operation: `${method.toUpperCase()} ${path}`,
          where: `paths.${path}.${method}.x-error-codes.${status}`,
          description: `${what} error code \`${code}\` ${severity === 'breaking' ? 'from' : 'to'} the ${status} answers`,
        })
      for (const [status, codes] of then) {
        for (const code of codes.filter((c) => !(now.get(status) ?? []).includes(c))) change('breaking', status, code, '[Removed]')
      }
      for (const [status, codes] of now) {
        for (const code of codes.filter((c) => !(then.get(status) ?? []).includes(c))) change('compatible', status, code, '[Added]')
      }
    }
  }
  return changes
}

/** Every change from `before` to `after`, each once per operation, by severity. */
export function diffContracts(before: unknown, after: unknown): ContractDiff {
  const seen = new Set<string>()
  const changes: ContractChange[] = []
  const add = (change: ContractChange) => {
    const key = `${change.severity}\n${change.operation ?? ''}\n${change.description}`
    if (seen.has(key)) return
    seen.add(key)
    changes.push(change)
  }
  for (const diff of apiCompare(before, after).diffs) {
    const path = diff.path as (string | number)[]
    // extensions are ours to judge (below); the engine leaves them unclassified
    if (path.some((segment) => typeof segment === 'string' && segment.startsWith('x-'))) continue
    // the engine dereferences: a component's change is reported where operations use it, and an unused one breaks nobody
    if (path[0] === 'components') continue
    // an example is documentation: nobody's request or answer changes with it
    const severity = path.includes('example') || path.includes('examples') ? 'compatible' : severityOf(String(diff.type))
    const where = path.join('.')
    add({ severity, operation: operationAt(path), where, description: diff.description ? String(diff.description) : `[${String(diff.action)}] ${where}` })
  }
  for (const change of errorCodeChanges(before as Document, after as Document)) add(change)
  return {
    breaking: changes.filter((change) => change.severity === 'breaking'),
    compatible: changes.filter((change) => change.severity === 'compatible'),
    unclassified: changes.filter((change) => change.severity === 'unclassified'),
  }
}
