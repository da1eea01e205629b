import fc from 'fast-check'

import type { CallOptions, CallOutcome } from '../transport/api-types.ts'
import type { ContractIndex, OperationSpec, ParameterSpec, SchemaLocation } from '../../../../contract/engine/contract-index.ts'
import { asRecord, errorCodeOf, statusAndCode } from '../journey/journey-helpers.ts'
import type { JourneyState } from '../journey/journey-state.ts'
import type { CheckOptions } from './check-options.ts'
import { requestMedia } from './operation-requests.ts'
import { bodyBreakages, breakagesOfScalar, schemaAt, validValues } from '../../../../contract/engine/schema-values.ts'
import type { StepContext, StepDefinition } from '../step-runner.ts'

// Generated requests (fast-check): for each operation, `runs` inputs built
// from its schemas, the same for a given seed (--seed replays a run exactly).
//   negative  one field broken (missing, wrong type, out of range, bad format,
//             oversized; a required part left out of a form) → rejected with a
//             declared 4xx [negative_data_rejection]
//   positive  valid optional query values → not refused as malformed: a 400 or
//             422 must carry one of the operation's own business codes
//             [positive_data_acceptance]
// A failing input is shrunk to the smallest one that still fails, then sent
// once more so the report carries its curl. Positive bodies for writes are
// the journey's (generated ones would change the customer's real data).

type Ctx = StepContext<JourneyState>
type Trial = { options: CallOptions; what: string }

/** A 32-bit seed per operation and check, derived from the run's: replaying one replays all. */
export function seedFor(seed: number, label: string): number {
  let hash = seed | 0
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return hash | 0
}

