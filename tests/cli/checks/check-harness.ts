// What a check's test runs its steps against: the mock in process (MSW's getResponse over a fresh world,
// no server), with a fault of the test's making on the answers it picks, through the CLI's own API client
// and response checker. The customer is signed in and the reads a run makes first are made, so the link
// pool knows the ids the checks use; then the test hands the steps a check module built to the runner.
import { getResponse } from 'msw'

import { answerScans } from '../../../cli/src/checks/catalogue.ts'
import type { CheckOptions } from '../../../cli/src/checks/kit/check-options.ts'
import { createLinkPool } from '../../../cli/src/checks/kit/link-pool.ts'
import { createRequestBuilder } from '../../../cli/src/checks/kit/operation-requests.ts'
import { sessionsStep } from '../../../cli/src/checks/kit/sessions.ts'
import { readAfterWrite } from '../../../cli/src/checks/kit/written-reads.ts'
import { buildJourney } from '../../../cli/src/journey/journey.ts'
import { journeyCleanUp } from '../../../cli/src/smoke/smoke-plan.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import type { JourneyState } from '../../../cli/src/run/run-state.ts'
import { runSteps, type StepDefinition, type StepResult } from '../../../cli/src/run/step-runner.ts'
import { createApiClient } from '../../../cli/src/transport/api-client.ts'
import type { ApiClient, CallOptions } from '../../../cli/src/transport/api-types.ts'
import { loadContract, type ContractIndex, type OperationSpec } from '../../../contract/engine/contract-index.ts'
import { findOperationByRoute } from '../../../contract/engine/contract-routes.ts'
import { createResponseChecker } from '../../../contract/engine/response-checker.ts'
import { createSchemaValidator } from '../../../contract/engine/schema-validator.ts'
import { createRuntime } from '../../../mock/src/runtime/runtime.ts'
import { createMockHandlers } from '../../../mock/src/setups/mock-handlers.ts'
import type { ScenarioName } from '../../../contract/mock-control.ts'

const ORIGIN = 'http://mock.test'
const MARKER = 'smoke-20261121T100000Z'
export const ANA = { email: 'ana.garcia@example.com', password: 'viaje2026' }
export const OTHER = { email: 'nuevo@example.com', password: 'viaje2026' }

let contract: Promise<ContractIndex> | undefined
export const realContract = () => (contract ??= loadContract(defaultContractPath))

/** What a fault sees of a request, and the mock's own answer to it, which it may replace (undefined: leave it). */
export type FaultRequest = { operationId: string | undefined; method: string; apiPath: string; query: URLSearchParams; headers: Headers; json: unknown }
export type Fault = (request: FaultRequest, answer: Response) => Response | undefined | Promise<Response | undefined>

