// hierarchy: a resource under another (an invoice under a booking, a group under a travel group) is found only
// under its own parent: a child the run found under one parent, asked for under another of the same customer's,
// or another travel group, answers 404 — and so does the customer's child under the other customer's parent
// (RESTler's ResourceHierarchy). The ids come from the run's own answers (the contract's links give each
// operation a parent and its children together). Writes go only to what the run made.
import type { OperationSpec } from '../../../../contract/engine/contract-index.ts'
import { parentRead } from '../../../../contract/engine/contract-routes.ts'
import { getAtPointer } from '../../../../contract/engine/json-pointer.ts'
import type { JourneyState } from '../../run/run-state.ts'
import type { StepContext, StepDefinition } from '../../run/step-runner.ts'
import type { CallOptions, CallOutcome } from '../../transport/api-types.ts'
import { type Check, declares, kindOf, statusOf } from '../kit/check.ts'
import type { CheckOptions } from '../kit/check-options.ts'

export const hierarchy = {
  name: 'hierarchy',
  proves:
    'a resource under another (an invoice under a booking, a group under a travel group) answers 404 under any parent but its own, for the same customer and another',
  runs: 'per operation',
  restler: 'ResourceHierarchy',
  steps: (options, operation) => (pathNames(operation).length >= 2 ? [hierarchyStep(options, operation)] : []),
} as const satisfies Check<'hierarchy'>

const pathNames = (operation: OperationSpec) => [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)

/** What a misplaced child must answer: 404 where declared, else a 403 or 404. */
const refused = (operation: OperationSpec, outcome: CallOutcome) =>
  declares(operation, 404) ? outcome.status === 404 : outcome.status === 403 || outcome.status === 404

type Probe = { what: string; path: Record<string, string>; auth?: CallOptions['auth'] }

function hierarchyStep(options: CheckOptions, operation: OperationSpec): StepDefinition<JourneyState> {
  const id = operation.operationId
  const [parent, ...children] = pathNames(operation) as [string, ...string[]]
  return {
    id: `hierarchy:${id}`,
    name: `${id} finds a child only under its own parent`,
    kind: kindOf(operation, 'probe'),
    operationIds: [id],
    async run(context: StepContext<JourneyState>) {
      if (operation.requiresAuth && context.state.token === undefined) context.skip('untested: needs a signed-in customer (--email/--password)')
      const request = options.requests.base(operation)
      if (request.placeholders.length > 0) context.skip(`untested: no value for ${request.placeholders.join(', ')} (no answer linked to it)`)
      if (operation.method !== 'get' && request.untouchable.length > 0) {
        context.skip(`not checked: it would write to ${request.untouchable.join(', ')}, which is the customer's and was not made by this run`)
      }
      const own = Object.fromEntries(Object.entries(request.path).map(([name, value]) => [name, String(value)]))
      const families = options.pool.families(id)
      const probes: Probe[] = []
      // the same customer: each child from a family under another parent
      for (const child of children) {
        const other = families.find(
          (family) => family.get(`path.${parent}`)?.value !== own[parent] && family.has(`path.${child}`) && family.get(`path.${child}`)?.value !== own[child],
        )
        if (other !== undefined)
          probes.push({
            what: `${child} ${other.get(`path.${child}`)?.value} (found under ${parent} ${other.get(`path.${parent}`)?.value})`,
            path: { ...own, [child]: other.get(`path.${child}`)?.value as string },
          })
      }
      // else the children under another parent the run saw
      if (probes.length === 0) {
        // every value the run found for the parent, for any operation under the same parent path
        const prefix = operation.path.slice(0, operation.path.indexOf(`{${parent}}`) + parent.length + 2)
        const parents = [
          ...families.map((family) => family.get(`path.${parent}`)?.value),
          ...[...options.contract.operations.values()]
            .filter((other) => other.path.startsWith(prefix))
            .flatMap((other) => options.pool.valuesFor(other.operationId, `path.${parent}`)),
        ].filter((value): value is string => value !== undefined && value !== own[parent])
        if (parents[0] !== undefined) probes.push({ what: `under ${parent} ${parents[0]}`, path: { ...own, [parent]: parents[0] } })
      }
      // another customer: the customer's own child under a parent of theirs
      const theirs = context.state.otherToken === undefined ? undefined : await otherParent(context, options, operation, parent)
      if (theirs !== undefined)
        probes.push({
          what: `under ${parent} ${theirs} of the other customer`,
          path: { ...own, [parent]: theirs },
          auth: { token: context.state.otherToken as string },
        })
      if (probes.length === 0) context.skip(`untested: the run found no second ${parent} to put its children under`)
      const wrong: string[] = []
      for (const probe of probes) {
        const outcome = await context.call(
          id,
          options.requests.callOptions(
            { ...request, path: probe.path },
            { probe: true, unlinked: true, ...(probe.auth === undefined ? {} : { auth: probe.auth }) },
          ),
        )
        if (outcome.violations.length === 0 && !refused(operation, outcome)) wrong.push(`${probe.what}: ${statusOf(outcome)}${outcome.ok ? ' (served)' : ''}`)
      }
      context.note(`${probes.length} misplaced ${probes.length === 1 ? 'child' : 'children'} tried`)
      if (wrong.length > 0) {
        context.fail(`404 when ${children.join(' or ')} is asked for under another ${parent} than its own`, wrong.join('; '), {
          kind: 'probe',
          operationId: id,
        })
      }
    },
  }
}

/**
 * A parent of the other customer's: the list that links to the parent's read, as they see it (their bookings);
 * undefined when they have none.
 */
async function otherParent(context: StepContext<JourneyState>, options: CheckOptions, operation: OperationSpec, parent: string): Promise<string | undefined> {
  const read = parentRead(options.contract, operation)
  if (read === undefined || !read.requiresAuth) return undefined
  for (const list of options.contract.operations.values()) {
    if (list.method !== 'get' || !list.requiresAuth || list.path.includes('{')) continue
    for (const link of list.responses['200']?.links ?? []) {
      if (link.operationId !== read.operationId) continue
      const expression = link.parameters[parent] ?? link.parameters[`path.${parent}`]
      const pointer = expression === undefined ? undefined : /^\$response\.body#(.*)$/.exec(expression)?.[1]
      if (pointer === undefined) continue
      const answer = await context.call(list.operationId, { auth: { token: context.state.otherToken as string }, probe: true, unlinked: true })
      const value = getAtPointer(answer.json, pointer)
      if (typeof value === 'string' && value !== '') return value
    }
  }
  return undefined
}
