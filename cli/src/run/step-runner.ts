import { TransportError } from '../transport/api-client.ts'
import type { ApiClient, CallOptions, CallOutcome, CallRecord, ExternalRequest, ExternalResponse, SuccessfulCall } from '../transport/api-types.ts'
import type { ContractIndex } from '../../../contract/engine/contract-index.ts'
import { checkPaymentTarget } from './safety.ts'
import type { Violation, ViolationKind } from '../../../contract/engine/violation.ts'

// Runs named steps in order. Steps share a typed state bag (token, ids ...)
// and may depend on earlier steps. A step whose dependency was skipped, or
// failed without delivering anything, is skipped, not failed, so one broken
// login yields one failure, not twenty; a dependency that failed but still
// delivered what it reads (an answer with a wrong field that holds the id)
// does not hide the steps after it. Read-only by default: write and payment
// steps need --write.

export type StepKind = 'read' | 'write' | 'payment' | 'probe'
export type StepStatus = 'passed' | 'failed' | 'skipped'

export type StepContext<S> = {
  readonly state: Readonly<S>
  set(patch: Partial<S>): void
  call(operationId: string, options?: CallOptions): Promise<CallOutcome>
  /** every call of the run so far, in order */
  readonly calls: readonly CallRecord[]
  /** smoke-<timestamp>, put into free-text fields of whatever a write step creates */
  readonly marker: string
  /** `text [smoke-…]`, for free-text fields */
  tag(text: string): string
  /** Throws (step skipped as refused) unless the URL is loopback or allowed. */
  guardPaymentUrl(url: string): URL
  /**
   * A request outside the contract (the payment provider's pages): guarded like
   * guardPaymentUrl, never follows redirects, recorded (with a curl) but not
   * checked against the contract nor counted in coverage.
   */
  external(request: ExternalRequest): Promise<ExternalResponse>
  /** The run's last call of an operation that answered a 2xx (probes aside): what it sent and what came back. */
  lastSuccess(operationId: string): SuccessfulCall | undefined
  /** A method the contract does not declare on a path under the API, with the session (see ApiClient.undeclared). */
  undeclared(method: ExternalRequest['method'], apiPath: string, headers?: Readonly<Record<string, string>>): Promise<ExternalResponse>
  /** Adds a line to the step's result (shown under the step, in --json and JUnit). */
  note(text: string): void
  skip(reason: string): never
  /**
   * Ends the step here without adding a violation: for a call whose answer
   * already produced violations (they fail the step), so the step does not go
   * on with data it does not have.
   */
  stop(): never
  /** Fails the step with a violation (kind 'step' unless told otherwise). */
  fail(expected: string, actual: string, details?: FailDetails): never
  readonly write: boolean
}

export type FailDetails = {
  operationId?: string
  kind?: Extract<ViolationKind, 'step' | 'probe' | 'round-trip' | 'read-only-field' | 'idempotency' | 'list-consistency' | 'cors' | 'loose-id'>
  /** the call the finding is about, whose curl reproduces it (default: the step's last) */
  call?: CallRecord
}

export type StepDefinition<S> = {
  id: string
  name: string
  kind: StepKind
  /** ids of earlier steps that must have passed */
  needs?: readonly string[]
  /** state keys that must be set (by earlier steps or options) */
  requires?: ReadonlyArray<keyof S & string>
  /** operations the step calls; if one is missing from the contract the step is skipped */
  operationIds?: readonly string[]
  run(context: StepContext<S>): Promise<void>
}

export type StepResult = {
  id: string
  name: string
  kind: StepKind
  status: StepStatus
  /** why it was skipped, or the first failure in a line */
  reason?: string
  durationMs: number
  calls: CallRecord[]
  violations: Violation[]
  /** what the step wants the reader to know (e.g. a probe that could only be run in a limited way) */
  notes?: string[]
}

export type RunnerEvents = {
  stepStarted?(step: { id: string; name: string; kind: StepKind }, index: number, total: number): void
  stepFinished?(result: StepResult, index: number, total: number): void
}

