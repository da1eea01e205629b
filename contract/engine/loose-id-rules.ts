// Ids matched loosely (OWASP API Security Top 10 2023, API1): a backend that finds a resource with `LIKE 'id%'`,
// or lets `%`, `_` or `*` in an id act as wildcards, answers some other resource for an id no resource has. Two
// rules, one owner (the loose-id check): an answer that names the resource at the end of its path (a top-level `id`)
// names the one asked for — on every answer, so the proxy judges real traffic too; and the ids a run sends to
// provoke it, each built from a real one. A backend that ignores case or trims and answers the same resource
// conforms: ids are compared trimmed and case-folded.
import { safeDecode } from './contract-routes.ts'
import type { AnswerScan, ScannedAnswer } from './response-checker.ts'

/** The ids sent for a real one, as they go in the URL (percent-encoded where they must be); none for ids too short to cut. */
export function looseIds(valid: string): Array<{ what: string; raw: string }> {
  if (valid.length < 3) return []
  const encoded = (value: string) => encodeURIComponent(value)
  const cut = valid.slice(0, -1)
  return [
    { what: 'the id cut short', raw: encoded(cut) },
    { what: 'the id with % for its last two characters', raw: `${encoded(valid.slice(0, -2))}%25` },
    { what: 'the id with _ for its last character', raw: `${encoded(cut)}_` },
    { what: 'the id with * for its last character', raw: `${encoded(cut)}*` },
  ]
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The id an answer was asked about and the one it names, when its path ends in a parameter (`/booking/{id}`) and its
 * 2xx JSON object has a top-level `id`; undefined otherwise (a list, a file, a sub-resource, an error).
 */
export function namedIds(answer: Pick<ScannedAnswer, 'operation' | 'request' | 'status' | 'json'>): { asked: string; named: string } | undefined {
  if (answer.operation === undefined || !/\/\{[^}/]+\}$/.test(answer.operation.path)) return undefined
  if (answer.status < 200 || answer.status >= 300) return undefined
  const body = answer.json
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  const id = (body as Record<string, unknown>)['id']
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  // the template's segments at the end of the URL's path (the backend may serve the API under any base)
  const template = answer.operation.path.split('/').slice(1)
  const segments = new URL(answer.request.url, 'http://base.invalid').pathname.replace(/\/$/, '').split('/').slice(-template.length)
  if (segments.length < template.length || template.some((part, index) => !part.startsWith('{') && part !== segments[index])) return undefined
  return { asked: safeDecode(segments.at(-1) ?? ''), named: String(id) }
}

/** What is wrong with an answer that names another resource than the one asked for; undefined when nothing is. */
export function looseIdProblem(answer: Pick<ScannedAnswer, 'operation' | 'request' | 'status' | 'json'>): { expected: string; actual: string } | undefined {
  const ids = namedIds(answer)
  if (ids === undefined || same(ids.asked, ids.named)) return undefined
  return {
    expected: 'the answer names the resource its path asked for (case and spaces aside)',
    actual: `asked for ${JSON.stringify(ids.asked)}, it names ${JSON.stringify(ids.named)}: another resource`,
  }
}

export const looseIdScan = (): AnswerScan => ({
  kind: 'loose-id',
  scan: (answer) => {
    const problem = looseIdProblem(answer)
    return problem === undefined ? [] : [problem]
  },
})
