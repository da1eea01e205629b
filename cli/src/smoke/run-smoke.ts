import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { createApiClient, resolveApiBaseUrl, type ApiSession } from './api-client.ts'
import { ContractError, loadContract, type ContractIndex } from './contract-index.ts'
import { coverageFromCalls, writeCoverageFile } from './coverage.ts'
import { createLinkPool, type LinkPool } from './link-pool.ts'
import { operationSteps } from './operation-checks.ts'
import { createRequestBuilder } from './operation-requests.ts'
import { buildJourney } from './journey.ts'
import type { JourneyState } from './journey-state.ts'
import { createHumanReporter } from './reporters/human-reporter.ts'
import { toJunitXml } from './reporters/junit-reporter.ts'
import { createResponseChecker } from './response-checker.ts'
import { isLoopbackHost, smokeMarker } from './safety.ts'
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts'
import { judge, operationTimings, responseTimeResult, summarise, testedShare, type SmokeReport } from './smoke-report.ts'
import { runSteps, type StepDefinition, type StepResult } from './step-runner.ts'
import type { SecretNames } from './curl.ts'
import type { CliIo } from '../cli-io.ts'
import { UsageError, exitCodes, type ExitCode } from '../exit-codes.ts'

export type SmokeOptions = {
  baseUrl: string
  contractPath: string
  email?: string
  password?: string
  /** a second customer of the same agency: the leak probe reads the first one's booking as them */
  otherEmail?: string
  otherPassword?: string
  /** portal URL for the agency lookup and the checkout's return URL (default http://localhost:5173) */
  agencyUrl?: string
  write: boolean
  json: boolean
  junit?: string
  coverageOut?: string
  allowProviders: readonly string[]
  timeoutMs: number
  tenantHeader?: string
  /** replays generated inputs exactly (default: a new one, printed) */
  seed?: number
  /** generated inputs per operation and check */
  examples?: number
  /** an agency id of another tenant, for the tenant check (default: one that does not exist) */
  otherAgencyId?: string
  /** a finding for every operation with a slower answer */
  maxResponseTimeMs?: number
  /** exit 2 when fewer than this share (percent) of the contract's operations were tested */
  failUnder?: number
}

/** What to run; the journey by default, anything else in tests. */
export type SmokePlan<S extends object> = {
  steps: StepDefinition<S>[]
  state: S
  session(state: S): ApiSession
  notes: string[]
  /** secrets in the state, and the shell variable each is printed as in curl lines */
  secrets?(state: S): SecretNames
}

/** What the plan may use besides the contract: built once per run. */
export type PlanTools = { validator: SchemaValidator; pool: LinkPool; seed: number; marker: string }

export type SmokeOverrides<S extends object> = {
  plan?: (contract: ContractIndex, options: SmokeOptions, tools: PlanTools) => SmokePlan<S>
  fetch?: typeof fetch
  now?: () => Date
}

export const defaultAgencyUrl = 'http://localhost:5173'

/** The shell variables curl lines use for the run's secrets. */
export const secretVariables = {
  token: 'TRAVEL_PORTAL_TOKEN',
  password: 'TRAVEL_PORTAL_PASSWORD',
  otherToken: 'TRAVEL_PORTAL_OTHER_TOKEN',
  otherPassword: 'TRAVEL_PORTAL_OTHER_PASSWORD',
  revokedToken: 'TRAVEL_PORTAL_REVOKED_TOKEN',
} as const satisfies Partial<Record<keyof JourneyState, string>>

export function journeyPlan(contract: ContractIndex, options: SmokeOptions, tools: PlanTools): SmokePlan<JourneyState> {
  const journey = buildJourney(contract)
  const notes = journey.notes
  const requests = createRequestBuilder(contract, tools.validator, tools.pool, tools.seed, tools.marker)
  // The journey's clean-up (cancelling what it booked) waits until every operation has been tried on that booking.
  const cleanUp = (step: StepDefinition<JourneyState>) => journeyCleanUp.includes(step.id)
  const steps = [
    ...journey.steps.filter((step) => !cleanUp(step)),
    ...operationSteps({
      contract,
      validator: tools.validator,
      requests,
      otherAgencyId: options.otherAgencyId,
      seed: tools.seed,
      runs: options.examples ?? defaultExamples,
      calledLast: new Set(journey.steps.filter(cleanUp).flatMap((step) => step.operationIds ?? [])),
    }),
    ...journey.steps.filter(cleanUp),
  ]
  const state: JourneyState = { agencyUrl: options.agencyUrl ?? defaultAgencyUrl }
  if (options.email !== undefined) state.email = options.email
  if (options.password !== undefined) state.password = options.password
  if (options.otherEmail !== undefined) state.otherEmail = options.otherEmail
  if (options.otherPassword !== undefined) state.otherPassword = options.otherPassword
  if (options.email !== undefined && options.otherEmail === undefined) {
    notes.push(
      "the leak probe is limited: without --other-email/--other-password it only tries a booking id that is nobody's, not another customer's real booking",
    )
  }
  return {
    steps,
    state,
    notes,
    session: (current) => ({
      ...(current.token === undefined ? {} : { token: current.token }),
      ...(current.agencyId === undefined ? {} : { agencyId: current.agencyId }),
    }),
    secrets: (current) => {
      const names = new Map<string, string>()
      for (const [key, variable] of Object.entries(secretVariables)) {
        const value = current[key as keyof typeof secretVariables]
        if (value !== undefined && value !== '') names.set(value, variable)
      }
      return names
    },
  }
}