export type RunOptions<S> = {
  client: ApiClient
  contract: ContractIndex
  /** mutated in place, so the API client's session getter can read it */
  state: S
  write: boolean
  allowProviders: readonly string[]
  marker: string
  events?: RunnerEvents
  /** after each step: a reason to stop the run here (a misconfiguration), else undefined */
  stopAfter?(result: StepResult): string | undefined
  /**
   * after each step: a reason to skip what is left (--max-failures), else undefined; the steps
   * `runsAfterHalt` names still run (undoing what the run made)
   */
  haltAfter?(result: StepResult): string | undefined
  runsAfterHalt?(step: StepDefinition<S>): boolean
}

export type RunResult<S> = {
  results: StepResult[]
  state: S
  /** why the run stopped early, if it did */
  stopped?: string
  /** why the steps after some point were skipped (--max-failures) */
  halted?: string
}

/** Why a step that changes data did not run in a read-only run. */
export const writeGateReason = 'writes data: pass --write to run'

class SkipSignal extends Error {}
class StopSignal extends Error {}
class RefusedSignal extends Error {}
class FailSignal extends Error {
  readonly violation: Omit<Violation, 'step'>

  constructor(violation: Omit<Violation, 'step'>) {
    super(`expected ${violation.expected}; got ${violation.actual}`)
    this.violation = violation
  }
}

/** Catches wiring mistakes (unknown or forward `needs`, duplicate ids) before any request. */
export function validateSteps<S>(steps: ReadonlyArray<StepDefinition<S>>): void {
  const seen = new Set<string>()
  for (const step of steps) {
    if (seen.has(step.id)) throw new Error(`duplicate step id ${step.id}`)
    for (const need of step.needs ?? []) {
      if (!seen.has(need)) throw new Error(`step ${step.id} needs ${need}, which is not an earlier step`)
    }
    seen.add(step.id)
  }
}

export async function runSteps<S extends object>(steps: ReadonlyArray<StepDefinition<S>>, options: RunOptions<S>): Promise<RunResult<S>> {
  validateSteps(steps)
  const state = options.state
  const results: StepResult[] = []
  const byId = new Map<string, StepResult>()
  const delivered = new Set<string>()
  const total = steps.length

  let halted: string | undefined
  for (const [index, step] of steps.entries()) {
    options.events?.stepStarted?.(step, index, total)
    const result =
      halted !== undefined && options.runsAfterHalt?.(step) !== true
        ? { id: step.id, name: step.name, kind: step.kind, status: 'skipped' as const, reason: halted, durationMs: 0, calls: [], violations: [] }
        : await runOne(step, state, byId, delivered, options)
    results.push(result)
    byId.set(step.id, result)
    options.events?.stepFinished?.(result, index, total)
    const stopped = options.stopAfter?.(result)
    if (stopped !== undefined) return { results, state, stopped }
    halted ??= options.haltAfter?.(result)
  }
  return { results, state, ...(halted === undefined ? {} : { halted }) }
}