/** A JSON answer, for faults. */
export const answer = (status: number, json: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', ...headers } })

/**
 * A fault replaces one thing; the caching headers the backend sets on every answer stay unless the fault
 * sets its own (the cache check's faults do), so a test of one check sees only its own finding.
 */
function withCachingOf(mocked: Response, faulty: Response): Response {
  for (const name of ['cache-control', 'vary']) {
    const value = mocked.headers.get(name)
    if (value !== null && !faulty.headers.has(name)) faulty.headers.set(name, value)
  }
  return faulty
}

export type CheckWorld = {
  contract: ContractIndex
  client: ApiClient
  state: JourneyState
  options: CheckOptions
  operation(operationId: string): OperationSpec
  /** a call made as the run's journey would (its answer feeds the link pool) */
  read(operationId: string, options?: CallOptions): ReturnType<ApiClient['call']>
  /** the steps run in order, as the smoke runner runs them (write steps too) */
  run(steps: readonly StepDefinition<JourneyState>[]): Promise<StepResult[]>
  /** the journey's steps from its start up to and including `last` (`checkout.checkout`: the run's booking made) */
  journey(last: string): Promise<StepResult[]>
  /** the journey's clean-up: what the run booked, canceled */
  cleanUp(): Promise<StepResult[]>
}

/**
 * A fresh mock in process, the customer (and with `other`, a second one) signed in, the sessions step
 * run, and the run's first reads made: the travel groups, the bookings, one booking and its payments.
 */
export async function checkWorld(options: { fault?: Fault; scenarios?: ScenarioName[]; other?: boolean; throttling?: boolean } = {}): Promise<CheckWorld> {
  const index = await realContract()
  const rt = createRuntime({ fresh: true, now: () => new Date('2026-11-21T10:00:00Z') })
  // off unless a test is about it: a test's many sign-ins are not an attack
  rt.options.throttling.everyone = options.throttling === true
  rt.world.scenarios = (options.scenarios ?? []).map((name) => ({ name, target: {} }))
  const handlers = createMockHandlers(rt)
  const inProcessFetch: typeof fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init)
    const mocked = (await getResponse(handlers, request.clone())) ?? new Response('no handler', { status: 404 })
    if (options.fault === undefined) return mocked
    const url = new URL(request.url)
    const apiPath = url.pathname.slice(index.basePath.length) || '/'
    const text = await request.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    const operationId = findOperationByRoute(index, request.method, apiPath)?.operationId
    const faulty = await options.fault({ operationId, method: request.method, apiPath, query: url.searchParams, headers: request.headers, json }, mocked)
    return faulty === undefined ? mocked : withCachingOf(mocked, faulty)
  }) as typeof fetch

  const validator = createSchemaValidator(index)
  const pool = createLinkPool(index)
  const state: JourneyState = {
    agencyUrl: 'http://localhost:5173',
    agencyId: 'ag-sol',
    ...ANA,
    ...(options.other ? { otherEmail: OTHER.email, otherPassword: OTHER.password } : {}),
  }
  const client: ApiClient = createApiClient({
    contract: index,
    checker: createResponseChecker(index, { validator, scans: answerScans(index) }),
    baseUrl: `${ORIGIN}${index.basePath}`,
    fetch: inProcessFetch,
    getSession: () => ({ ...(state.token === undefined ? {} : { token: state.token }), agencyId: 'ag-sol' }),
    onAnswer: (answered) => pool.observe(answered),
    readAfterWrite: readAfterWrite(index, (operationId, callOptions) => client.call(operationId, callOptions)),
    maxRetryWaitMs: 0,
  })
  const checkOptions: CheckOptions = {
    contract: index,
    validator,
    requests: createRequestBuilder(index, validator, pool, 1, MARKER),
    pool,
    otherAgencyId: undefined,
    seed: 1,
    runs: 5,
    calledLast: new Set(['computeCancelRefund', 'cancelBooking']),
  }
  const run = async (steps: readonly StepDefinition<JourneyState>[]) =>
    (await runSteps([...steps], { client, contract: index, state, write: true, allowProviders: [], marker: MARKER })).results
  const world: CheckWorld = {
    contract: index,
    client,
    state,
    options: checkOptions,
    operation: (operationId) =>
      index.operations.get(operationId) ??
      (() => {
        throw new Error(`no operation ${operationId}`)
      })(),
    read: (operationId, callOptions) => client.call(operationId, callOptions),
    run,
    journey: (last) => {
      const steps = buildJourney(index).steps.filter((step) => !journeyCleanUp.includes(step.id))
      const end = steps.findIndex((step) => step.id === last)
      if (end < 0) throw new Error(`no journey step ${last}`)
      return run(steps.slice(0, end + 1))
    },
    // (their needs are the journey's booking, made by an earlier run of the steps: the state has it)
    cleanUp: () =>
      run(
        buildJourney(index)
          .steps.filter((step) => journeyCleanUp.includes(step.id))
          .map(({ needs: _made, ...step }) => step),
      ),
  }
  const login = await client.call('login', { json: ANA, auth: 'none' })
  state.token = (login.json as { token: string }).token
  await run([sessionsStep()])
  await world.read('listTravelGroups')
  await world.read('listBookings')
  await world.read('getBooking', { path: ['bkg-sol-1002'] })
  await world.read('getBookingPayments', { path: ['bkg-sol-1002'] })
  return world
}

/** The results of one check's steps (their ids start with its name). */
export const stepsOf = (results: readonly StepResult[], check: string) => results.filter((result) => result.id.startsWith(`${check}:`))
