// Writes contract/generated/api-operations.ts: every operation of the contract as its method and path
// template, whom its answers are for (x-cache, which every operation must declare), the lists' order (x-order), and the API's base path. The production server forwards to the API only requests that match one (web/server), so
// nothing else on the API's host (a mock's control API, an admin route) is reachable through the portal.
// It also writes the contract's digest: the portal keeps a traveller's data for reading offline under it,
// so data saved under another contract (another shape) is never read back (web/src/lib/browser/offline-data.ts).
// Part of `npm run generate`; `npm run generate:check` fails when it drifts.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const
const target = 'contract/generated/api-operations.ts'

const source = readFileSync('contract/openapi.yaml', 'utf8')
const contract = parse(source) as { servers?: { url: string }[]; paths: Record<string, Record<string, unknown>> }
const apiPath = new URL(contract.servers?.[0]?.url ?? '/', 'http://host').pathname.replace(/\/+$/, '')
const operations = Object.entries(contract.paths)
  .flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map(
      (method) => [method.toUpperCase(), path, (item[method] as { 'x-cache'?: string })['x-cache']] as const,
    ),
  )
  .sort(([m1, p1], [m2, p2]) => p1.localeCompare(p2) || m1.localeCompare(m2))

const lines = operations.map(([method, path]) => `  ['${method}', '${path}'],`)
const policies = ['personal', 'tenant', 'public']
const undeclared = operations.filter(([, , cache]) => !policies.includes(cache ?? ''))
if (undeclared.length > 0) throw new Error(`x-cache (personal, tenant or public) missing on ${undeclared.map(([m, p]) => `${m} ${p}`).join(', ')}`)
const cacheLines = operations.map(([method, path, cache]) => `  '${method} ${path}': '${cache}',`)
// the lists' declared order (x-order), by operationId: the mock sorts each list by it (core/list-order.ts)
const orderLines = Object.values(contract.paths)
  .flatMap((item) => METHODS.map((method) => item[method] as { operationId?: string; 'x-order'?: unknown } | undefined))
  .filter((operation) => operation?.['x-order'] !== undefined)
  .map((operation) => `  ${operation!.operationId}: ${JSON.stringify(operation!['x-order'])},`)
  .sort()
// the brakes on what takes or sends a secret (x-throttle), by operationId: the mock throttles by them
const throttleLines = Object.values(contract.paths)
  .flatMap((item) => METHODS.map((method) => item[method] as { operationId?: string; 'x-throttle'?: unknown } | undefined))
  .filter((operation) => operation?.['x-throttle'] !== undefined)
  .map((operation) => `  ${operation!.operationId}: ${JSON.stringify(operation!['x-throttle'])},`)
  .sort()
writeFileSync(
  target,
  `// Generated from contract/openapi.yaml by scripts/generate/generate-api-operations.ts: do not edit.
import type { ListOrder } from '../../core/list-order.ts';

/** The API's base path on its host: the path of the contract's first server. */
export const API_PATH = '${apiPath}';

/** Every operation of the customer API: its method and its path template under the API's base path. */
export const API_OPERATIONS: readonly (readonly [method: string, pathTemplate: string])[] = [
${lines.join('\n')}
];

/** Whom each operation's answers are for (its x-cache), so what may keep them: the mock says so in Cache-Control. */
export const API_CACHE: Readonly<Record<string, 'personal' | 'tenant' | 'public'>> = {
${cacheLines.join('\n')}
};

/** The order each list keeps (its x-order), by operationId: the mock sorts by it, the conformance check holds backends to it. */
export const API_ORDER: Readonly<Record<string, ListOrder>> = {
${orderLines.join('\n')}
};

/** The brake on each operation that takes or sends a secret (its x-throttle), by operationId: tries per address in a window. */
export const API_THROTTLE: Readonly<Record<string, { after: number; windowSeconds: number }>> = {
${throttleLines.join('\n')}
};

/** The first 16 hex digits of the contract's SHA-256: changes whenever the contract does. */
export const CONTRACT_DIGEST = '${createHash('sha256').update(source).digest('hex').slice(0, 16)}';
`,
)
console.log(`${target}: ${operations.length} operations`)
