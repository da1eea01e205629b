// How a rule over the world refuses: with the contract's error (status, code, message, field errors).
// The handler's route() turns it into the error body; rules never build responses themselves.
import type { ErrorCode, FieldError } from '../../../../contract/generated/model/index.ts'

export class RuleFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** response headers, e.g. Retry-After on a 429 */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** Stops the rule (and the request) with the contract's error. */
export const fail = (status: number, code: ErrorCode, message: string, fields?: FieldError[], headers?: Record<string, string>): never => {
  throw new RuleFailure(status, code, message, fields, headers)
}

/** A 422 on one field. */
export const invalid = (field: string, code: string, message: string): never => fail(422, 'validation_error', message, [{ field, code, message }])
