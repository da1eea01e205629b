import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import { afterNextPaint } from '@/lib/browser/main-thread.universal'

// A form without react-hook-form and zod, for the sign-in page only: it ships in the first bundle
// (≤ 150 KB of gzipped JavaScript, scripts/check/bundle-budgets.json), where the two would add ~25 KB.
// Every other form uses useZodForm + <Form>. Same house behaviour: a field is checked when it
// loses focus, then live while it is corrected; a failed submit focuses the first invalid field;
// what was typed is never cleared by a failure; a second submit while one is in flight is ignored.

/**
 * One step of a field's validation: a message when the value fails, nothing when it passes, or
 * `{ value }` to pass a normalized value on (trim). Messages are functions, translated when
 * validation runs.
 */
export type FieldRule = (value: string) => string | { value: string } | undefined
export type FormRules<T extends Record<string, string>> = { [K in keyof T]?: FieldRule[] }

// zod's own e-mail pattern (zod/v4/core regexes.email): both kinds of forms agree on an address.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export const rules = {
  trim: (): FieldRule => (value) => ({ value: value.trim() }),
  required:
    (message: () => string): FieldRule =>
    (value) =>
      value.length === 0 ? message() : undefined,
  email:
    (message: () => string): FieldRule =>
    (value) =>
      EMAIL.test(value) ? undefined : message(),
}

type Errors<T> = Partial<Record<keyof T | 'root', string>>

/** The parsed values, or the first error of each failing field. */
export function validate<T extends Record<string, string>>(fieldRules: FormRules<T>, values: T): { values: T } | { errors: Errors<T> } {
  const parsed: Record<string, string> = { ...values }
  const errors: Errors<T> = {}
  for (const name of Object.keys(fieldRules) as (keyof T & string)[]) {
    let value: string = values[name] ?? ''
    for (const step of fieldRules[name] ?? []) {
      const result = step(value)
      if (typeof result === 'string') {
        errors[name] = result
        break
      }
      if (result) value = result.value
    }
    parsed[name] = value
  }
  return Object.keys(errors).length > 0 ? { errors } : { values: parsed as T }
}

export type LightForm<T extends Record<string, string>> = {
  /** Spread onto the <input>: name, value, ref and the handlers. */
  input: (name: keyof T & string) => {
    name: string
    value: string
    ref: (element: HTMLInputElement | null) => void
    onChange: (event: ChangeEvent<HTMLInputElement>) => void
    onBlur: () => void
  }
  error: (name: keyof T | 'root') => string | undefined
  setError: (name: keyof T | 'root', message: string, options?: { focus?: boolean }) => void
  /** Puts the cursor in a field (e.g. when the form comes back after its confirmation). */
  focus: (name: keyof T & string) => void
  submitting: boolean
  /** For <form onSubmit>: validates, then calls `submit` with the parsed values and stays busy until it settles. */
  handleSubmit: (submit: (values: T) => Promise<unknown> | unknown) => (event: FormEvent<HTMLFormElement>) => void
}

export function useLightForm<T extends Record<string, string>>(fieldRules: FormRules<T>, initial: T): LightForm<T> {
  const [values, setValues] = useState<T>(initial)
  const [errors, setErrors] = useState<Errors<T>>({})
  const [submitting, setSubmitting] = useState(false)
  // Fields checked live: touched once, or after a submit attempt.
  const live = useRef(new Set<string>())
  const submitted = useRef(false)
  const inFlight = useRef(false)
  const elements = useRef<Record<string, HTMLInputElement | null>>({})

  // The sign-in form is in the server's HTML (app/shell): what was typed there, or filled in by a password
  // manager, before the app's code ran is in the fields but not in the state (React does not replay it when
  // it hydrates). Taken in once, as if typed, before the first re-render would write the state back over it.
  useEffect(() => {
    const typed = Object.entries(elements.current).filter(([name, element]) => element && element.value !== (initial[name] ?? ''))
    if (typed.length === 0) return
    setValues((current) => ({ ...current, ...Object.fromEntries(typed.map(([name, element]) => [name, element!.value])) }))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first commit
  }, [])

  const check = (name: keyof T & string, next: T) => {
    const result = validate({ [name]: fieldRules[name] } as FormRules<T>, next)
    setErrors((current) => ({ ...current, [name]: 'errors' in result ? result.errors[name] : undefined }))
  }

  return {
    input: (name) => ({
      name,
      value: values[name] ?? '',
      ref: (element) => {
        elements.current[name] = element
      },
      onChange: (event) => {
        const next = { ...values, [name]: event.target.value }
        setValues(next)
        if (submitted.current || live.current.has(name)) check(name, next)
      },
      onBlur: () => {
        live.current.add(name)
        check(name, values)
      },
    }),
    error: (name) => errors[name],
    setError: (name, message, options) => {
      setErrors((current) => ({ ...current, [name]: message }))
      if (options?.focus && name !== 'root') elements.current[name as string]?.focus()
    },
    focus: (name) => elements.current[name]?.focus(),
    submitting,
    handleSubmit: (submit) => (event) => {
      event.preventDefault()
      if (inFlight.current) return
      submitted.current = true
      const result = validate(fieldRules, values)
      if ('errors' in result) {
        setErrors(result.errors)
        const first = (Object.keys(fieldRules) as string[]).find((name) => result.errors[name as keyof T])
        if (first) elements.current[first]?.focus()
        return
      }
      setErrors({})
      inFlight.current = true
      setSubmitting(true)
      // the busy button is drawn first, then the call goes (see afterNextPaint)
      void afterNextPaint()
        .then(() => submit(result.values))
        .finally(() => {
          inFlight.current = false
          setSubmitting(false)
        })
    },
  }
}
