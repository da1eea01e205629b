// A failed save shown on the form that made it: field errors under their fields, anything else
// above the submit button. What the user typed stays (the form is never reset on failure).
import { i18n } from '@lingui/core'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { isApiError } from '@/lib/api/api-error'
import { errorMessage, isServerErrorCode, messageForCode } from '@/lib/i18n/error-messages'

export type ServerErrorOptions<T extends FieldValues> = {
  /** Server field path → form field; unmapped field errors go to the form root. Default: same name. */
  fieldMap?: (serverField: string) => FieldPath<T> | null
  /** Messages for field codes that are not server error codes (e.g. `iban`), already translated. */
  codeMessages?: Record<string, () => string>
}

/**
 * Puts an API failure on the form: each field error the form has a field for under that field
 * (the server's code translated, e.g. dni_expired), the rest as the form's root error.
 * Returns the message shown at the root, if any.
 */
export function applyServerError<T extends FieldValues, Submitted>(
  form: UseFormReturn<T, unknown, Submitted>,
  error: unknown,
  options: ServerErrorOptions<T> = {},
): string | null {
  const { fieldMap = (f) => f as FieldPath<T>, codeMessages = {} } = options
  if (!isApiError(error)) {
    const message = errorMessage(error)
    form.setError('root', { message })
    return message
  }
  const known = new Set(Object.keys(form.getValues() as object))
  let placed = 0
  let focus = true
  for (const field of error.fields) {
    const target = fieldMap(field.field)
    if (!target || !known.has(String(target).split('.')[0]!)) continue
    const fromCode = codeMessages[field.code]?.()
    const message = fromCode ?? (isServerErrorCode(field.code) ? i18n._(messageForCode(field.code)) : i18n._(messageForCode(error.code)))
    form.setError(target, { type: 'server', message }, { shouldFocus: focus })
    focus = false
    placed += 1
  }
  // A domain code (dni_expired…) says more than "check the form": always show it at the root too
  // when no field carries it.
  if (placed === 0) {
    const message = codeMessages[error.code]?.() ?? errorMessage(error)
    form.setError('root', { message })
    return message
  }
  return null
}
