// A list of checkboxes with an array value (the personal data step's interests).
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { get, useFormContext } from 'react-hook-form'
import { FieldError } from '@/components/form/field'

export type CheckboxOption = { value: string; label: ReactNode }

/** Several boxes under one legend; the value is the array of checked values. */
export function CheckboxListField({ name, legend, hint, options }: { name: string; legend: ReactNode; hint?: ReactNode; options: readonly CheckboxOption[] }) {
  const { register, formState } = useFormContext()
  const id = useId()
  const error: unknown = get(formState.errors, name)
  const message = error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined
  return (
    <fieldset className="field field__fieldset" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="field__label">
        {legend}
        <span className="field__optional">
          {' '}
          <Trans>(opcional)</Trans>
        </span>
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="ck-check-grid">
        {options.map((option) => (
          <div key={option.value} className="field__check">
            <input id={`${id}-${option.value}`} type="checkbox" className="field__checkbox" value={option.value} {...register(name)} />
            <label htmlFor={`${id}-${option.value}`} className="field__check-label">
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={message} />
    </fieldset>
  )
}
