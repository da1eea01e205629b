import { get, useFormContext } from 'react-hook-form'
export { Field, FieldError, type FieldControlProps, type FieldProps } from '@/components/form/field-base'

/** The current error message of a registered field, if any. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext()
  const error: unknown = get(formState.errors, name)
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined
}
