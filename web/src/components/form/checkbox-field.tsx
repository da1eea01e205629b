import { type ReactNode, useId } from 'react'
import { useFormContext } from 'react-hook-form'
import { FieldError, useFieldError } from '@/components/form/field'

export type CheckboxFieldProps = {
  name: string
  /** May contain links (e.g. to the terms); keep it one sentence. */
  label: ReactNode
  hint?: ReactNode
  disabled?: boolean
}

/** A single yes/no box, value `boolean`. For "pick one of" use RadioGroupField. */
export function CheckboxField({ name, label, hint, disabled }: CheckboxFieldProps) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          className="field__checkbox"
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...register(name)}
        />
        <label htmlFor={id} className="field__check-label">
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="field__hint field__hint--check">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  )
}
