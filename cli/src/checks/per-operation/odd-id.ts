// odd-id: each id in a path replaced by one no resource has — the run's own id with something after it (RESTler's
// InvalidDynamicObject values, encoded so they stay in the path: `?injected_query_string=123`, `/?/`, `??`, the id
// twice), `{}`, a NUL, `..%2F`, `1 OR 1=1`, a quote, 4 kB — is refused with a declared 4xx: never a 5xx (the
// response check's finding), never an answer about something else (a backend that reads an id's prefix, or
// builds SQL from it, serves the real one; RESTler flags its 5xx only). The ids name nothing, so nothing can change.
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CallOutcome } from '../../transport/api-types.ts'
import { type Check, kindOf, statusOf } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'

/** The ids sent, as they go in the URL (percent-encoded where they must be), from the run's own (encoded) id: what each one is; `near`: it starts with the real one. */
export const oddIds: ReadonlyArray<{ what: string; raw: (valid: string) => string; near?: true }> = [
  { what: 'the id with a query string after it', raw: (valid) => `${valid}%3Finjected_query_string%3D123`, near: true },
  { what: 'the id with /?/ after it', raw: (valid) => `${valid}%2F%3F%2F`, near: true },
  { what: 'the id with ?? after it', raw: (valid) => `${valid}%3F%3F`, near: true },
  { what: 'the id twice', raw: (valid) => `${valid}%2F${valid}`, near: true },
  { what: 'an empty JSON object', raw: () => '%7B%7D' },
  { what: 'a NUL byte', raw: () => '%00' },
  { what: 'a path traversal', raw: () => '..%2F' },
  { what: 'SQL', raw: () => '1%20OR%201%3D1' },
  { what: 'a quote', raw: () => '%27' },
  { what: 'a 4 kB id', raw: () => 'a'.repeat(4096) },
]

export const oddId = {
  name: 'odd-id',
  proves:
    'an id that is the real one with `?injected_query_string=123`, `/?/`, `??` or itself after it, `{}`, a NUL, `..%2F`, SQL, a quote or 4 kB long is refused with a declared 4xx, never answered',
  runs: 'per operation',
  restler: 'InvalidDynamicObject (its 5xx only)',
  zap: '40018 SQL Injection, 6 Path Traversal (their error pages)',
  steps: (options, operation) => (operation.path.includes('{') ? [oddIdStep(options, operation)] : []),
} as const satisfies Check<'odd-id'>

const refused = (operation: OperationSpec, outcome: CallOutcome) =>
  outcome.status >= 400 && outcome.status < 500 && (String(outcome.status) in operation.responses || `${String(outcome.status)[0]}XX` in operation.responses)

function oddIdStep({ requests }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `odd-id:${id}`,
    name: `${id} refuses ids no resource has`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const request = requests.base(operation)
      const names = Object.keys(request.path)
      // every id in turn, the others as the run found them (or a placeholder). A write gets the run's own id
      // with something after it only where the run made that: a backend that reads the prefix would write there
      const mayNear = operation.method === 'get' || request.untouchable.length === 0
      const tries = names.flatMap((name) => oddIds.filter((odd) => mayNear || !odd.near).map((odd) => ({ name, odd })))
      const encoded = (value: string | number) => encodeURIComponent(String(value))
      const outcomes = await Promise.all(
        tries.map(async ({ name, odd }) => {
          const path = Object.fromEntries(names.map((other) => [other, encoded(request.path[other] as string)]))
          path[name] = odd.raw(path[name] as string)
          return { name, odd, outcome: await context.call(id, requests.callOptions({ ...request, path }, { rawPath: true, probe: true })) }
        }),
      )
      // a 5xx or an undeclared status is already the response check's finding
      const answered = outcomes.filter(({ outcome }) => outcome.violations.length === 0 && !refused(operation, outcome))
      if (answered.length === 0) return
      context.fail(
        'a declared 4xx for an id no resource has',
        answered
          .slice(0, 4)
          .map(({ name, odd, outcome }) => `${name} ${odd.what}: ${statusOf(outcome)}${outcome.ok ? ' (answered as if it named something)' : ''}`)
          .join('; '),
        { kind: 'probe', operationId: id },
      )
    },
  }
}
