import type { CallOutcome } from '../transport/api-types.ts'
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { asRecord, asString, statusAndCode } from '../journey/journey-helpers.ts'
import type { JourneyState } from '../journey/journey-state.ts'
import type { SchemaValidator } from '../../../../contract/engine/schema-validator.ts'
import type { CheckOptions } from './check-options.ts'
import { placeholderFor, requestMedia } from './operation-requests.ts'
import { schemaAt } from '../../../../contract/engine/schema-values.ts'
import { listSteps, methodSteps } from './api-wide-checks.ts'
import { malformedBodySteps } from './malformed-body-checks.ts'
import { writeSteps } from './write-checks.ts'
import { parentRead, readOfSamePath } from '../../../../contract/engine/contract-routes.ts'
import { generatedSteps } from './generated-checks.ts'
import type { StepContext, StepDefinition, StepKind } from '../step-runner.ts'

// After the journey, every operation on its own, with the ids the run found or
// created (the contract's links): one step per operation and check, so a
// fault in one never hides another. Checks (Schemathesis names in brackets):
//   reach     the operation answers as declared, if the journey did not call it
//   auth      without a token and with a signed-out one → 401 [ignored_auth; use after sign-out]
//   tenant    with another tenant's agency id, and without the header → 400/401/403/404 as declared,
//             never 2xx [missing_required_header]
//   owner     another customer on this customer's resource → 404, nothing changed
//   missing   an id that does not exist → 404 [ensure_resource_availability's negative]
//   negative / positive   generated data (generated-checks.ts)
//   list / method         over more than one operation (api-wide-checks.ts)
// Reads run by default; anything sent to a mutating operation obeys --write,
// since a broken backend would act on it.

const describe = (outcome: CallOutcome) => `status ${statusAndCode(outcome)}`
const kindOf = (operation: OperationSpec, read: StepKind): StepKind => (operation.method === 'get' ? read : 'write')
const declares = (operation: OperationSpec, status: number) => String(status) in operation.responses
/** The operation needs the tenant: a required header parameter of that name, or (modelled as a credential) in every security requirement. */
const usesTenant = (contract: ContractIndex, operation: OperationSpec) => {
  const header = contract.tenantHeader?.toLowerCase()
  if (header === undefined) return false
  const parameter = operation.parameters.find((candidate) => candidate.in === 'header' && candidate.name.toLowerCase() === header)
  if (parameter !== undefined) return parameter.required
  return (
    operation.security.length > 0 &&
    operation.security.every((requirement) => Object.keys(requirement).some((name) => contract.securitySchemes[name]?.name?.toLowerCase() === header))
  )
}

/** The operations the checks sign in and out with (a run walks the contract's own auth). */
const signIn = 'login'
const signOut = 'logout'

/** Signs in before the checks: a session to revoke, a spare one for signing out, and the other customer. */
export function sessionsStep(): StepDefinition<JourneyState> {
  return {
    id: 'checks.sessions',
    name: 'Sessions for the security checks (a revoked token, the other customer)',
    kind: 'probe',
    operationIds: [signIn, signOut],
    async run(context: StepContext<JourneyState>) {
      const { email, password, otherEmail, otherPassword } = context.state
      if (email === undefined || password === undefined) context.skip('needs --email/--password')
      const session = async (user: string, secret: string, what: string) => {
        const answer = await context.call(signIn, { json: { email: user, password: secret }, auth: 'none', probe: true })
        const token = asString(asRecord(answer.json)?.['token'])
        if (token === undefined) context.fail(what, describe(answer), { kind: 'probe', operationId: signIn })
        return token
      }
      const revoked = await session(email, password, 'a second session for --email')
      const logout = await context.call(signOut, { auth: { token: revoked }, probe: true })
      if (!logout.ok) context.fail('the second session signed out (2xx)', describe(logout), { kind: 'probe', operationId: signOut })
      context.set({ revokedToken: revoked, spareToken: await session(email, password, 'a third session for --email') })
      context.note('a second session was opened and signed out: its token must be refused from now on')
      if (otherEmail !== undefined && otherPassword !== undefined) {
        context.set({ otherToken: await session(otherEmail, otherPassword, `a session for --other-email ${otherEmail}`) })
      }
    },
  }
}

export function operationSteps(options: CheckOptions): StepDefinition<JourneyState>[] {
  const steps: StepDefinition<JourneyState>[] = [sessionsStep()]
  for (const operation of options.contract.operations.values()) {
    if (options.selected?.(operation) === false) continue
    steps.push(reachStep(options, operation))
    steps.push(...writeSteps(options, operation))
    if (operation.requiresAuth) steps.push(authStep(options, operation))
    if (usesTenant(options.contract, operation)) steps.push(tenantStep(options, operation))
    if (operation.requiresAuth && operation.path.includes('{')) steps.push(ownerStep(options, operation))
    if (operation.path.includes('{') && declares(operation, 404)) steps.push(missingStep(options, operation))
    steps.push(...generatedSteps(options, operation))
    steps.push(...malformedBodySteps(options, operation))
  }
  const selected = options.selected ?? (() => true)
  steps.push(...listSteps(options.contract, selected), ...methodSteps(options.contract, selected))
  return steps
}

