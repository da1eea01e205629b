// loose-id: an id no resource has is never answered with another resource (OWASP API1). A backend that finds a
// booking with `LIKE 'id%'`, or lets `%`, `_` or `*` act as wildcards, serves the real booking for `bkg-100`, `bkg-10%`
// or `bkg-100_`. The rule is the engine's (contract/engine/loose-id-rules.ts) and reads every answer, the proxy's real
// traffic too: an answer naming the resource at the end of its path names the one asked for. A run provokes it: each
// read with an id in its path gets, for each id the run found, that id cut short and with a wildcard for its last
// characters; an answer with no id of its own that is, byte for byte, the answer of an id the run found that the
// loose one could match is the same finding. Reads only: a write to a loosely matched id would change a resource the
// run did not name.
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { looseIdScan, looseIds } from '../../../../contract/engine/loose-id-rules.ts'
import { parameterKey } from '../kit/link-pool.ts'
import type { Check, CheckStep } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'

export const looseId = {
  name: 'loose-id',
  proves:
    'an answer about the resource its path names names the one asked for (case and spaces aside); an id cut short, or with `%`, `_` or `*` for its last characters, is never answered with the real resource',
  runs: 'every answer',
  scan: looseIdScan,
  probes: (options) => looseIdProbes(options),
} as const satisfies Check<'loose-id'>

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index])

/**
 * the ids besides the one asked that the run found and a loose id could take, read for their answers: a bound on the
 * calls it adds, only where a loose id was answered (a correct backend refuses it, and nothing is read). Four missed
 * a backend answering the sixth of six bookings sharing a prefix (the order a run finds them in follows the data).
 */
const MAX_CANDIDATES = 8

function looseIdProbes({ contract, requests, pool, selected }: CheckOptions): CheckStep[] {
  const reads = [...contract.operations.values()].filter(
    (operation) => operation.method === 'get' && operation.path.includes('{') && selected?.(operation) !== false,
  )
  return reads.map((operation) => looseIdStep(requests, pool, operation))
}

function looseIdStep(requests: CheckOptions['requests'], pool: CheckOptions['pool'], operation: OperationSpec): CheckStep {
  const id = operation.operationId
  return {
    id: `loose-id:${id}`,
    name: `${id} answers no other resource for an id matched loosely`,
    kind: 'probe',
    operationIds: [id],
    async run(context) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const request = requests.base(operation)
      const names = Object.keys(request.path).filter((name) => !request.placeholders.includes(parameterKey('path', name)))
      if (names.length === 0) context.skip('untested: the run found no id for its path')
      const encoded = Object.fromEntries(Object.entries(request.path).map(([name, value]) => [name, encodeURIComponent(value)]))
      const tries = names.flatMap((name) => looseIds(request.path[name] as string).map((loose) => ({ name, loose })))
      const outcomes = await Promise.all(
        tries.map(async ({ name, loose }) => ({
          name,
          loose,
          outcome: await context.call(id, requests.callOptions({ ...request, path: { ...encoded, [name]: loose.raw } }, { rawPath: true, probe: true })),
        })),
      )
      // an answer naming another id is the scan's finding already; one that names none is compared with the answers
      // of the ids the run found that it could have matched (a LIKE takes whichever row comes first)
      const answered = outcomes.filter(({ outcome }) => outcome.ok && outcome.violations.length === 0)
      if (answered.length === 0) return
      const realAnswers = new Map<string, Uint8Array>()
      for (const name of new Set(answered.map((item) => item.name))) {
        const prefix = (request.path[name] as string).slice(0, -2)
        const candidates = pool
          .valuesFor(id, parameterKey('path', name))
          .filter((value) => value.startsWith(prefix) && value !== request.path[name])
          .slice(0, MAX_CANDIDATES)
        // the pool holds each value once, and the asked one is not among the candidates
        for (const value of [request.path[name] as string, ...candidates]) {
          const real = await context.call(id, requests.callOptions({ ...request, path: { ...encoded, [name]: encodeURIComponent(value) } }, { rawPath: true }))
          if (real.ok) realAnswers.set(`${name}=${value}`, real.bytes)
        }
      }
      const same = answered.flatMap(({ name, loose, outcome }) => {
        const match = [...realAnswers].find(([key, bytes]) => key.startsWith(`${name}=`) && sameBytes(outcome.bytes, bytes))
        return match === undefined
          ? []
          : [{ outcome, said: `${name} ${decodeURIComponent(loose.raw)} (${loose.what}) answered as ${match[0].slice(name.length + 1)}` }]
      })
      if (same.length === 0) return
      context.fail('an id no resource has refused with a 4xx, never answered with a real resource', same.map((item) => item.said).join('; '), {
        kind: 'loose-id',
        operationId: id,
        call: same[0]?.outcome.record,
      })
    },
  }
}
