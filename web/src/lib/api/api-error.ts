import type { ErrorCode } from '@contract/generated/model/errorCode.ts'
import type { FieldError } from '@contract/generated/model/fieldError.ts'

/** A code the server sent, or `network_error` when no answer came at all. */
export type ApiErrorCode = ErrorCode | 'network_error'

/** The one error every API call rejects with: the server's code, its message and its field errors. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  readonly fields: FieldError[]

  constructor(status: number, code: ApiErrorCode, message: string, fields: FieldError[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }

  /** The server's message for one field, e.g. `fieldCode('members.0.email')`. */
  fieldCode(field: string): string | undefined {
    return this.fields.find((f) => f.field === field)?.code
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError
