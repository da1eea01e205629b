// The mock's one way to answer an error and to read a JSON body, for the customer API (handlers/context.ts),
// the control API (control.ts) and the HTTP server's own answers (server.ts): a rule throws fail()
// (world/rule-failure.ts), and what reaches the client is errorResponse's body, the contract's Error.
import type { z } from 'zod'
import type { ErrorCode, FieldError } from '../../../contract/generated/model/index.ts'
import { fail, type RuleFailure } from '../world/kernel/rule-failure.ts'

// The Fetch standard's Response.json: it encodes the JSON once, straight to bytes. A string body
// (new Response(JSON.stringify(…))) is first checked for lone surrogates and then encoded, and
// MSW's HttpResponse.json also sizes it through a Blob: a 6 KB booking cost 16 µs more either way.
export const errorResponse = (status: number, code: ErrorCode, message: string, fields?: FieldError[], headers?: Record<string, string>) =>
  Response.json(errorBody(code, message, fields), { status, headers })

/** The contract's Error: a code, a message, and the fields that were wrong when there are any. */
export const errorBody = (code: ErrorCode, message: string, fields?: FieldError[]) => (fields && fields.length ? { code, message, fields } : { code, message })

/** A rule's refusal as the contract's error body. */
export const failureResponse = (failure: RuleFailure): Response => errorResponse(failure.status, failure.code, failure.message, failure.fields, failure.headers)

/** A zod error as the contract's field errors (`members.0.email`, code required/format/...). */
export const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(body)'
    const code =
      issue.code === 'invalid_type' && !('input' in issue && issue.input !== undefined)
        ? 'required'
        : issue.code === 'too_small'
          ? (issue as { origin?: string }).origin === 'number'
            ? 'minimum'
            : 'min_length'
          : issue.code === 'too_big'
            ? (issue as { origin?: string }).origin === 'number'
              ? 'maximum'
              : 'max_length'
            : issue.code === 'invalid_format'
              ? (issue as { format?: string }).format === 'email'
                ? 'email'
                : 'format'
              : issue.code === 'invalid_value'
                ? 'enum'
                : issue.code
    return { field, code, message: issue.message }
  })

/** A request's JSON body; undefined when there is none (empty or blank), 400 invalid_json when it is not JSON. */
export const readJsonValue = async (request: Request): Promise<unknown> => {
  const text = await request.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return fail(400, 'invalid_json', 'The body is not valid JSON.')
  }
}

/** A value as the schema parses it, or 422 validation_error with the field errors. */
export const parsedOrFail = <S extends z.ZodType>(schema: S, value: unknown, message: string | ((error: z.ZodError) => string)): z.infer<S> => {
  const parsed = schema.safeParse(value, { reportInput: true })
  if (!parsed.success) fail(422, 'validation_error', typeof message === 'string' ? message : message(parsed.error), fieldErrorsOf(parsed.error))
  return parsed.data as z.infer<S>
}
