import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { FieldSet } from '@/components/form/field-set'

export type CheckboxOption = { value: string; label: ReactNode }

export type CheckboxListFieldProps = {
  name: string
  legend: ReactNode
  hint?: ReactNode
  options: readonly CheckboxOption[]
  optional?: boolean
}

/** Several boxes under one legend; the value is the array of checked values. For one yes/no box use CheckboxField. */
export function CheckboxListField({ name, legend, hint, options, optional = true }: CheckboxListFieldProps) {
  const { register } = useFormContext()
  return (
    <FieldSet name={name} legend={legend} hint={hint} optional={optional}>
      {(id) => (
        <div className="field__check-grid">
          {options.map((option) => (
            <div key={option.value} className="field__check">
              <input id={`${id}-${option.value}`} type="checkbox" className="field__checkbox" value={option.value} {...register(name)} />
              <label htmlFor={`${id}-${option.value}`} className="field__check-label">
                {option.label}
              </label>
            </div>
          ))}
        </div>
      )}
    </FieldSet>
  )
}
