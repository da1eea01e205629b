import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { FieldError, useFieldError } from '@/components/form/field'

export type FieldSetProps = {
  name: string
  /** The question; rendered as the group's <legend>. */
  legend: ReactNode
  hint?: ReactNode
  optional?: boolean
  /** role="radiogroup" for one-of choices (its invalid and required states are announced with it). */
  role?: 'radiogroup'
  /** The group's controls; `id` prefixes their ids. */
  children: (id: string) => ReactNode
}

/**
 * Several controls answering one question (radio buttons, checkboxes): legend, "(opcional)", hint and
 * error wired to the group as Field wires them to one control.
 */
export function FieldSet({ name, legend, hint, optional = false, role, children }: FieldSetProps) {
  const error = useFieldError(name)
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
  const states = role === 'radiogroup' ? { 'aria-invalid': error ? true : undefined, 'aria-required': optional ? undefined : true } : {}
  return (
    <fieldset role={role} className={error ? 'field field--invalid field__fieldset' : 'field field__fieldset'} aria-describedby={describedBy} {...states}>
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
      {children(id)}
      <FieldError id={errorId} error={error} />
    </fieldset>
  )
}