async function runOne<S extends object>(
  step: StepDefinition<S>,
  state: S,
  earlier: ReadonlyMap<string, StepResult>,
  delivered: Set<string>,
  options: RunOptions<S>,
): Promise<StepResult> {
  const base = { id: step.id, name: step.name, kind: step.kind }
  const skipped = (reason: string): StepResult => ({ ...base, status: 'skipped', reason, durationMs: 0, calls: [], violations: [] })
  const notes: string[] = []

  // The write gate first: a read-only run says why each write step did not run, not which one before it did not.
  if ((step.kind === 'write' || step.kind === 'payment') && !options.write) return skipped(writeGateReason)
  for (const need of step.needs ?? []) {
    const dependency = earlier.get(need)
    const usable = dependency?.status === 'passed' || (dependency?.status === 'failed' && delivered.has(need))
    if (!usable) return skipped(`needs ${need} (${dependency?.status ?? 'not run'})`)
  }
  const missingOperations = (step.operationIds ?? []).filter((id) => !options.contract.operations.has(id))
  if (missingOperations.length > 0) return skipped(`not in the contract: ${missingOperations.join(', ')}`)
  for (const key of step.requires ?? []) {
    if ((state as Record<string, unknown>)[key] === undefined) return skipped(`needs ${key} (not known)`)
  }

  const firstCall = options.client.calls.length
  const firstViolation = options.client.violations.length
  const stepViolations: Violation[] = []
  const defaultOperation = step.operationIds?.[0] ?? step.id

  const context: StepContext<S> = {
    state,
    set: (patch) => {
      Object.assign(state, patch)
      if (Object.values(patch).some((value) => value !== undefined)) delivered.add(step.id)
    },
    call: (operationId, callOptions) => options.client.call(operationId, { step: step.id, ...callOptions }),
    calls: options.client.calls,
    marker: options.marker,
    tag: (text) => `${text} [${options.marker}]`,
    write: options.write,
    guardPaymentUrl(url) {
      const decision = checkPaymentTarget(url, options.allowProviders)
      if (!decision.allowed) throw new RefusedSignal(decision.reason)
      return new URL(url)
    },
    external(request) {
      context.guardPaymentUrl(request.url)
      return options.client.external(request)
    },
    undeclared: (method, apiPath, headers) => options.client.undeclared(method, apiPath, headers),
    lastSuccess: (operationId) => options.client.succeeded.get(operationId),
    note(text) {
      notes.push(text)
    },
    skip(reason) {
      throw new SkipSignal(reason)
    },
    stop() {
      throw new StopSignal('stopped')
    },
    fail(expected, actual, details) {
      const last = options.client.calls.at(-1)
      const fromThisStep = details?.call ?? (options.client.calls.length > firstCall ? last : undefined)
      throw new FailSignal({
        kind: details?.kind ?? 'step',
        operationId: details?.operationId ?? fromThisStep?.operationId ?? defaultOperation,
        method: fromThisStep?.method ?? '',
        url: fromThisStep?.url ?? '',
        ...(fromThisStep?.status === undefined ? {} : { status: fromThisStep.status }),
        expected,
        actual,
        curl: fromThisStep?.curl ?? '',
      })
    },
  }

  const started = performance.now()
  let status: StepStatus = 'passed'
  let reason: string | undefined
  try {
    await step.run(context)
  } catch (error) {
    if (error instanceof StopSignal) {
      // the violations already recorded decide the status below
    } else if (error instanceof SkipSignal) {
      status = 'skipped'
      reason = error.message
    } else if (error instanceof RefusedSignal) {
      status = 'skipped'
      reason = `refused: ${error.message}`
    } else if (error instanceof FailSignal) {
      stepViolations.push(error.violation)
    } else if (error instanceof TransportError) {
      const record = error.record
      stepViolations.push({
        kind: 'transport',
        operationId: record.operationId,
        method: record.method,
        url: record.url,
        expected: 'an HTTP answer',
        actual: record.error ?? error.message,
        curl: record.curl,
      })
    } else {
      stepViolations.push({
        kind: 'step',
        operationId: defaultOperation,
        method: '',
        url: '',
        expected: 'the step to complete',
        actual: error instanceof Error ? error.message : String(error),
        curl: '',
      })
    }
  }

  const calls = options.client.calls.slice(firstCall)
  const violations = [...options.client.violations.slice(firstViolation), ...stepViolations].map((violation) => ({ ...violation, step: step.id }))
  if (violations.length > 0) {
    status = 'failed'
    const first = violations[0] as Violation
    reason = `${first.kind}: expected ${first.expected}; got ${first.actual}`
  }
  return {
    ...base,
    status,
    ...(reason === undefined ? {} : { reason }),
    durationMs: Math.round(performance.now() - started),
    calls,
    violations,
    ...(notes.length === 0 ? {} : { notes }),
  }
}
