// An address as every form of the portal asks for it (SPEC §3): country, then state (a list where the
// API has one for that country, free text where it has none), city (free text with the API's cities as
// suggestions), postcode and street address. Used by the checkout (travellers, buyer) and the booking's
// documentation (personal and billing data), and its country list alone by the documents' country of issue.
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { SelectField } from '@/components/form/select-field'
import { TextField } from '@/components/form/text-field'
import { useListCities, useListCountries, useListStates } from '@/lib/api/generated/endpoints/lists/lists'
import { useLocale } from '@/hooks/use-locale'
import { checkoutBodyMembersItemAddressMax, checkoutBodyMembersItemZipMax } from '@contract/generated/field-limits'

/** Countries, states and cities change less than once a session: read once an hour at most. */
const LISTS_STALE_MS = 60 * 60_000

/**
 * A select whose options arrive after the form's values: once they are there, the stored value is
 * written to the control again (the browser had no such option to select before).
 */
function useSelectValueOnOptions(name: string, optionCount: number) {
  const { getValues, setValue } = useFormContext()
  useEffect(() => {
    if (optionCount > 0) setValue(name, getValues(name))
  }, [name, optionCount, getValues, setValue])
}

/** The countries in the traveller's language (the ISO code as value); a stored one stays selectable while they load. */
export function CountryField({ name, label }: { name: string; label: ReactNode }) {
  const { t } = useLingui()
  const country = (useWatch({ name }) as string | undefined) ?? ''
  const countries = useListCountries({ lang: useLocale() }, { query: { staleTime: LISTS_STALE_MS } })
  const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))
  useSelectValueOnOptions(name, options.length)
  if (country && !options.some((o) => o.value === country)) options.unshift({ value: country, label: country })
  return (
    <SelectField name={name} label={label} placeholder={countries.isPending ? t`Cargando…` : t`Selecciona un país`} options={options} autoComplete="country" />
  )
}

/** The address fields under `prefix` (`travellers.0`, `buyer`, or none for a form that is only an address's owner). */
export function AddressFields({ prefix }: { prefix?: string }) {
  const { t } = useLingui()
  const { setValue, getValues } = useFormContext()
  const field = (name: string) => (prefix ? `${prefix}.${name}` : name)
  const country = (useWatch({ name: field('country') }) as string | undefined) ?? ''
  const state = (useWatch({ name: field('state') }) as string | undefined) ?? ''
  const states = useListStates({ country }, { query: { enabled: /^[A-Z]{2}$/.test(country), staleTime: LISTS_STALE_MS } })
  const stateIsListed = Boolean(states.data?.some((s) => s.id === state))
  const cities = useListCities({ state }, { query: { enabled: stateIsListed, staleTime: LISTS_STALE_MS } })
  const citiesId = useId()
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.id, label: s.name }))
  useSelectValueOnOptions(field('state'), stateOptions.length)

  // A new country empties the state and city chosen for the old one (not on the first render).
  const stateName = field('state')
  const cityName = field('city')
  const previousCountry = useRef(country)
  useEffect(() => {
    if (previousCountry.current === country) return
    previousCountry.current = country
    if (getValues(stateName)) setValue(stateName, '', { shouldDirty: true })
    if (getValues(cityName)) setValue(cityName, '', { shouldDirty: true })
  }, [country, stateName, cityName, getValues, setValue])

  return (
    <div className="form-grid">
      <CountryField name={field('country')} label={t`País`} />
      {stateOptions.length > 0 ? (
        <SelectField name={field('state')} label={t`Provincia o estado`} placeholder={t`Selecciona una provincia`} options={stateOptions} />
      ) : (
        <TextField name={field('state')} label={t`Provincia o estado`} autoComplete="address-level1" />
      )}
      <TextField name={field('city')} label={t`Ciudad`} list={cities.data?.length ? citiesId : undefined} autoComplete="address-level2" />
      {cities.data && cities.data.length > 0 && (
        <datalist id={citiesId}>
          {cities.data.map((c) => (
            <option key={c.id} value={c.name} />
          ))}
        </datalist>
      )}
      <TextField name={field('zip')} label={t`Código postal`} autoComplete="postal-code" inputMode="text" maxLength={checkoutBodyMembersItemZipMax} />
      <div className="form-grid__wide">
        <TextField name={field('address')} label={t`Dirección`} autoComplete="street-address" maxLength={checkoutBodyMembersItemAddressMax} />
      </div>
    </div>
  )
}
