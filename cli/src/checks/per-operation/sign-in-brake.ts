// sign-in-brake: an operation that takes or sends a secret (sign-in, sign-in links and reminders) and declares
// `x-throttle: { after, windowSeconds }` answers 429 with Retry-After once one address has had `after` tries in the
// window (OWASP API2, API4): without it a password is guessed at the speed of the network. The tries go to an address
// no account can have (under `.invalid`, RFC 2606), never to the customer the run was given, and the same one every
// run, so runs do not pile up into a limit: a later run within the window meets the 429 at its first try. Each 429 is
// this check's answer, never waited out (the transport's politeness is for the rest of the run). With a throwaway
// account (--brake-email, opt-in: it is locked out), the lock must lift once Retry-After has passed: the right password
// signs in. `--exclude sign-in-brake` leaves it out where it is unwelcome.
import type { ContractIndex, OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { joinPointer } from '../../../../contract/engine/json-pointer.ts'
import { schemaAt } from '../../../../contract/engine/schema-values.ts'
import { retryAfterMs } from '../../../../core/http-retry.ts'
import { asRecord } from '../../run/json-readers.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CallOutcome } from '../../transport/api-types.ts'
import type { Check } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'
import { requestMedia } from '../kit/operation-requests.ts'

/** The address the tries go to: no account can have it, and every run uses it. */
export const BRAKE_ADDRESS = 'sign-in-brake@travel-portal.invalid'

export const signInBrake = {
  name: 'sign-in-brake',
  proves:
    'an operation that takes or sends a secret (x-throttle) answers 429 with Retry-After once one address has had its declared number of tries, an address no account has too',
  runs: 'per operation',
  steps: (options, operation) => (operation.throttle === undefined ? [] : [signInBrakeStep(options, operation)]),
} as const satisfies Check<'sign-in-brake'>

/** The request body's properties that take an e-mail address (`format: email`), and those that take a password. */
function bodyFields(contract: ContractIndex, operation: OperationSpec): { address?: string; secrets: string[] } {
  const media = requestMedia(operation, 'application/json')
  const located = media?.schema === undefined ? undefined : schemaAt(contract, media.schema)
  const properties = asRecord(located?.schema['properties'])
  if (located === undefined || properties === undefined) return { secrets: [] }
  const schemaOf = (name: string) =>
    schemaAt(contract, { documentUrl: located.at.documentUrl, pointer: joinPointer(located.at.pointer, 'properties', name) })?.schema
  const names = Object.keys(properties)
  const address = names.find((name) => schemaOf(name)?.['format'] === 'email')
  return { ...(address === undefined ? {} : { address }), secrets: names.filter((name) => schemaOf(name)?.['format'] === 'password' || /password/i.test(name)) }
}

function signInBrakeStep({ contract, requests, brakeAccount, sleep = wait }: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const { after, windowSeconds } = operation.throttle as { after: number; windowSeconds: number }
  const declared = `x-throttle: ${after} in ${windowSeconds} s`
  return {
    id: `sign-in-brake:${id}`,
    name: `${id} brakes after ${after} tries for one address`,
    kind: 'probe',
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      const fields = bodyFields(contract, operation)
      const base = requests.base(operation).json
      if (fields.address === undefined || asRecord(base) === undefined) context.skip('untested: its JSON body takes no e-mail address')
      const body = (address: string, secret: string): Record<string, unknown> => {
        const json: Record<string, unknown> = { ...asRecord(base), [fields.address as string]: address }
        for (const name of fields.secrets) json[name] = secret
        return json
      }
      const wrong = `not-the-password-${context.marker}`
      const send = (json: Record<string, unknown>) => context.call(id, { json, auth: 'none', probe: true, unlinked: true, keepThrottled: true })

      // an address no account has, up to the declared tries and one more
      const braked = await triesUntil429(send, body(BRAKE_ADDRESS, wrong), after + 1)
      if (braked.signedIn !== undefined)
        context.fail(`no sign-in for ${BRAKE_ADDRESS}, which no account has`, `try ${braked.signedIn}: ${braked.statuses.at(-1)}`, {
          kind: 'probe',
          operationId: id,
        })
      if (braked.at === undefined) {
        context.fail(
          `a 429 with Retry-After by try ${after + 1} for one address (${declared})`,
          `${after + 1} tries for ${BRAKE_ADDRESS}: ${summary(braked.statuses)}`,
          {
            kind: 'probe',
            operationId: id,
          },
        )
      }
      context.note(`429 at try ${braked.at} of at most ${after + 1} (${declared})`)

      // with a throwaway account (opt-in, and only where a password is taken): locked out, then let in after Retry-After
      if (brakeAccount === undefined || fields.secrets.length === 0) return
      const locked = await triesUntil429(send, body(brakeAccount.email, wrong), after + 1)
      if (locked.at === undefined) {
        context.fail(`a 429 with Retry-After by try ${after + 1} for ${brakeAccount.email} (${declared})`, `${summary(locked.statuses)}`, {
          kind: 'probe',
          operationId: id,
        })
      }
      const waitMs = retryAfterMs(locked.retryAfter ?? null)
      if (waitMs === undefined || waitMs > brakeAccount.maxWaitMs) {
        context.note(`the lock lifting: untested (Retry-After ${locked.retryAfter ?? 'missing'}, longer than --brake-wait ${brakeAccount.maxWaitMs / 1000} s)`)
        return
      }
      await sleep(waitMs)
      const right = await send(body(brakeAccount.email, brakeAccount.password))
      if (!right.ok) {
        context.fail(
          `${brakeAccount.email} signs in with its password once Retry-After (${locked.retryAfter ?? ''} s) has passed`,
          `status ${right.status} after waiting ${Math.round(waitMs / 1000)} s`,
          { kind: 'probe', operationId: id, call: right.record },
        )
      }
      context.note(`${brakeAccount.email}: locked at try ${locked.at}, let in after Retry-After ${locked.retryAfter ?? ''} s`)
    },
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Sends until a 429 (or a sign-in), at most `most` times: which try, its Retry-After, and every status. */
async function triesUntil429(send: (json: Record<string, unknown>) => Promise<CallOutcome>, json: Record<string, unknown>, most: number) {
  const statuses: number[] = []
  for (let attempt = 1; attempt <= most; attempt += 1) {
    const outcome = await send(json)
    statuses.push(outcome.status)
    // a 429 without Retry-After is the response check's finding
    if (outcome.status === 429) return { at: attempt, retryAfter: outcome.headers.get('retry-after') ?? undefined, statuses }
    if (outcome.ok) return { signedIn: attempt, statuses }
  }
  return { statuses }
}

/** `401 ×6`: the statuses, counted in the order they first came. */
const summary = (statuses: readonly number[]) =>
  [...new Set(statuses)].map((status) => `${status} ×${statuses.filter((item) => item === status).length}`).join(', ')
