import { contractFileToRead } from '../base/package-paths.ts'
import path from 'node:path'

import { ContractError, loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import type { SecretNames } from '../../../contract/engine/curl.ts'
import { answerScans, checkCatalogue, checkSelection, isCheckName } from '../checks/catalogue.ts'
import { createResponseChecker } from '../../../contract/engine/response-checker.ts'
import { createSchemaValidator } from '../../../contract/engine/schema-validator.ts'
import type { CliIo } from '../base/cli-io.ts'
import { UsageError, exitCodes, type ExitCode } from '../base/exit-codes.ts'
import { headerVariable } from '../base/option-parsers.ts'
import { writeTextFile } from '../base/structured-file.ts'
import { createApiClient } from '../transport/api-client.ts'
import { readAfterWrite } from '../checks/kit/written-reads.ts'
import { resolveApiBaseUrl } from '../transport/request-parts.ts'
import { coverageFromCalls, writeCoverageFile } from '../reports/coverage.ts'
import { toHar } from '../reports/har.ts'
import type { Exchange } from '../transport/api-types.ts'
import { smokeHtml } from '../reports/html/smoke-html.ts'
import { journeyCleanUp, journeyPlan, operationSelection, type PlanTools, type SmokePlan } from './smoke-plan.ts'
import type { JourneyState } from '../run/run-state.ts'
import { createLinkPool } from '../checks/kit/link-pool.ts'
import { createHumanReporter } from '../reports/human-reporter.ts'
import { toJunitXml } from '../reports/junit-reporter.ts'
import { isLoopbackHost, smokeMarker } from '../run/safety.ts'
import { defaultAgencyUrl, smokeSettings, type SmokeHeader, type SmokeOptions } from './smoke-options.ts'
import { findingsOf, judge, operationTimings, responseTimeResult, summarise, testedShare, type SmokeReport } from '../reports/smoke-report.ts'
import { runSteps, type StepResult } from '../run/step-runner.ts'
import { tlsFetch } from '../transport/tls-fetch.ts'

// One smoke run: checks the options, builds the plan (the journey and the checks by default), runs it
// against the backend, judges it, and hands the report to the reporters and the files asked for.

export type SmokeOverrides<S extends object> = {
  plan?: (contract: ContractIndex, options: SmokeOptions, tools: PlanTools) => SmokePlan<S>
  fetch?: typeof fetch
  now?: () => Date
}

/** Node's codes for a certificate it does not trust (self-signed, unknown CA, wrong name, expired). */
const tlsRefusal = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/

/**
 * Stops the run when what failed is the command line, not the API: nothing
 * answers at --base-url, no agency for --agency-url, or the credentials were
 * refused. Named by the journey's first steps.
 */
export function misconfiguration(result: StepResult, options: SmokeOptions, baseUrl: string): string | undefined {
  const call = result.calls[0]
  if (call === undefined) return undefined
  if (result.id === 'agency.lookup') {
    if (call.status === undefined && tlsRefusal.test(call.error ?? '')) {
      return `the TLS certificate of ${new URL(baseUrl).host} is not trusted (${call.error}): --ca-cert FILE with the CA that signed it, or --insecure`
    }
    if (call.status === undefined) return `nothing answers at ${baseUrl} (${call.error ?? 'no answer'}): check --base-url`
    if (call.status === 404 && new URL(baseUrl).pathname === '/') {
      return `${call.method} ${call.url} answered 404: the API is not at the root of ${new URL(baseUrl).host}? --base-url with its base path (a bare host gets the contract's)`
    }
    if (call.status === 404 || call.status === 400)
      return `no agency answers for ${options.agencyUrl ?? defaultAgencyUrl} (status ${call.status}): check --agency-url`
  }
  if (result.id === 'auth.login' && (call.status === 401 || call.status === 403)) {
    return `the API refused --email ${options.email ?? ''} (status ${call.status}): check --email and --password`
  }
  return undefined
}

function variablesUsed(
  report: Pick<SmokeReport, 'violations' | 'baseUrl'>,
  state: JourneyState,
  headers: readonly SmokeHeader[],
): Array<{ name: string; how: string }> {
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
  for (const header of headers) {
    const variable = header.variable ?? headerVariable(header.name)
    how[variable] = `export ${variable}='<the value of -H ${header.name}>'`
  }
  return [...used].filter((name) => Object.hasOwn(how, name)).map((name) => ({ name, how: how[name] as string }))
}

/** The command line's own mistakes, before anything is loaded: options that go together, or exclude each other. */
function checkCredentials(options: SmokeOptions): void {
  if ((options.email === undefined) !== (options.password === undefined)) {
    throw new UsageError('--email and --password go together (or neither, for an anonymous run)')
  }
  if (options.token !== undefined && options.email !== undefined) throw new UsageError('--token or --email/--password, not both')
  if ((options.otherEmail === undefined) !== (options.otherPassword === undefined)) {
    throw new UsageError('--other-email and --other-password go together')
  }
  if (options.otherEmail !== undefined && options.email === undefined && options.token === undefined) {
    throw new UsageError("--other-email needs --email (or --token): the leak probe reads the first customer's booking as the other one")
  }
  if (options.otherEmail !== undefined && options.otherEmail.toLowerCase() === options.email?.toLowerCase()) {
    throw new UsageError('--other-email must be another customer than --email')
  }
}

async function contractOf(options: SmokeOptions): Promise<ContractIndex> {
  let contract: ContractIndex
  try {
    contract = await loadContract(contractFileToRead(options.contractPath))
  } catch (error) {
    if (error instanceof ContractError) throw new UsageError(`cannot load the contract: ${error.message}`)
    throw error
  }
  if (contract.operations.size === 0) throw new UsageError(`the contract ${options.contractPath} declares no operations: nothing to test`)
  return contract
}

/** What --include/--exclude leave: operations (by operationId or tag) and checks (by name: checks/catalogue.ts). */
function selectionOf(options: SmokeOptions, contract: ContractIndex, tenantHeader: string) {
  for (const header of options.headers ?? []) {
    const name = header.name.toLowerCase()
    if (name === 'authorization') throw new UsageError('-H Authorization: the run sends its own session token (--token for a pre-issued one)')
    if (name === tenantHeader.toLowerCase()) throw new UsageError(`-H ${header.name}: the run sends the tenant header itself (--agency-url picks the tenant)`)
  }
  const operationNames = (names: readonly string[] | undefined) => (names ?? []).filter((name) => !isCheckName(name))
  const selected = operationSelection(operationNames(options.include), operationNames(options.exclude))
  const checks = checkSelection(options.include ?? [], options.exclude ?? [])
  for (const name of [...(options.include ?? []), ...(options.exclude ?? [])]) {
    if (checkCatalogue.find((check) => check.name === name)?.always === true && options.exclude?.includes(name)) {
      throw new UsageError(`--exclude ${name}: every answer is read by it, it cannot be left out`)
    }
    if (!isCheckName(name) && ![...contract.operations.values()].some((operation) => operation.operationId === name || operation.tags.includes(name))) {
      throw new UsageError(`--include/--exclude ${name}: no operation of the contract has that operationId or tag, and no check has that name`)
    }
  }
  const operationIds = [...contract.operations.values()].filter(selected).map((operation) => operation.operationId)
  if (operationIds.length === 0) throw new UsageError('--include/--exclude leave no operation to check')
  return { selected, checks, operationIds }
}

/** The verdict: the steps' judgement, unless the run stopped on a misconfiguration or reached too little (--fail-under). */
function verdictOf(results: readonly StepResult[], stopped: string | undefined, tested: SmokeReport['tested'], options: SmokeOptions) {
  if (stopped !== undefined) return { verdict: 'misconfigured' as const, exitCode: exitCodes.usage, explanation: `stopped: ${stopped}` }
  const verdict = judge(results)
  if (verdict.verdict === 'passed' && options.failUnder !== undefined && (100 * tested.tested) / tested.operations < options.failUnder) {
    // Violations always win: a distinct code only says the run was clean but did not reach far enough.
    return {
      verdict: 'too-little-tested' as const,
      exitCode: exitCodes.tooLittleTested,
      explanation: `${tested.tested} of ${tested.operations} operations worked, under --fail-under ${options.failUnder}%`,
    }
  }
  return verdict
}

/** The report to stdout (or the human reporter's end), and every file asked for. */
async function writeReports(
  report: SmokeReport,
  io: CliIo,
  options: SmokeOptions,
  files: { operationIds: readonly string[]; har: () => unknown; human?: ReturnType<typeof createHumanReporter> },
) {
  if (options.json && options.jsonFile === undefined) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  else files.human?.finish(report)
  if (options.jsonFile !== undefined) await writeTextFile(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`)
  if (options.junit !== undefined) await writeTextFile(options.junit, toJunitXml(report))
  if (options.har !== undefined) await writeTextFile(options.har, `${JSON.stringify(files.har(), null, 2)}\n`)
  if (options.coverageOut !== undefined) await writeCoverageFile(options.coverageOut, `smoke ${report.baseUrl}`, report.coverage)
  if (options.html !== undefined) await writeTextFile(options.html, smokeHtml(report, files.operationIds, smokeSettings(report, options)))
}

export async function runSmoke<S extends object = JourneyState>(options: SmokeOptions, io: CliIo, overrides: SmokeOverrides<S> = {}): Promise<ExitCode> {
  checkCredentials(options)
  const contract = await contractOf(options)
  const tenantHeader = options.tenantHeader ?? contract.tenantHeader ?? 'agencyId'
  const { selected, checks, operationIds } = selectionOf(options, contract, tenantHeader)

  const validator = createSchemaValidator(contract)
  const checker = createResponseChecker(contract, { validator, scans: answerScans(contract, checks) })
  const startedAt = (overrides.now ?? (() => new Date()))()
  const marker = smokeMarker(startedAt)
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const pool = createLinkPool(contract)
  const makePlan = overrides.plan ?? (journeyPlan as unknown as NonNullable<SmokeOverrides<S>['plan']>)
  const plan = makePlan(contract, options, { validator, pool, seed, marker, selected, checks })
  const baseUrl = resolveApiBaseUrl(options.baseUrl, contract.basePath)
  const warnings = [...contract.warnings, ...validator.warnings, ...plan.notes]
  if (options.write && !isLoopbackHost(new URL(baseUrl).hostname)) {
    warnings.push(`--write against ${new URL(baseUrl).host}, which is not this machine: created data is tagged ${marker}`)
  }
  if (options.insecure === true) warnings.push("--insecure: the server's TLS certificate was not checked")

  // -H values are secrets until shown otherwise: curl lines name them as variables, never print them.
  const headerSecrets = new Map((options.headers ?? []).map((header) => [header.value, header.variable ?? headerVariable(header.name)]))
  const secrets = (): SecretNames => new Map([...headerSecrets, ...(plan.secrets?.(plan.state) ?? [])])
  const exchanges: Exchange[] = []
  const transport =
    overrides.fetch ?? (await tlsFetch({ ...(options.caCert === undefined ? {} : { caCert: options.caCert }), insecure: options.insecure === true }))
  const client = createApiClient({
    contract,
    checker,
    baseUrl,
    timeoutMs: options.timeoutMs,
    getSession: () => plan.session(plan.state),
    onAnswer: (answer) => pool.observe(answer),
    readAfterWrite: readAfterWrite(contract, (operationId, callOptions) => client.call(operationId, callOptions)),
    secrets,
    tenantHeader,
    extraHeaders: Object.fromEntries((options.headers ?? []).map((header) => [header.name, header.value])),
    ...(options.requestsPerSecond === undefined ? {} : { requestsPerSecond: options.requestsPerSecond }),
    ...(options.har === undefined ? {} : { onExchange: (exchange: Exchange) => exchanges.push(exchange) }),
    ...(transport === undefined ? {} : { fetch: transport }),
  })

  const human = options.json && options.jsonFile === undefined ? undefined : createHumanReporter(io, { verbose: options.verbose === true })
  human?.header([
    `smoke ${baseUrl} (${operationIds.length === contract.operations.size ? contract.operations.size : `${operationIds.length} of ${contract.operations.size}`} operations in ${path.relative(io.cwd, options.contractPath) || options.contractPath})`,
    `${options.write ? `WRITE mode, marker ${marker}` : 'read-only (write steps skipped; --write to run them)'}${signedInAs(options)}; seed ${seed}`,
  ])

  const started = performance.now()
  let failedSteps = 0
  const run = await runSteps(plan.steps, {
    client,
    contract,
    state: plan.state,
    write: options.write,
    allowProviders: options.allowProviders,
    marker,
    stopAfter: (result) => misconfiguration(result, options, baseUrl),
    ...(options.maxFailures === undefined
      ? {}
      : {
          haltAfter: (result) => {
            if (result.status === 'failed') failedSteps += 1
            return failedSteps >= (options.maxFailures as number) ? `not run: --max-failures ${options.maxFailures} reached` : undefined
          },
          // What the run booked is still canceled.
          runsAfterHalt: (step) => journeyCleanUp.includes(step.id),
        }),
    ...(human === undefined ? {} : { events: human }),
  })
  const results = [...run.results]
  if (options.maxResponseTimeMs !== undefined) {
    results.push(responseTimeResult(client.calls, options.maxResponseTimeMs))
    human?.stepFinished?.(results.at(-1)!, results.length - 1, results.length)
  }
  const tested = testedShare(operationIds, results)
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
    ...verdictOf(results, run.stopped, tested, options),
    summary: summarise(results),
    checks: [...checkCatalogue],
    steps: results,
    violations,
    findings: findingsOf(violations),
    throttle: { ...client.throttle },
    ...(run.halted === undefined ? {} : { halted: run.halted }),
    ...(operationIds.length === contract.operations.size
      ? {}
      : { selection: { include: [...(options.include ?? [])], exclude: [...(options.exclude ?? [])], operations: operationIds.length } }),
    warnings,
    coverage: coverageFromCalls(contract, client.calls),
    seed,
    tested,
    timings: operationTimings(client.calls),
    variables: variablesUsed({ violations, baseUrl }, plan.state as JourneyState, options.headers ?? []),
  }
  await writeReports(report, io, options, { operationIds, har: () => toHar(exchanges, secrets(), 'smoke'), ...(human === undefined ? {} : { human }) })
  return report.exitCode
}

function signedInAs(options: SmokeOptions): string {
  if (options.email !== undefined) return `, as ${options.email}`
  if (options.token !== undefined) return ', with a pre-issued token (--token)'
  return ', anonymous (--email/--password or --token for the customer steps)'
}
