// positive: valid optional query values, and generated valid bodies for a PUT on what the run made, are not
// refused as malformed: a 400 or 422 must carry one of the operation's own business codes
// [positive_data_acceptance]. Positive bodies for other writes are the journey's (generated ones would
// change the customer's real data).
import fc from 'fast-check'
import type { OperationSpec, SchemaLocation } from '../../../../contract/engine/contract-index.ts'
import { validValues } from '../../../../contract/engine/schema-values.ts'
import { asRecord, errorCodeOf, statusAndCode } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CallOutcome } from '../../transport/api-types.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { runProperty, seedFor } from '../kit/generated-inputs.ts'
import { requestMedia } from '../kit/operation-requests.ts'

export const positive = {
  name: 'positive',
  proves: 'valid optional query values, and valid bodies for a PUT on what the run made, are not refused as malformed',
  runs: 'per operation',
  schemathesis: 'positive_data_acceptance',
  steps: (options, operation) => {
    const steps: StepDefinition<JourneyState>[] = []
    if (operation.method === 'get' && operation.parameters.some((parameter) => parameter.in === 'query')) steps.push(positiveStep(options, operation))
    const body = requestMedia(operation, 'application/json')?.schema
    if ((operation.method === 'put' || operation.method === 'patch') && body !== undefined) steps.push(positiveBodyStep(options, operation, body))
    return steps
  },
} as const satisfies Check<'positive'>

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
