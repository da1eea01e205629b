import { get, useFormState } from 'react-hook-form'
export { Field, FieldError, type FieldControlProps, type FieldProps } from '@/components/form/field-base'

/**
 * The current error message of a registered field, if any. Its own subscription (useFormState), so a change of the
 * form's state re-renders this field, not the page that holds the form.
 */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name })
  const error: unknown = get(errors, name)
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined
}