function reachStep({ requests, calledLast, contract, validator }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `reach:${id}`,
    name: `${id} answers as declared`,
    kind: kindOf(operation, 'read'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const earlier = context.calls.find((call) => call.operationId === id && call.status !== undefined && !call.probe && call.explore !== true)
      if (earlier !== undefined) {
        context.note(`called by the journey (status ${earlier.status})`)
        return
      }
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      // Undoing what the run made (cancelling its booking) comes last, in the journey.
      if (operation.method !== 'get' && calledLast.has(id)) context.skip("called by the journey's clean-up, after these checks")
      if (operation.requiresAuth && requests.changesCredentials(operation)) {
        context.skip("untested with valid data: it changes the customer's credentials (its auth and negative checks still run)")
      }
      const request = requests.base(operation)
      const unknown = [...request.placeholders, ...request.missingBody]
      if (unknown.length > 0) context.skip(`untested: no value for ${unknown.join(', ')} (no answer linked to it)`)
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(`untested with valid data: it would change ${request.untouchable.join(', ')}, which is the customer's and was not made by this run`)
      }
      // A replacement of the customer's own resource (PUT /auth/profile) gets back what it reads: valid
      // data from the backend itself, and nothing of theirs changes.
      const sameRead = operation.method === 'put' && request.json !== undefined ? readOfSamePath(contract, operation) : undefined
      if (sameRead !== undefined) {
        const read = async () => (await context.call(sameRead.operationId, { path: request.path, probe: true })).json
        const before = await read()
        const body = writableFields(contract, validator, operation, before)
        if (body === undefined) {
          context.skip(
            `untested with valid data: it replaces the customer's ${sameRead.operationId} answer, and what that answered is not a valid body to send back`,
          )
        }
        await context.call(id, requests.callOptions({ ...request, json: body }))
        context.note(`sent back what ${sameRead.operationId} answered, so nothing of the customer's changes`)
        if (JSON.stringify(await read()) !== JSON.stringify(before)) {
          context.fail(`${sameRead.operationId} unchanged after ${id} with the same values`, 'it changed', { operationId: id })
        }
        return
      }
      // Signing out is tried on a session of its own, so the run keeps its own: never the main one.
      if (id === signOut && context.state.spareToken === undefined) context.skip('untested: no session of its own to sign out (the main one is kept)')
      const auth = id === signOut ? { auth: { token: context.state.spareToken as string } } : {}
      await context.call(id, requests.callOptions(request, auth))
    },
  }
}

/** The body properties out of what the read answered, when they make a valid body. */
export function writableFields(contract: ContractIndex, validator: SchemaValidator, operation: OperationSpec, read: unknown): unknown {
  const media = requestMedia(operation, 'application/json')
  const properties = media?.schema === undefined ? undefined : schemaAt(contract, media.schema)?.schema['properties']
  const answer = asRecord(read)
  if (media?.schema === undefined || answer === undefined || properties === null || typeof properties !== 'object') return undefined
  const body = Object.fromEntries(
    Object.keys(properties)
      .filter((name) => Object.hasOwn(answer, name))
      .map((name) => [name, answer[name]]),
  )
  return validator.validate(media.schema, body).outcome === 'valid' ? body : undefined
}

function authStep({ requests, contract, validator }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const authProbeRequest = async (context: StepContext<JourneyState>, probed: OperationSpec) => {
    const request = requests.base(probed)
    if (probed.method === 'get') return request
    if (Object.keys(request.path).length > 0) {
      const missing = placeholderFor(context.marker)
      return { ...request, path: Object.fromEntries(Object.keys(request.path).map((name) => [name, missing])) }
    }
    if (requests.changesCredentials(probed)) return { ...request, json: {} }
    const sameRead = readOfSamePath(contract, probed)
    if (sameRead === undefined || context.state.token === undefined) return request
    const current = (await context.call(sameRead.operationId, { path: request.path, probe: true })).json
    return { ...request, json: writableFields(contract, validator, probed, current) ?? {} }
  }
  return {
    id: `auth:${id}`,
    name: `${id} refuses a missing or revoked token`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      // A schema-valid body: a backend that validates before checking the token is not blamed. A read
      // goes to real ids; a write can never change anything on a backend that ignores the token: its ids
      // do not exist (auth answers 401 before any lookup; a 404 shows the fault, and nothing was touched),
      // a replacement sends back what it reads, and credentials are never sent.
      const request = await authProbeRequest(context, operation)
      const tries: Array<{ label: string; auth: 'none' | { token: string } }> = [{ label: 'without a token', auth: 'none' }]
      if (context.state.revokedToken !== undefined) tries.push({ label: 'with a signed-out token', auth: { token: context.state.revokedToken } })
      else context.note('no revoked token to try (needs --email/--password)')
      for (const attempt of tries) {
        const outcome = await context.call(id, requests.callOptions(request, { auth: attempt.auth, probe: true }))
        if (outcome.status !== 401) {
          context.fail(`status 401 ${attempt.label}`, `${describe(outcome)}${outcome.ok ? ': served without a valid session' : ''}`, {
            kind: 'probe',
            operationId: id,
          })
        }
      }
    },
  }
}

