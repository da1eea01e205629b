import type { InputHTMLAttributes, ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { Field, useFieldError } from '@/components/form/field'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'children' | 'aria-describedby' | 'aria-invalid' | 'type'> & {
  name: string
  label: ReactNode
  hint?: ReactNode
  optional?: boolean
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date' | 'search' | 'url'
}

export function TextField({ name, label, hint, optional, type = 'text', className, ...inputProps }: TextFieldProps) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <input
          {...inputProps}
          {...control}
          {...register(name, type === 'number' ? { valueAsNumber: true } : undefined)}
          type={type}
          className={['field__control', className].filter(Boolean).join(' ')}
        />
      )}
    </Field>
  )
}
