import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { useFormContext } from 'react-hook-form'
import { FieldError, useFieldError } from '@/components/form/field'

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
  const error = useFieldError(name)
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <fieldset
      role="radiogroup"
      className={error ? 'field field--invalid field__fieldset' : 'field field__fieldset'}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={optional ? undefined : true}
    >
      <legend className="field__label">
        {legend}
        {optional && (
          <span className="field__optional">
            {' '}
            <Trans>(opcional)</Trans>
          </span>
        )}
      </legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
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
      <FieldError id={errorId} error={error} />
    </fieldset>
  )
}
