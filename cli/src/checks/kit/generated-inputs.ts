// Generated requests (fast-check) for the negative and positive checks: for each operation, `runs` inputs
// built from its schemas, the same for a given seed (--seed replays a run exactly). A failing input is
// shrunk to the smallest one that still fails; the check then sends it once more so the report carries
// its curl.
import fc from 'fast-check'
import type { ContractIndex, ParameterSpec } from '../../../../contract/engine/contract-index.ts'
import { schemaAt } from '../../../../contract/engine/schema-values.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext } from '../../run/step-runner.ts'
import type { CallOptions, CallOutcome } from '../../transport/api-types.ts'

/** One generated request and what it is, for the report. */
export type Trial = { options: CallOptions; what: string }

/** A 32-bit seed per operation and check, derived from the run's: replaying one replays all. */
export function seedFor(seed: number, label: string): number {
  let hash = seed | 0
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return hash | 0
}

/** Query values as the server reads them: a string, or a number for numeric parameters. */
export function asQueryValue(contract: ContractIndex, parameter: ParameterSpec, text: string): unknown {
  const types = parameter.schema === undefined ? [] : ([schemaAt(contract, parameter.schema)?.schema['type']].flat() as unknown[])
  return (types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text
}

export async function runProperty(
  context: StepContext<JourneyState>,
  operationId: string,
  arbitrary: fc.Arbitrary<Trial>,
  seed: number,
  runs: number,
  accept: (outcome: CallOutcome) => boolean,
): Promise<{ trial: Trial; seed: number } | undefined> {
  const property = fc.asyncProperty(arbitrary, async (trial) => {
    const outcome = await context.call(operationId, { ...trial.options, probe: true, explore: true })
    return outcome.violations.length === 0 && accept(outcome)
  })
  const result = await fc.check(property, { seed, numRuns: runs, endOnFailure: false })
  context.note(
    `${result.numRuns} generated input${result.numRuns === 1 ? '' : 's'} (seed ${seed}${result.failed ? `, shrunk ${result.numShrinks} times` : ''})`,
  )
  if (!result.failed || result.counterexample === null) return undefined
  return { trial: result.counterexample[0], seed }
}
