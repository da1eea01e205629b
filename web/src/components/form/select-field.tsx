import type { ReactNode, SelectHTMLAttributes } from 'react'
import { useFormContext } from 'react-hook-form'
import { Field, useFieldError } from '@/components/form/field'

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'children' | 'aria-describedby' | 'aria-invalid'> & {
  name: string
  label: ReactNode
  options: readonly SelectOption[]
  /** First, empty option ("Selecciona…"); its value is "" so `required` rules catch it. */
  placeholder?: string
  hint?: ReactNode
  optional?: boolean
}

export function SelectField({ name, label, options, placeholder, hint, optional, className, onChange, ...selectProps }: SelectFieldProps) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <select
          {...selectProps}
          {...control}
          {...register(name, { onChange })}
          className={['field__control', 'field__control--select', className].filter(Boolean).join(' ')}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
