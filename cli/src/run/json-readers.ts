// Reading answers of any backend, leniently (a broken answer is the response checker's to report): objects,
// lists in any envelope, ids, an error's code; and the one way a step insists on a 2xx.
import type { CallOutcome } from '../transport/api-types.ts'
import type { StepContext } from './step-runner.ts'

export type Json = Record<string, unknown>
export const asRecord = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/** Items of a list answer: a bare array or {items|data|results|docs: [...]}. */
export function listItems(json: unknown): Json[] {
  const record = asRecord(json)
  const list = Array.isArray(json) ? json : ['data', 'items', 'results', 'docs'].map((key) => record?.[key]).find(Array.isArray)
  return asArray(list)
    .map(asRecord)
    .filter((item): item is Json => item !== undefined)
}

/** First item of a list answer. */
export function firstItem(json: unknown): Json | undefined {
  return listItems(json)[0]
}

export function idOf(value: Json | undefined): string | undefined {
  const id = value?.['id'] ?? value?.['_id']
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}

/** The agency an agency lookup (`POST /agency`) answered: its id at the top, or under `agency`. */
export const agencyIdOf = (json: unknown): string | undefined => idOf(asRecord(json)) ?? idOf(asRecord(asRecord(json)?.['agency']))

/** The `code` of an error answer, if it has one. */
export const errorCodeOf = (outcome: Pick<CallOutcome, 'json'>): string | undefined => asString(asRecord(outcome.json)?.['code'])

/** `401 (auth_login_wrong)`: an answer's status and error code, for a finding's "actual". */
export const statusAndCode = (outcome: Pick<CallOutcome, 'status' | 'json'>): string => {
  const code = errorCodeOf(outcome)
  return `${outcome.status}${code === undefined ? '' : ` (${code})`}`
}

/** Fails the step unless the answer is 2xx; an answer that broke the contract ends it quietly (already reported). */
export function requireOk<S>(context: StepContext<S>, outcome: CallOutcome, what = 'a 2xx answer'): void {
  if (outcome.ok) return
  if (outcome.violations.length > 0) context.stop()
  context.fail(what, statusAndCode(outcome))
}
