// The customer journey the smoke run walks, as data: what a customer does in
// the portal, in that order, on the contract's operationIds
// (contract/openapi.yaml). Each step also names its route: if an id is missing
// from the contract, the operation at that route is used instead and reported,
// so a rename is a note, not a failure.
//
// Read-only by default. Everything the journey reads it finds on its own from
// what earlier answers said (the first travel group listed, the customer's
// bookings, an invoice of a booking, a minor passenger, a raffle block...), so
// it works against any backend and any seed. Write steps (--write) book a
// fresh booking for an adult and a minor, pay it through a sandbox provider, fill in its
// documentation and cancel it again; whatever they create carries the run's
// smoke-<timestamp> marker.

import type { ContractIndex } from '../../../contract/engine/contract-index.ts'
import { findOperationByRoute } from '../../../contract/engine/contract-routes.ts'
import { probeStep } from '../run/probes.ts'
import type { StepContext, StepDefinition } from '../run/step-runner.ts'
import type { JourneyRoute, JourneyState, JourneyStepSpec, ResolvedIds } from '../run/run-state.ts'
import { requireOk } from '../run/json-readers.ts'
import { readSteps } from './journey-reads.ts'
import { aftercareSteps } from './journey-aftercare.ts'
import { writeSteps } from './journey-writes.ts'
import { foreignBookingProbe, journeyProbes, probeAfter } from './journey-probes.ts'

export const journeySteps: readonly JourneyStepSpec[] = [...readSteps, ...writeSteps, ...aftercareSteps]

export type BuiltJourney = {
  steps: StepDefinition<JourneyState>[]
  /** operationIds taken from the route instead, to fix in this file */
  notes: string[]
}

/** Resolves operationIds against the contract and turns specs into runnable steps. */
export function buildJourney(contract: ContractIndex): BuiltJourney {
  const notes: string[] = []
  const routeOf = new Map<string, JourneyRoute>()
  for (const spec of [...journeySteps, ...journeyProbes, foreignBookingProbe]) routeOf.set(spec.operationId, spec.route)
  const resolved = new Map<string, string>()
  const resolve = (operationId: string, route: JourneyRoute | undefined, id: string): string => {
    if (contract.operations.has(operationId) || route === undefined) return operationId
    const cached = resolved.get(operationId)
    if (cached !== undefined) return cached
    const [method, path] = route.split(' ') as [string, string]
    const found = findOperationByRoute(contract, method, path)
    if (found === undefined) return operationId
    notes.push(`journey ${id}: operationId ${operationId} is not in the contract; using ${found.operationId} (${route})`)
    resolved.set(operationId, found.operationId)
    return found.operationId
  }
  const ids: ResolvedIds = (operationId) => resolve(operationId, routeOf.get(operationId), operationId)

  const steps: StepDefinition<JourneyState>[] = []
  const probesByAnchor = new Map<string, StepDefinition<JourneyState>[]>()
  const anchor = (id: string, step: StepDefinition<JourneyState>) => {
    const key = probeAfter[id] ?? ''
    probesByAnchor.set(key, [...(probesByAnchor.get(key) ?? []), step])
  }
  for (const probe of journeyProbes) anchor(probe.id, probeStep({ ...probe, operationId: resolve(probe.operationId, probe.route, probe.id) }))
  anchor(foreignBookingProbe.id, toStep(foreignBookingProbe, ids, contract, resolve))
  for (const spec of journeySteps) {
    steps.push(toStep(spec, ids, contract, resolve))
    steps.push(...(probesByAnchor.get(spec.id) ?? []))
    probesByAnchor.delete(spec.id)
  }
  for (const orphans of probesByAnchor.values()) steps.push(...orphans)
  return { steps, notes }
}

function toStep(
  spec: JourneyStepSpec,
  ids: ResolvedIds,
  contract: ContractIndex,
  resolve: (operationId: string, route: JourneyRoute | undefined, id: string) => string,
): StepDefinition<JourneyState> {
  const operationId = resolve(spec.operationId, spec.route, spec.id)
  return {
    id: spec.id,
    name: spec.name,
    kind: spec.kind,
    ...(spec.needs === undefined ? {} : { needs: spec.needs }),
    ...(spec.requires === undefined ? {} : { requires: spec.requires }),
    operationIds: [operationId, ...(spec.alsoCalls ?? []).map(ids)],
    // Annotated so TypeScript treats context.fail()/skip() as ending the flow.
    async run(context: StepContext<JourneyState>) {
      if (spec.wiring === 'pending-contract') context.skip('pending the contract: payload not wired yet (cli/src/journey/journey.ts)')
      if (spec.run !== undefined) {
        await spec.run(context, ids)
        return
      }
      const request = spec.request?.(context.state, context) ?? {}
      // A required query parameter we do not send would only produce a 400
      // that says nothing about the API; say what is missing instead.
      const operation = contract.operations.get(operationId)
      const missing = (operation?.parameters ?? []).filter(
        (parameter) => parameter.in === 'query' && parameter.required && request.query?.[parameter.name] === undefined,
      )
      if (missing.length > 0) context.skip(`needs query parameter ${missing.map((item) => item.name).join(', ')} (wire it in journey.ts)`)

      const outcome = await context.call(operationId, request)
      // A 2xx that broke the contract (reported already) still gives what it holds to later steps.
      if (!outcome.ok) requireOk(context, outcome)
      if (spec.capture !== undefined) {
        const patch = spec.capture(outcome.json, context.state, outcome)
        if (patch === undefined) {
          if (outcome.violations.length > 0) context.stop()
          context.fail(`${(spec.captures ?? ['a value']).join(', ')} in the response`, 'not found')
        }
        context.set(patch)
      }
      if (outcome.violations.length > 0) context.stop()
      spec.after?.(outcome.json, context)
    },
  }
}
