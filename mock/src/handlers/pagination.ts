// Paginated list queries (GET /service, GET /travelgroup). The generated zod schemas type page and
// per_page as integers, but a query string only carries text: whole-number strings are turned into
// numbers before validation, anything else ("abc", "1.5") is left as text so the schema rejects it
// with a 422 instead of being silently read as the default.
import type { z } from 'zod'
import type { PageMeta } from '../../../contract/generated/model/index.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { fieldErrorsOf } from '../http/http-json.ts'
import type { Ctx } from './context.ts'

const INTEGER = /^-?\d+$/

export const readPagedQuery = <S extends z.ZodType>(ctx: Ctx, schema: S, integerKeys: readonly string[] = ['page', 'per_page']): z.infer<S> => {
  // fromEntries defines own keys: `?__proto__=…` is a key like any other, never the object's prototype.
  const raw = Object.fromEntries(
    [...ctx.url.searchParams].map(([key, value]) => [key, integerKeys.includes(key) && INTEGER.test(value.trim()) ? Number(value.trim()) : value]),
  )
  const parsed = schema.safeParse(raw)
  if (!parsed.success) fail(422, 'validation_error', 'Some query parameters are not valid.', fieldErrorsOf(parsed.error))
  return parsed.data as z.infer<S>
}

/** One page of items; a page past the end is empty rather than an error (the meta says where the end is). */
export const paginate = <T>(items: readonly T[], page: number, perPage: number): { data: T[]; meta: PageMeta } => ({
  data: items.slice((page - 1) * perPage, page * perPage),
  meta: { page, per_page: perPage, total: items.length, last_page: Math.max(1, Math.ceil(items.length / perPage)) },
})