function tenantStep({ requests, otherAgencyId, contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const accepted = [400, 401, 403, 404].filter((status) => declares(operation, status))
  return {
    id: `tenant:${id}`,
    name: `${id} refuses another tenant's agency id, and a request without one`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (accepted.length === 0) context.skip('untested: the operation declares none of 400, 401, 403, 404')
      // A real tenant serves its public data to anyone: only this customer's session must not work there.
      if (otherAgencyId !== undefined && !operation.requiresAuth) context.skip(`public: ${otherAgencyId} serves its own data to anyone`)
      const agency = otherAgencyId ?? `agency-${placeholderFor(context.marker)}`
      const header = contract.tenantHeader as string
      const request = requests.base(operation)
      // A valid write to something of the customer's would change it on a backend that ignores the tenant.
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(
          `not checked: it would change ${request.untouchable.join(', ')} on a backend that ignores the tenant, which is the customer's and was not made by this run`,
        )
      }
      const outcome = await context.call(id, requests.callOptions(request, { headers: { [header]: agency }, probe: true }))
      if (!accepted.includes(outcome.status)) {
        context.fail(
          `status ${accepted.join(' or ')} with agency ${agency}${otherAgencyId === undefined ? ' (which does not exist)' : ''}`,
          `${describe(outcome)}${outcome.ok ? ": another tenant's request was served" : ''}`,
          { kind: 'probe', operationId: id },
        )
      }
      // The required header left out: refused, never served as some default tenant [missing_required_header].
      const without = await context.call(id, requests.callOptions(request, { omitHeaders: [header], probe: true }))
      if (!accepted.includes(without.status)) {
        context.fail(
          `status ${accepted.join(' or ')} without the ${header} header`,
          `${describe(without)}${without.ok ? ': served as some default tenant' : ''}`,
          {
            kind: 'probe',
            operationId: id,
          },
        )
      }
    },
  }
}

function ownerStep({ requests, contract }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const read = parentRead(contract, operation)
  return {
    id: `owner:${id}`,
    name: `${id} hides this customer's data from another customer`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const otherToken = context.state.otherToken
      if (otherToken === undefined) context.skip('untested: needs a second customer (--other-email/--other-password)')
      const request = requests.base(operation)
      if (request.placeholders.length > 0) context.skip(`untested: no value for ${request.placeholders.join(', ')} (no answer linked to it)`)
      if (!request.privatePath) context.skip("not checked: no path value is the id of something only this customer's answers gave (decision 014)")
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(
          `not checked: it would change ${request.untouchable.join(', ')} on a backend that lets another customer write, which is the customer's and was not made by this run`,
        )
      }
      const snapshot = async () =>
        read === undefined ? undefined : (await context.call(read.operationId, { path: requests.base(read).path, probe: true })).text()
      const before = await snapshot()
      const outcome = await context.call(id, requests.callOptions(request, { auth: { token: otherToken }, probe: true }))
      if (outcome.status !== 404) {
        context.fail(
          `status 404 for ${context.state.otherEmail ?? 'the other customer'}`,
          `${describe(outcome)}${outcome.ok ? ": another customer's data was served or changed" : ''}`,
          {
            kind: 'probe',
            operationId: id,
          },
        )
      }
      if (read !== undefined && before !== (await snapshot())) {
        context.fail(`${read.operationId} unchanged for the owner after the refused ${id}`, 'it changed', { kind: 'probe', operationId: id })
      }
    },
  }
}

function missingStep({ requests }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  return {
    id: `missing:${id}`,
    name: `${id} answers 404 for an id that does not exist`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const request = requests.base(operation)
      const missing = placeholderFor(context.marker)
      const path = Object.fromEntries(Object.keys(request.path).map((name) => [name, missing]))
      const outcome = await context.call(id, requests.callOptions({ ...request, path }, { probe: true }))
      if (outcome.status !== 404) context.fail(`status 404 for ${missing}`, describe(outcome), { kind: 'probe', operationId: id })
    },
  }
}