/** Query values as the server reads them: a string, or a number for numeric parameters. */
function asQueryValue(contract: ContractIndex, parameter: ParameterSpec, text: string): unknown {
  const types = parameter.schema === undefined ? [] : ([schemaAt(contract, parameter.schema)?.schema['type']].flat() as unknown[])
  return (types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text
}

export function generatedSteps(options: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState>[] {
  const steps: StepDefinition<JourneyState>[] = []
  const trials = negativeTrials(options, operation)
  if (trials !== undefined) steps.push(negativeStep(options, operation, trials))
  if (operation.method === 'get' && operation.parameters.some((parameter) => parameter.in === 'query')) steps.push(positiveStep(options, operation))
  const body = requestMedia(operation, 'application/json')?.schema
  if ((operation.method === 'put' || operation.method === 'patch') && body !== undefined) steps.push(positiveBodyStep(options, operation, body))
  return steps
}

/** Broken inputs for the operation: its JSON body, else its query parameters. */
function negativeTrials({ contract, requests, validator }: CheckOptions, operation: OperationSpec): (() => fc.Arbitrary<Trial> | undefined) | undefined {
  const media = requestMedia(operation, 'application/json')
  if (media?.schema !== undefined) {
    const at = media.schema
    const breakages = bodyBreakages(contract, at)
    if (breakages.length === 0) return undefined
    return () => {
      const base = requests.base(operation)
      return fc
        .tuple(validValues(contract, validator, at), fc.constantFrom(...breakages))
        .map(([body, breakage]) => ({ what: breakage.what, json: breakage.apply(body) }))
        .filter((trial) => validator.validate(at, trial.json).outcome === 'invalid')
        .map((trial) => ({ what: trial.what, options: requests.callOptions({ ...base, json: trial.json }) }))
    }
  }
  const multipart = requestMedia(operation, 'multipart/form-data')
  if (multipart?.schema !== undefined) {
    // A form cannot be validated as JSON: what it breaks is its required parts, each left out in turn.
    const required = schemaAt(contract, multipart.schema)?.schema['required']
    const names = Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : []
    if (names.length === 0) return undefined
    return () => {
      const base = requests.base(operation)
      return fc.constantFrom(
        ...names.map((name) => ({
          what: `without the required part ${name}`,
          options: requests.callOptions({ ...base, form: (base.form ?? []).filter((field) => field.name !== name) }),
        })),
      )
    }
  }
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.schema !== undefined)
  if (queryParameters.length === 0) return undefined
  return () => {
    const base = requests.base(operation)
    const cases: Trial[] = []
    for (const parameter of queryParameters) {
      const schema = schemaAt(contract, parameter.schema!)?.schema ?? {}
      if (parameter.required) {
        const query = { ...base.query }
        delete query[parameter.name]
        cases.push({ what: `without the required query parameter ${parameter.name}`, options: requests.callOptions({ ...base, query }) })
      }
      for (const broken of breakagesOfScalar(schema, parameter.name)) {
        if (typeof broken.value === 'object') continue
        const text = String(broken.value)
        if (validator.validate(parameter.schema!, asQueryValue(contract, parameter, text)).outcome !== 'invalid') continue
        cases.push({ what: broken.what, options: requests.callOptions({ ...base, query: { ...base.query, [parameter.name]: text } }) })
      }
    }
    return cases.length === 0 ? undefined : fc.constantFrom(...cases)
  }
}

async function runProperty(
  context: Ctx,
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

function negativeStep(options: CheckOptions, operation: OperationSpec, trials: () => fc.Arbitrary<Trial> | undefined): StepDefinition<JourneyState> {
  const id = operation.operationId
  const rejected = (outcome: CallOutcome) => outcome.status >= 400 && outcome.status < 500 && String(outcome.status) in operation.responses
  return {
    id: `negative:${id}`,
    name: `${id} rejects broken input with a declared 4xx`,
    kind: operation.method === 'get' ? 'probe' : 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      // Broken input sent to something of the customer's would change it on a backend that accepts it.
      const untouchable = operation.method === 'get' ? [] : options.requests.base(operation).untouchable
      if (untouchable.length > 0)
        context.skip(
          `not checked: it would change ${untouchable.join(', ')} on a backend that accepts broken input, which is the customer's and was not made by this run`,
        )
      const seed = seedFor(options.seed, `negative:${id}`)
      const arbitrary = trials()
      if (arbitrary === undefined) context.skip('untested: none of its query parameters can be broken in a way its schema rejects')
      const failure = await runProperty(context, id, arbitrary, seed, options.runs, rejected)
      if (failure === undefined) return
      // The smallest failing input, once more, so its violations and curl are reported.
      const outcome = await context.call(id, { ...failure.trial.options, probe: true })
      if (!rejected(outcome)) {
        context.fail(`a declared 4xx for input ${failure.trial.what}`, `status ${outcome.status}${outcome.ok ? ': accepted' : ''} (seed ${failure.seed})`, {
          kind: 'probe',
          operationId: id,
        })
      }
      context.note(`smallest failing input: ${failure.trial.what} (seed ${failure.seed})`)
    },
  }
}

/**
 * Refused as malformed: a 400 or 422 without one of the operation's own business codes. A 404 for a
 * generated id that names nothing, or a declared 409, is an answer about the data, not its shape.
 */
const acceptedAsValid = (operation: OperationSpec) => (outcome: CallOutcome) => {
  if (outcome.status < 400) return true
  if (outcome.status !== 400 && outcome.status !== 422) return outcome.status < 500
  return (operation.errorCodes[String(outcome.status)] ?? []).includes(errorCodeOf(outcome) ?? '')
}

/**
 * positive (bodies): generated valid bodies for a PUT on what the run made (its booking), with the ids the
 * links gave (`member_id`) kept: not refused as malformed [positive_data_acceptance]. Only where the run's own
 * request to it succeeded, so a refusal is about the generated values, not the ids.
 */
function positiveBodyStep(options: CheckOptions, operation: OperationSpec, at: SchemaLocation): StepDefinition<JourneyState> {
  const id = operation.operationId
  // A rule the contract states in words (an IBAN's check digits, a country code, a company's name): a 422
  // that names the fields it refuses is an answer about the data. A 400, or a 422 naming nothing, is not.
  const namesFields = (outcome: CallOutcome) => {
    const fields = asRecord(outcome.json)?.['fields']
    return outcome.status === 422 && Array.isArray(fields) && fields.length > 0 && fields.every((field) => typeof asRecord(field)?.['field'] === 'string')
  }
  const accepted = (outcome: CallOutcome) => acceptedAsValid(operation)(outcome) || namesFields(outcome)
  return {
    id: `positive:${id}`,
    name: `${id} accepts any valid body on what the run made`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const base = options.requests.base(operation)
      if (base.untouchable.length > 0 || options.requests.changesCredentials(operation) || Object.keys(base.path).length === 0) {
        context.skip("untested with generated bodies: only what the run made gets them (its booking), never the customer's own data")
      }
      if (base.placeholders.length > 0 || base.missingBody.length > 0)
        context.skip(`untested: no value for ${[...base.placeholders, ...base.missingBody].join(', ')}`)
      if (context.lastSuccess(id) === undefined) context.skip("untested: the run's own request to it did not succeed, so generated values cannot be judged")
      // the ids the links gave stay: a generated member_id names nobody
      const linked = Object.fromEntries(Object.entries((base.json ?? {}) as Record<string, unknown>).filter(([name]) => name.endsWith('_id')))
      const arbitrary = validValues(options.contract, options.validator, at)
        .filter((body) => body !== null && typeof body === 'object' && !Array.isArray(body))
        .map((body) => {
          const json = { ...(body as Record<string, unknown>), ...linked }
          return { what: `body ${JSON.stringify(json).slice(0, 160)}`, options: options.requests.callOptions({ ...base, json }) }
        })
        .filter((trial) => options.validator.validate(at, trial.options.json).outcome === 'valid')
      const failure = await runProperty(context, id, arbitrary, seedFor(options.seed, `positive:${id}`), options.runs, accepted)
      if (failure === undefined) return
      const outcome = await context.call(id, { ...failure.trial.options, probe: true })
      if (!accepted(outcome)) {
        context.fail(
          `a 2xx (or one of ${id}'s own business codes) for a valid ${failure.trial.what}`,
          `status ${statusAndCode(outcome)} (seed ${failure.seed})`,
          {
            operationId: id,
          },
        )
      }
    },
  }
}

