// Field and FieldError without react-hook-form: the sign-in page (first bundle) uses them with
// useLightForm; every other form goes through field.tsx, which re-exports them.
import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import './form.css'

/** Spread onto the control so label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
  'aria-required'?: true
}

export type FieldProps = {
  label: ReactNode
  hint?: ReactNode
  /** Already translated (zod messages are, see useZodForm). */
  error?: string
  /** Fields are required unless marked: "(opcional)" is shown after the label. */
  optional?: boolean
  id?: string
  children: (control: FieldControlProps) => ReactNode
}

/**
 * Label + control + hint + error, wired for assistive technology. The named
 * fields (TextField, SelectField…) use it; use it directly only for a custom
 * control, spreading the props it hands you onto that control.
 */
export function Field({ label, hint, error, optional = false, id, children }: FieldProps) {
  const autoId = useId()
  const controlId = id ?? autoId
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={controlId} className="field__label">
        {label}
        {optional && (
          <span className="field__optional">
            {' '}
            <Trans>(opcional)</Trans>
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': optional ? undefined : true,
      })}
      <FieldError id={errorId} error={error} />
    </div>
  )
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="field__error">
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <circle cx="10" cy="10" r="8" fill="currentColor" />
        <path d="M10 5.5v5M10 13.5v.01" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{error}</span>
    </p>
  )
}

/** An error of the whole form (a server's refusal that belongs to no one field), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="form__root-error">
      {message}
    </p>
  )
}
