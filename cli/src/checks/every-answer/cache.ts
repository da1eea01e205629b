// cache: what a cache may keep of every answer, against whom the contract says it is for (x-cache): one
// customer's never in a shared cache, an agency's only keyed by the tenant header (RFC 9111 §3.5; OWASP API8).
// The rules are the engine's (contract/engine/cache-rules.ts).
import { cacheScan } from '../../../../contract/engine/cache-rules.ts'
import type { Check } from '../kit/check.ts'

export const cache = {
  name: 'cache',
  proves: "no answer for one customer may be kept by a shared cache, and an agency's answer a shared cache may keep varies on the tenant header",
  runs: 'every answer',
  zap: '10015 Re-examine Cache-control Directives, 10049 Content Cacheability',
  scan: cacheScan,
} as const satisfies Check<'cache'>