function positiveStep(options: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const accepted = acceptedAsValid(operation)
  return {
    id: `positive:${id}`,
    name: `${id} accepts any valid query`,
    kind: 'read',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const base = options.requests.base(operation)
      if (base.placeholders.length > 0) context.skip(`untested: no value for ${base.placeholders.join(', ')} (no answer linked to it)`)
      // The generated values vary only the optional parameters: the request without them must succeed first.
      const plain = await context.call(id, { ...options.requests.callOptions(base), explore: true })
      if (!plain.ok) context.skip(`untested: the linked request itself answers ${plain.status}, so valid optional values cannot be judged`)
      const optional = operation.parameters.filter((parameter) => parameter.in === 'query' && !parameter.required && parameter.schema !== undefined)
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const parameter of optional) model[parameter.name] = validValues(options.contract, options.validator, parameter.schema!)
      const arbitrary = fc
        .record(model, { requiredKeys: [] })
        .filter((values) => Object.values(values).every((value) => value !== null && typeof value !== 'object'))
        .map((values) => {
          const query = { ...base.query, ...Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])) }
          return { what: `query ${new URLSearchParams(query).toString() || '(none)'}`, options: options.requests.callOptions({ ...base, query }) }
        })
      const failure = await runProperty(context, id, arbitrary, seedFor(options.seed, `positive:${id}`), options.runs, accepted)
      if (failure === undefined) return
      const outcome = await context.call(id, failure.trial.options)
      if (!accepted(outcome)) {
        context.fail(
          `a 2xx (or one of ${id}'s own business codes) for valid ${failure.trial.what}`,
          `status ${statusAndCode(outcome)} (seed ${failure.seed})`,
          {
            operationId: id,
          },
        )
      }
    },
  }
}
