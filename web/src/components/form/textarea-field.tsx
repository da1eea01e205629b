import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { useFormContext } from 'react-hook-form'
import { Field, useFieldError } from '@/components/form/field'

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'children' | 'aria-describedby' | 'aria-invalid'> & {
  name: string
  label: ReactNode
  hint?: ReactNode
  optional?: boolean
}

/** Several lines of free text (notes, comments, a review), with the same label/hint/error wiring. */
export function TextAreaField({ name, label, hint, optional, className, rows = 3, ...textareaProps }: TextAreaFieldProps) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <textarea
          {...textareaProps}
          {...control}
          {...register(name)}
          rows={rows}
          className={['field__control', 'field__control--textarea', className].filter(Boolean).join(' ')}
        />
      )}
    </Field>
  )
}
