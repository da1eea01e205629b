// Every check the conformance run makes, by the name a report gives it (the prefix of a step's id, or the
// kind of a finding for the scans of every answer), with what it proves and the Schemathesis check that
// catches the same fault, where one does. `--include/--exclude NAME` takes these names beside operationIds
// and tags; cli/README's table of checks is this list (a test keeps them equal).

export type CheckName =
  | 'response'
  | 'reach'
  | 'auth'
  | 'tenant'
  | 'owner'
  | 'missing'
  | 'negative'
  | 'positive'
  | 'malformed-body'
  | 'round-trip'
  | 'idempotency'
  | 'read-only-field'
  | 'exposure'
  | 'error-leak'
  | 'list'
  | 'method'

export type CheckInfo = {
  name: CheckName
  /** what a pass proves */
  proves: string
  /** where it runs: a step per operation, a step over several, or a scan of every answer */
  runs: 'per operation' | 'across operations' | 'every answer'
  /** the Schemathesis check(s) that catch the same fault; undefined where none does */
  schemathesis?: string
  /** always on: it is what every answer is read by (it cannot be left out) */
  always?: true
}

export const checkCatalogue: readonly CheckInfo[] = [
  {
    name: 'response',
    proves: 'every answer has a declared status, content type, body schema, headers and error code; no 5xx but a declared 503 with Retry-After',
    runs: 'every answer',
    schemathesis: 'status_code_conformance, content_type_conformance, response_schema_conformance, response_headers_conformance, not_a_server_error',
    always: true,
  },
  {
    name: 'reach',
    proves: 'the operation answers a declared success with valid data',
    runs: 'per operation',
    schemathesis: 'positive_data_acceptance (in part)',
  },
  {
    name: 'auth',
    proves: 'no token and a signed-out token are refused with 401',
    runs: 'per operation',
    schemathesis: 'ignored_auth, use_after_free (in part)',
  },
  {
    name: 'tenant',
    proves: "another tenant's agency id, and none, are refused",
    runs: 'per operation',
    schemathesis: 'missing_required_header (the header left out only)',
  },
  { name: 'owner', proves: "another customer gets 404 for this customer's resource, and changes nothing", runs: 'per operation' },
  { name: 'missing', proves: 'an id that does not exist answers 404', runs: 'per operation', schemathesis: 'ensure_resource_availability (its negative)' },
  {
    name: 'negative',
    proves: 'a body or query broken in one field is refused with a declared 4xx',
    runs: 'per operation',
    schemathesis: 'negative_data_rejection',
  },
  {
    name: 'positive',
    proves: 'valid optional query values, and valid bodies for a PUT on what the run made, are not refused as malformed',
    runs: 'per operation',
    schemathesis: 'positive_data_acceptance',
  },
  {
    name: 'malformed-body',
    proves: 'text that is not JSON, an empty body, JSON null and JSON of the wrong top-level type are refused with a declared 4xx',
    runs: 'per operation',
    schemathesis: 'negative_data_rejection, not_a_server_error (its mutated bodies)',
  },
  {
    name: 'round-trip',
    proves: 'every field a write sent reads back equal, or as the contract says it is normalised (x-normalised)',
    runs: 'per operation',
  },
  {
    name: 'idempotency',
    proves: 'the same PUT twice leaves the same state; a repeat with the same x-idempotency key answers the same and books nothing again',
    runs: 'per operation',
  },
  {
    name: 'read-only-field',
    proves: 'a field the resource shows but its request does not take (id, status, validity, e-mail) is never applied (mass assignment)',
    runs: 'per operation',
  },
  {
    name: 'exposure',
    proves: 'no answer shows an undeclared credential, token or session, a password hash, a private key',
    runs: 'every answer',
  },
  { name: 'error-leak', proves: "no error answer shows a stack trace, the server's paths, SQL or an exception class", runs: 'every answer' },
  { name: 'list', proves: "every item a list shows is readable by its lister, and no item is in two customers' lists", runs: 'across operations' },
  {
    name: 'method',
    proves: "a method the contract does not declare answers 405 with an Allow naming the path's methods",
    runs: 'across operations',
    schemathesis: 'unsupported_method, allow_header_conformance',
  },
]

export const isCheckName = (name: string): name is CheckName => checkCatalogue.some((check) => check.name === name)

/** The check a step belongs to: the prefix of its id (`round-trip:updateDni`), when it is one. */
export const checkOfStep = (stepId: string): CheckName | undefined => {
  const prefix = stepId.split(':')[0] ?? ''
  return stepId.includes(':') && isCheckName(prefix) ? prefix : undefined
}

/** Which checks run, from the check names among --include/--exclude (an include of none: all). */
export function checkSelection(include: readonly string[], exclude: readonly string[]): (check: CheckName) => boolean {
  const included = include.filter(isCheckName)
  const excluded = exclude.filter(isCheckName)
  return (check) =>
    checkCatalogue.find((info) => info.name === check)?.always === true || ((included.length === 0 || included.includes(check)) && !excluded.includes(check))
}
