import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { createApiClient, resolveApiBaseUrl, type ApiSession } from './api-client.ts'
import { ContractError, loadContract, type ContractIndex } from './contract-index.ts'
import { coverageFromCalls, writeCoverageFile } from './coverage.ts'
import { buildJourney } from './journey.ts'
import type { JourneyState } from './journey-state.ts'
import { createHumanReporter } from './reporters/human-reporter.ts'
import { toJunitXml } from './reporters/junit-reporter.ts'
import { createResponseChecker } from './response-checker.ts'
import { isLoopbackHost, smokeMarker } from './safety.ts'
import { createSchemaValidator } from './schema-validator.ts'
import { judge, summarise, type SmokeReport } from './smoke-report.ts'
import { runSteps, type StepDefinition } from './step-runner.ts'
import type { CliIo } from '../cli-io.ts'
import { UsageError, type ExitCode } from '../exit-codes.ts'

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
}

/** What to run; the journey by default, anything else in tests. */
export type SmokePlan<S extends object> = {
  steps: StepDefinition<S>[]
  state: S
  session(state: S): ApiSession
  notes: string[]
}

export type SmokeOverrides<S extends object> = {
  plan?: (contract: ContractIndex, options: SmokeOptions) => SmokePlan<S>
  fetch?: typeof fetch
  now?: () => Date
}

export const defaultAgencyUrl = 'http://localhost:5173'

export function journeyPlan(contract: ContractIndex, options: SmokeOptions): SmokePlan<JourneyState> {
  const { steps, notes } = buildJourney(contract)
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
  }
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
  const makePlan = overrides.plan ?? (journeyPlan as unknown as NonNullable<SmokeOverrides<S>['plan']>)
  const plan = makePlan(contract, options)
  const baseUrl = resolveApiBaseUrl(options.baseUrl, contract.basePath)
  const startedAt = (overrides.now ?? (() => new Date()))()
  const marker = smokeMarker(startedAt)
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
    ...(options.tenantHeader === undefined ? {} : { tenantHeader: options.tenantHeader }),
    ...(overrides.fetch === undefined ? {} : { fetch: overrides.fetch }),
  })

  const human = options.json ? undefined : createHumanReporter(io)
  human?.header([
    `smoke ${baseUrl} (${contract.operations.size} operations in ${path.relative(io.cwd, options.contractPath) || options.contractPath})`,
    `${options.write ? `WRITE mode, marker ${marker}` : 'read-only (write steps skipped; --write to run them)'}${options.email === undefined ? ', anonymous (--email/--password for the customer steps)' : `, as ${options.email}`}`,
  ])

  const started = performance.now()
  const { results } = await runSteps(plan.steps, {
    client,
    contract,
    state: plan.state,
    write: options.write,
    allowProviders: options.allowProviders,
    marker,
    ...(human === undefined ? {} : { events: human }),
  })
  const verdict = judge(results)
  const coverage = coverageFromCalls(contract, client.calls)
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
    violations: results.flatMap((result) => result.violations),
    warnings,
    coverage,
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
