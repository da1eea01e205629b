import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { FieldSet } from '@/components/form/field-set'

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode; disabled?: boolean }

export type RadioGroupFieldProps = {
  name: string
  /** The question; rendered as the group's <legend>. */
  legend: ReactNode
  options: readonly RadioOption[]
  hint?: ReactNode
  optional?: boolean
  /** Side by side (short answers like Sí / No); stacked cards otherwise. */
  inline?: boolean
}

export function RadioGroupField({ name, legend, options, hint, optional = false, inline = false }: RadioGroupFieldProps) {
  const { register } = useFormContext()
  return (
    <FieldSet name={name} legend={legend} hint={hint} optional={optional} role="radiogroup">
      {(id) => (
        <div className={inline ? 'field__options field__options--inline' : 'field__options'}>
          {options.map((option) => {
            const optionId = `${id}-${option.value}`
            return (
              <div key={option.value} className="field__option">
                <input
                  id={optionId}
                  type="radio"
                  value={option.value}
                  disabled={option.disabled}
                  className="field__radio"
                  // a card's short name is its name, its details its description: each said once
                  aria-labelledby={`${optionId}-label`}
                  aria-describedby={option.description ? `${optionId}-description` : undefined}
                  {...register(name)}
                />
                <label htmlFor={optionId} className="field__option-label">
                  <span id={`${optionId}-label`}>{option.label}</span>
                  {option.description && (
                    <span id={`${optionId}-description`} className="field__option-description">
                      {option.description}
                    </span>
                  )}
                </label>
              </div>
            )
          })}
        </div>
      )}
    </FieldSet>
  )
}