export const defaultExamples = 10

/** Journey steps that undo what --write made; they run last. */
export const journeyCleanUp: readonly string[] = ['booking.compute-cancel-refund', 'booking.cancel', 'booking.canceled', 'booking.canceled-is-history']

/**
 * Stops the run when what failed is the command line, not the API: nothing
 * answers at --base-url, no agency for --agency-url, or the credentials were
 * refused. Named by the journey's first steps.
 */
export function misconfiguration(result: StepResult, options: SmokeOptions, baseUrl: string): string | undefined {
  const call = result.calls[0]
  if (call === undefined) return undefined
  if (result.id === 'agency.lookup') {
    if (call.status === undefined) return `nothing answers at ${baseUrl} (${call.error ?? 'no answer'}): check --base-url`
    if (call.status === 404 || call.status === 400)
      return `no agency answers for ${options.agencyUrl ?? defaultAgencyUrl} (status ${call.status}): check --agency-url`
  }
  if (result.id === 'auth.login' && (call.status === 401 || call.status === 403)) {
    return `the API refused --email ${options.email ?? ''} (status ${call.status}): check --email and --password`
  }
  return undefined
}

function variablesUsed(report: Pick<SmokeReport, 'violations' | 'baseUrl'>, state: JourneyState): Array<{ name: string; how: string }> {
  const used = new Set(report.violations.flatMap((violation) => [...violation.curl.matchAll(/\$([A-Z_]+)/g)].map((match) => match[1] as string)))
  const login = (email: string | undefined, password: string) =>
    `export ${password.replace('PASSWORD', 'TOKEN')}=$(curl -s -X POST '${report.baseUrl}/auth/login' -H 'agencyId: ${state.agencyId ?? '<agency id>'}' -H 'content-type: application/json' --data-raw '{"email":"${email ?? '<e-mail>'}","password":"'"$${password}"'"}' | jq -r .token)`
  const how: Record<string, string> = {
    TRAVEL_PORTAL_PASSWORD: "export TRAVEL_PORTAL_PASSWORD='<the password of --email>'",
    TRAVEL_PORTAL_OTHER_PASSWORD: "export TRAVEL_PORTAL_OTHER_PASSWORD='<the password of --other-email>'",
    TRAVEL_PORTAL_TOKEN: login(state.email, 'TRAVEL_PORTAL_PASSWORD'),
    TRAVEL_PORTAL_OTHER_TOKEN: login(state.otherEmail, 'TRAVEL_PORTAL_OTHER_PASSWORD'),
    TRAVEL_PORTAL_REVOKED_TOKEN: `${login(state.email, 'TRAVEL_PORTAL_PASSWORD').replace('TRAVEL_PORTAL_TOKEN=', 'TRAVEL_PORTAL_REVOKED_TOKEN=')}; curl -s -X POST '${report.baseUrl}/auth/logout' -H 'agencyId: ${state.agencyId ?? '<agency id>'}' -H "Authorization: Bearer $TRAVEL_PORTAL_REVOKED_TOKEN"`,
  }
  return [...used].filter((name) => name in how).map((name) => ({ name, how: how[name] as string }))
}

