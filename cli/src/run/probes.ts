import type { CallOptions } from '../transport/api-types.ts'
import type { StepContext, StepDefinition, StepKind } from './step-runner.ts'

// Negative probes: requests that must be refused in a specific way (no token
// -> 401, wrong password -> auth_login_wrong, someone else's booking -> 403 or
// 404). Each probe becomes an ordinary step; its answer is still checked
// against the contract like any other call.

export type ProbeExpectation = {
  /** exact status, any of several, or a class like '4XX' */
  status: number | readonly number[] | `${1 | 2 | 3 | 4 | 5}XX`
  /** error body code(s) accepted */
  code?: string | readonly string[]
}

export type ProbeDefinition<S> = {
  id: string
  name: string
  operationId: string
  /**
   * 'probe' runs by default. Use 'write' for probes against mutating
   * operations: if the server wrongly accepted the request it would change
   * data, so they obey --write like any write step.
   */
  kind?: Extract<StepKind, 'probe' | 'write'>
  needs?: readonly string[]
  requires?: ReadonlyArray<keyof S & string>
  expect: ProbeExpectation
  request(context: StepContext<S>): CallOptions | Promise<CallOptions>
}

export function describeExpectation(expect: ProbeExpectation): string {
  const status = typeof expect.status === 'object' ? expect.status.join(' or ') : String(expect.status)
  const codes = expect.code === undefined ? [] : typeof expect.code === 'string' ? [expect.code] : [...expect.code]
  return codes.length === 0 ? `status ${status}` : `status ${status} with code ${codes.join(' or ')}`
}

export function statusMatches(expected: ProbeExpectation['status'], actual: number): boolean {
  if (typeof expected === 'number') return actual === expected
  if (typeof expected === 'string') return Math.floor(actual / 100) === Number(expected[0])
  return expected.includes(actual)
}

export function probeStep<S>(probe: ProbeDefinition<S>): StepDefinition<S> {
  return {
    id: probe.id,
    name: probe.name,
    kind: probe.kind ?? 'probe',
    ...(probe.needs === undefined ? {} : { needs: probe.needs }),
    ...(probe.requires === undefined ? {} : { requires: probe.requires }),
    operationIds: [probe.operationId],
    async run(context) {
      const request = await probe.request(context)
      const outcome = await context.call(probe.operationId, { ...request, probe: true })
      const body = outcome.json as { code?: unknown } | undefined
      const code = body !== null && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined
      const codes = probe.expect.code === undefined ? [] : typeof probe.expect.code === 'string' ? [probe.expect.code] : probe.expect.code
      const statusOk = statusMatches(probe.expect.status, outcome.status)
      const codeOk = codes.length === 0 || (code !== undefined && codes.includes(code))
      if (!statusOk || !codeOk) {
        context.fail(describeExpectation(probe.expect), `status ${outcome.status}${code === undefined ? '' : ` with code ${code}`}`, {
          kind: 'probe',
          operationId: probe.operationId,
        })
      }
    },
  }
}
