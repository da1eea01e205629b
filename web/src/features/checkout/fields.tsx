// Field groups of the personal data step: address (with the country, state and city lists),
// a long-text field, and a list of checkboxes with array value.
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, type TextareaHTMLAttributes, useEffect, useId, useRef } from 'react'
import { get, useFormContext, useWatch } from 'react-hook-form'
import { Field, FieldError, useFieldError } from '@/components/form/field'
import { SelectField } from '@/components/form/select-field'
import { TextField } from '@/components/form/text-field'
import { useListCities, useListCountries, useListStates } from '@/lib/api/generated/endpoints/lists/lists'
import { useLocale } from '@/hooks/use-locale'

const LISTS_STALE_MS = 60 * 60_000

/** Country, state (a list, or free text where we have none), city (free text with suggestions), zip, address. */
export function AddressFields({ prefix }: { prefix: string }) {
  const { t } = useLingui()
  const { setValue, getValues } = useFormContext()
  const lang = useLocale()
  const country = (useWatch({ name: `${prefix}.country` }) as string | undefined) ?? ''
  const state = (useWatch({ name: `${prefix}.state` }) as string | undefined) ?? ''
  const countries = useListCountries({ lang }, { query: { staleTime: LISTS_STALE_MS } })
  const states = useListStates({ country }, { query: { enabled: /^[A-Z]{2}$/.test(country), staleTime: LISTS_STALE_MS } })
  const stateIsListed = Boolean(states.data?.some((s) => s.id === state))
  const cities = useListCities({ state }, { query: { enabled: stateIsListed, staleTime: LISTS_STALE_MS } })
  const citiesId = useId()

  // A new country empties the state and city chosen for the old one (not on the first render).
  const previousCountry = useRef(country)
  useEffect(() => {
    if (previousCountry.current === country) return
    previousCountry.current = country
    if (getValues(`${prefix}.state`)) setValue(`${prefix}.state`, '', { shouldDirty: true })
    if (getValues(`${prefix}.city`)) setValue(`${prefix}.city`, '', { shouldDirty: true })
  }, [country, prefix, getValues, setValue])

  const countryOptions = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))
  // Keep a stored country selectable while the list loads.
  if (country && !countryOptions.some((o) => o.value === country)) countryOptions.unshift({ value: country, label: country })
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.id, label: s.name }))

  return (
    <div className="ck-field-grid">
      <SelectField name={`${prefix}.country`} label={t`País`} placeholder={t`Selecciona un país`} options={countryOptions} autoComplete="country" />
      {stateOptions.length > 0 ? (
        <SelectField name={`${prefix}.state`} label={t`Provincia o estado`} placeholder={t`Selecciona una provincia`} options={stateOptions} />
      ) : (
        <TextField name={`${prefix}.state`} label={t`Provincia o estado`} autoComplete="address-level1" />
      )}
      <TextField name={`${prefix}.city`} label={t`Ciudad`} list={cities.data?.length ? citiesId : undefined} autoComplete="address-level2" />
      {cities.data && cities.data.length > 0 && (
        <datalist id={citiesId}>
          {cities.data.map((c) => (
            <option key={c.id} value={c.name} />
          ))}
        </datalist>
      )}
      <TextField name={`${prefix}.zip`} label={t`Código postal`} autoComplete="postal-code" inputMode="text" maxLength={12} />
      <div className="ck-field-grid__wide">
        <TextField name={`${prefix}.address`} label={t`Dirección`} autoComplete="street-address" maxLength={200} />
      </div>
    </div>
  )
}

export function TextAreaField({
  name,
  label,
  hint,
  optional,
  ...rest
}: { name: string; label: ReactNode; hint?: ReactNode; optional?: boolean } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'id' | 'aria-describedby' | 'aria-invalid'
>) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(control) => <textarea {...rest} {...control} {...register(name)} rows={3} className="field__control field__control--textarea" />}
    </Field>
  )
}

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
