// return-url: a URL the backend sends the customer to (a request property with `x-redirect: agency`: the card
// provider's way back) is refused unless it is a page of the agency's own portal (OWASP API7; an open redirect and a
// way to make the provider call the backend's neighbours). Each value is sent on purpose, not left to generated
// inputs: another site, the agency's host as a user name or as the start of another site's, `javascript:`, cloud
// metadata, loopback admin ports and private addresses — a loopback or private host only when `POST /agency` does not
// resolve it to the agency (the contract's own list of its hosts). The request is the run's own successful one, its
// preconditions made afresh (a new seat hold) and a new idempotency key each time, so the URL is what decides: a 422
// naming the field passes; a 2xx (a payment that sends the payer there) fails; a refusal for another reason (a
// backend that checks the booking's state first) leaves it untested, and says so.
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { joinPointer } from '../../../../contract/engine/json-pointer.ts'
import { schemaAt } from '../../../../contract/engine/schema-values.ts'
import { agencyIdOf, asArray, asRecord, statusAndCode } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { requestMedia } from '../kit/operation-requests.ts'
import { freshPreconditions } from '../kit/written-reads.ts'

export const returnUrl = {
  name: 'return-url',
  proves:
    'a URL the backend sends the customer to (x-redirect: agency) is refused with a 422 naming it unless it is a page of the agency’s portal: another site, javascript:, cloud metadata, loopback and private hosts',
  runs: 'per operation',
  zap: '20019 External Redirect, 40046 Server Side Request Forgery (on what it crawled)',
  steps: (options, operation) => {
    const fields = redirectFields(options.contract, operation)
    return fields.length > 0 ? [returnUrlStep(options, operation, fields)] : []
  },
} as const satisfies Check<'return-url'>

/** The top-level JSON body properties the contract marks `x-redirect: agency`. */
export function redirectFields(contract: ContractIndex, operation: OperationSpec): string[] {
  const media = requestMedia(operation, 'application/json')
  const located = media?.schema === undefined ? undefined : schemaAt(contract, media.schema)
  const properties = asRecord(located?.schema['properties'])
  if (located === undefined || properties === undefined) return []
  return Object.keys(properties).filter(
    (name) =>
      schemaAt(contract, { documentUrl: located.at.documentUrl, pointer: joinPointer(located.at.pointer, 'properties', name) })?.schema['x-redirect'] ===
      'agency',
  )
}

/**
 * The values sent, from the portal's URL: each a URL that is not a page of the agency's portal. `internal`: a host
 * that may be one of the agency's own (loopback, private), sent only when the agency lookup says it is not.
 */
export function foreignReturnUrls(portalUrl: string): Array<{ what: string; url: string; internal?: true }> {
  const portal = new URL(portalUrl)
  return [
    { what: 'another site', url: 'https://attacker.invalid/payment' },
    { what: "the portal's host as a user name", url: `${portal.protocol}//${portal.host}@attacker.invalid/payment` },
    { what: "the portal's host at the start of another site's", url: `${portal.protocol}//${portal.hostname}.attacker.invalid/payment` },
    { what: 'a javascript: URL', url: 'javascript:alert(document.domain)' },
    { what: 'cloud metadata (link-local)', url: 'http://169.254.169.254/latest/meta-data/', internal: true },
    { what: 'a loopback admin port', url: 'http://127.0.0.1:2375/containers/json', internal: true },
    { what: 'IPv6 loopback', url: 'http://[::1]:8500/v1/agent/self', internal: true },
    { what: 'a private address', url: 'http://10.0.0.1/admin', internal: true },
  ]
}

const namesField = (json: unknown, field: string) => asArray(asRecord(json)?.['fields']).some((item) => asRecord(item)?.['field'] === field)

function returnUrlStep({ contract, requests }: CheckOptions, operation: OperationSpec, fields: readonly string[]): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `return-url:${id}`,
    name: `${id} sends the customer nowhere but the agency's portal`,
    kind: 'write',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      // the run's own successful request, else a valid one on what the run made (never on the customer's own)
      const sent = context.lastSuccess(id)?.options ?? requestOnWhatTheRunMade(context, requests, operation)
      const values = await outsideTheAgency(context, foreignReturnUrls(context.state.agencyUrl))
      // one fresh set of preconditions (a seat hold) for all: a URL refused leaves it unused
      const fresh = await freshPreconditions(context, contract, operation, sent.json as Record<string, unknown>, `${context.marker}-return-url`)
      const key = operation.idempotency?.key.in === 'body' ? operation.idempotency.key.name : undefined
      const taken: string[] = []
      const elsewhere: string[] = []
      let refused = 0
      for (const [index, value] of values.entries()) {
        for (const field of fields) {
          const json = { ...fresh, ...(key === undefined ? {} : { [key]: `${context.marker}-return-url-${index}-${field}` }), [field]: value.url }
          const outcome = await context.call(id, { ...sent, json, probe: true, unlinked: true })
          if (outcome.ok) taken.push(`${field} ${value.url} (${value.what}) answered ${statusAndCode(outcome)}`)
          else if (outcome.status === 422 && namesField(outcome.json, field)) refused += 1
          // a 5xx or an undeclared status is the response check's finding
          else if (outcome.status < 500) elsewhere.push(`${value.what}: ${statusAndCode(outcome)}`)
        }
        // what a backend took, it has made (a payment, a booking): no more of them
        if (taken.length > 0) break
      }
      if (taken.length > 0) {
        context.fail(`a 422 naming ${fields.join(', ')} for a URL off the agency's portal`, taken.join('; '), { kind: 'probe', operationId: id })
      }
      if (refused === 0 && elsewhere.length > 0) context.skip(`untested: refused for another reason before the URL was read (${elsewhere[0]})`)
      context.note(`${refused} URL${refused === 1 ? '' : 's'} off the agency's portal refused naming ${fields.join(', ')}`)
    },
  }
}

/** The values whose host is not one of the agency's, by the agency lookup (the hosts it resolves are the agency's). */
async function outsideTheAgency(context: StepContext<JourneyState>, values: ReturnType<typeof foreignReturnUrls>) {
  const kept: typeof values = []
  for (const value of values) {
    if (value.internal !== true) {
      kept.push(value)
      continue
    }
    const lookup = await context.call('findAgency', { json: { url: new URL(value.url).origin }, auth: 'none', probe: true, unlinked: true })
    if (!lookup.ok || agencyIdOf(lookup.json) !== context.state.agencyId) kept.push(value)
  }
  return kept
}

/** A valid request of the operation on what the run made; a skip when it would go to what the run did not make. */
function requestOnWhatTheRunMade(context: StepContext<JourneyState>, requests: CheckOptions['requests'], operation: OperationSpec) {
  const base = requests.base(operation)
  if (base.placeholders.length > 0 || base.json === undefined) context.skip('untested: the run found no valid request of it to send')
  if (base.untouchable.length > 0) context.skip(`untested: it would pay on ${base.untouchable.join(', ')}, which the run did not make`)
  return requests.callOptions(base)
}