export async function runSmoke<S extends object = JourneyState>(options: SmokeOptions, io: CliIo, overrides: SmokeOverrides<S> = {}): Promise<ExitCode> {
  if ((options.email === undefined) !== (options.password === undefined)) {
    throw new UsageError('--email and --password go together (or neither, for an anonymous run)')
  }
  if ((options.otherEmail === undefined) !== (options.otherPassword === undefined)) {
    throw new UsageError('--other-email and --other-password go together')
  }
  if (options.otherEmail !== undefined && options.email === undefined) {
    throw new UsageError("--other-email needs --email: the leak probe reads the first customer's booking as the other one")
  }
  if (options.otherEmail !== undefined && options.otherEmail.toLowerCase() === options.email?.toLowerCase()) {
    throw new UsageError('--other-email must be another customer than --email')
  }
  let contract: ContractIndex
  try {
    contract = await loadContract(options.contractPath)
  } catch (error) {
    if (error instanceof ContractError) throw new UsageError(`cannot load the contract: ${error.message}`)
    throw error
  }
  if (contract.operations.size === 0) throw new UsageError(`the contract ${options.contractPath} declares no operations: nothing to test`)

  const validator = createSchemaValidator(contract)
  const checker = createResponseChecker(contract, { validator })
  const startedAt = (overrides.now ?? (() => new Date()))()
  const marker = smokeMarker(startedAt)
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const pool = createLinkPool(contract)
  const makePlan = overrides.plan ?? (journeyPlan as unknown as NonNullable<SmokeOverrides<S>['plan']>)
  const plan = makePlan(contract, options, { validator, pool, seed, marker })
  const baseUrl = resolveApiBaseUrl(options.baseUrl, contract.basePath)
  const warnings = [...contract.warnings, ...validator.warnings, ...plan.notes]
  if (options.write && !isLoopbackHost(new URL(baseUrl).hostname)) {
    warnings.push(`--write against ${new URL(baseUrl).host}, which is not this machine: created data is tagged ${marker}`)
  }

  const client = createApiClient({
    contract,
    checker,
    baseUrl,
    timeoutMs: options.timeoutMs,
    getSession: () => plan.session(plan.state),
    onAnswer: (answer) => pool.observe(answer),
    ...(plan.secrets === undefined ? {} : { secrets: () => plan.secrets!(plan.state) }),
    ...(options.tenantHeader === undefined ? {} : { tenantHeader: options.tenantHeader }),
    ...(overrides.fetch === undefined ? {} : { fetch: overrides.fetch }),
  })

  const human = options.json ? undefined : createHumanReporter(io)
  human?.header([
    `smoke ${baseUrl} (${contract.operations.size} operations in ${path.relative(io.cwd, options.contractPath) || options.contractPath})`,
    `${options.write ? `WRITE mode, marker ${marker}` : 'read-only (write steps skipped; --write to run them)'}${options.email === undefined ? ', anonymous (--email/--password for the customer steps)' : `, as ${options.email}`}; seed ${seed}`,
  ])

  const started = performance.now()
  const run = await runSteps(plan.steps, {
    client,
    contract,
    state: plan.state,
    write: options.write,
    allowProviders: options.allowProviders,
    marker,
    stopAfter: (result) => misconfiguration(result, options, baseUrl),
    ...(human === undefined ? {} : { events: human }),
  })
  const results = [...run.results]
  if (options.maxResponseTimeMs !== undefined) {
    results.push(responseTimeResult(client.calls, options.maxResponseTimeMs))
    human?.stepFinished?.(results.at(-1)!, results.length - 1, results.length)
  }
  const tested = testedShare([...contract.operations.keys()], results)
  let verdict = judge(results)
  if (run.stopped !== undefined) {
    verdict = { verdict: 'misconfigured', exitCode: exitCodes.usage, explanation: `stopped: ${run.stopped}` }
  } else if (options.failUnder !== undefined && (100 * tested.tested) / tested.operations < options.failUnder) {
    verdict = {
      verdict: 'too-little-tested',
      exitCode: exitCodes.usage,
      explanation: `tested ${tested.tested} of ${tested.operations} operations, under --fail-under ${options.failUnder}%: ${verdict.explanation}`,
    }
  }
  const coverage = coverageFromCalls(contract, client.calls)
  const violations = results.flatMap((result) => result.violations)
  const report: SmokeReport = {
    tool: 'travel-portal smoke',
    reportVersion: 1,
    baseUrl,
    contract: options.contractPath,
    marker,
    write: options.write,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    ...verdict,
    summary: summarise(results),
    steps: results,
    violations,
    warnings,
    coverage,
    seed,
    tested,
    timings: operationTimings(client.calls),
    variables: variablesUsed({ violations, baseUrl }, plan.state as JourneyState),
  }

  if (options.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  else human?.finish(report)
  if (options.junit !== undefined) await writeTextFile(options.junit, toJunitXml(report))
  if (options.coverageOut !== undefined) await writeCoverageFile(options.coverageOut, `smoke ${baseUrl}`, coverage)
  return report.exitCode
}

async function writeTextFile(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  await writeFile(file, content)
}
