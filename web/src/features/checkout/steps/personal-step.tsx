import { Trans, useLingui } from '@lingui/react/macro'
import { type RefObject, startTransition, useEffect, useRef, useState } from 'react'
import { type Path, useFormContext, useFormState, useWatch } from 'react-hook-form'
import { Callout } from '@/components/content/callout'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import type { FieldError as ApiFieldError } from '@contract/generated/model/fieldError'
import { fullName } from '@core/person-name'
import { isMinorOn, localDay } from '@core/calendar'
import type { BuyerDraft, TravellerDraft } from '@/features/checkout/order/draft'
import { AddressFields } from '@/components/form/address-fields'
import { TextAreaField } from '@/components/form/textarea-field'
import { CheckboxListField } from '@/components/form/checkbox-list-field'
import { MinorWarningDialog, useMinorWarning } from '@/features/checkout/parts/minor-warning'
import { minorBuyerMessage, type PersonalOutput, personalSchema, type PersonalValues } from '@/features/checkout/schemas'
import { useSectorLabels } from '@/features/checkout/order/sectors'
import { StepFrame } from '@/features/checkout/steps/step-frame'
import type { DraftApi } from '@/features/checkout/order/use-checkout-draft'
import {
  checkoutBodyBuyerCompanyNameMax,
  checkoutBodyBuyerEmailMax,
  checkoutBodyBuyerNameMax,
  checkoutBodyBuyerPhoneMax,
  checkoutBodyBuyerSurname1Max,
  checkoutBodyBuyerTaxIdMax,
  checkoutBodyMembersItemAllergiesMax,
  checkoutBodyMembersItemDocumentNumberMax,
  checkoutBodyMembersItemEmailMax,
  checkoutBodyMembersItemMedicalNotesMax,
  checkoutBodyMembersItemNameMax,
  checkoutBodyMembersItemPhoneMax,
  checkoutBodyMembersItemSurname1Max,
  checkoutBodyMembersItemSurname2Max,
} from '@contract/generated/field-limits'

type Props = {
  draftApi: DraftApi
  /** Departure day: who is a minor on it gets the minor notice. */
  departure: string
  headingRef: RefObject<HTMLHeadingElement | null>
  onNext: () => void
  onBack: () => void
  /** Field errors the server found (paths like members.0.document_number, buyer.tax_id). */
  serverErrors: readonly ApiFieldError[]
  /** Open the minor warning at once (the server said the buyer is a minor). */
  minorFromServer: boolean
  onServerErrorsShown: () => void
}

/** The server names travellers `members.N`; the form calls them `travellers.N`. */
export const formPathOf = (field: string): string => field.replace(/^members\./, 'travellers.')

/** Step 3: each traveller (SPEC §3 member form, extra info), the buyer, commercial sectors. */
export function PersonalStep({ draftApi, departure, headingRef, onNext, onBack, serverErrors, minorFromServer, onServerErrorsShown }: Props) {
  const { draft, persist, update } = draftApi
  const minorWarning = useMinorWarning()
  const form = useZodForm<PersonalValues, PersonalOutput>(personalSchema(), {
    defaultValues: { travellers: draft.travellers, buyer: draft.buyer, commercialSectors: draft.commercialSectors },
  })

  // Everything typed is kept (sessionStorage) as it is typed: a moment after the last keystroke,
  // and at once when the step or the page goes away.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = () => {
      clearTimeout(timer)
      timer = undefined
      const values = form.getValues()
      persist((d) => ({
        ...d,
        travellers: (values.travellers as TravellerDraft[] | undefined) ?? d.travellers,
        buyer: (values.buyer as BuyerDraft | undefined) ?? d.buyer,
        commercialSectors: ((values.commercialSectors ?? []) as PersonalValues['commercialSectors']).filter(Boolean),
      }))
    }
    const subscription = form.watch(() => {
      clearTimeout(timer)
      timer = setTimeout(save, 250)
    })
    const flush = () => timer !== undefined && save()
    window.addEventListener('pagehide', flush)
    return () => {
      subscription.unsubscribe()
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [form, persist])

  // Errors the server found on the last attempt land on their fields (once: the parent then forgets them).
  useEffect(() => {
    if (serverErrors.length === 0 && !minorFromServer) return
    serverErrors.forEach((e, i) => {
      const path = formPathOf(e.field) as Path<PersonalValues>
      form.setError(path, { message: e.message }, { shouldFocus: i === 0 })
    })
    if (minorFromServer) {
      form.setError('buyer.declares_capacity', { message: minorBuyerMessage() })
      minorWarning.open()
    }
    onServerErrorsShown()
  }, [serverErrors, minorFromServer, form, minorWarning, onServerErrorsShown])

  return (
    <StepFrame
      title={<Trans>Datos personales</Trans>}
      intro={<Trans>Escribe los datos tal como aparecen en el documento de identidad de cada viajero.</Trans>}
      headingRef={headingRef}
      onBack={onBack}
      continueWith={{ form: 'checkout-personal' }}
    >
      <Form
        id="checkout-personal"
        form={form}
        aria-labelledby="checkout-step-title"
        onSubmit={(values) => {
          // with the step's change, in one transition (as the pack step)
          startTransition(() => {
            update((d) => ({
              ...d,
              travellers: d.travellers.map((t, i) => ({ ...t, ...values.travellers[i] }) as TravellerDraft),
              buyer: { ...d.buyer, ...values.buyer } as BuyerDraft,
              commercialSectors: values.commercialSectors,
            }))
            onNext()
          })
        }}
      >
        {draft.travellers.map((_, index) => (
          <TravellerFields key={index} index={index} departure={departure} />
        ))}
        <BuyerFields />
        <SectorsField />
        <MinorWarningTrigger onMinor={minorWarning.open} />
      </Form>
      <MinorWarningDialog dialog={minorWarning} onFix={() => setTimeout(() => form.setFocus('buyer.tax_id'), 50)} />
    </StepFrame>
  )
}

/**
 * A minor as the buyer (the schema's rule) also gets the minor warning, each time the customer tries
 * to continue. Its own component: subscribing the whole step to the form's errors would re-render
 * every field on every validation.
 */
function MinorWarningTrigger({ onMinor }: { onMinor: () => void }) {
  const { submitCount, errors } = useFormState<PersonalValues>()
  const minor = errors.buyer?.declares_capacity?.message === minorBuyerMessage()
  const seen = useRef(0)
  useEffect(() => {
    if (submitCount === seen.current) return
    seen.current = submitCount
    if (minor) onMinor()
  }, [submitCount, minor, onMinor])
  return null
}

function TravellerFields({ index, departure }: { index: number; departure: string }) {
  const { t } = useLingui()
  const prefix = `travellers.${index}`
  const [name, surname1, birthdate, documentType] = useWatch({
    name: [`${prefix}.name`, `${prefix}.surname1`, `${prefix}.birthdate`, `${prefix}.document_type`],
  }) as [string, string, string, string]
  const number = index + 1
  const who = fullName({ name, surname1 })
  const minor = Boolean(birthdate) && isMinorOn(birthdate, departure)
  return (
    <section className="ck-person-card" aria-labelledby={`traveller-${index}`}>
      <h3 className="ck-person-card__title" id={`traveller-${index}`}>
        <span className="ck-person-card__number" aria-hidden="true">
          {number}
        </span>
        <span>
          <Trans>Viajero {number}</Trans>
          {who && <span className="ck-person-card__name"> · {who}</span>}
        </span>
      </h3>
      <div className="form-grid">
        <TextField name={`${prefix}.name`} label={t`Nombre`} autoComplete={index === 0 ? 'given-name' : 'off'} maxLength={checkoutBodyMembersItemNameMax} />
        <TextField
          name={`${prefix}.surname1`}
          label={t`Primer apellido`}
          autoComplete={index === 0 ? 'family-name' : 'off'}
          maxLength={checkoutBodyMembersItemSurname1Max}
        />
        <TextField name={`${prefix}.surname2`} label={t`Segundo apellido`} optional maxLength={checkoutBodyMembersItemSurname2Max} />
        <TextField name={`${prefix}.birthdate`} type="date" label={t`Fecha de nacimiento`} max={localDay()} min="1900-01-01" />
        <div className="form-grid__wide">
          <RadioGroupField
            name={`${prefix}.gender`}
            legend={t`Sexo`}
            inline
            options={[
              { value: 'female', label: t`Mujer` },
              { value: 'male', label: t`Hombre` },
            ]}
          />
        </div>
        <TextField
          name={`${prefix}.phone`}
          type="tel"
          label={t`Teléfono`}
          optional
          autoComplete={index === 0 ? 'tel' : 'off'}
          maxLength={checkoutBodyMembersItemPhoneMax}
        />
        <TextField
          name={`${prefix}.email`}
          type="email"
          label={t`Email`}
          optional
          autoComplete={index === 0 ? 'email' : 'off'}
          maxLength={checkoutBodyMembersItemEmailMax}
        />
        <div className="form-grid__wide">
          <RadioGroupField
            name={`${prefix}.document_type`}
            legend={t`Documento de identidad`}
            inline
            options={[
              { value: 'dni', label: t`DNI` },
              { value: 'passport', label: t`Pasaporte` },
            ]}
          />
        </div>
        <TextField
          name={`${prefix}.document_number`}
          label={documentType === 'passport' ? t`Número de pasaporte` : t`Número de DNI`}
          hint={t`Solo números y letras, sin espacios ni guiones.`}
          autoCapitalize="characters"
          maxLength={checkoutBodyMembersItemDocumentNumberMax}
        />
      </div>
      {minor && (
        <Callout tone="info">
          <Trans>
            Viajero menor de edad en la fecha de salida: después de reservar te pediremos los datos de sus tutores legales y su autorización firmada.
          </Trans>
        </Callout>
      )}
      <AddressFields prefix={prefix} />
      <details className="ck-extra-info">
        <summary>
          <Trans>Información adicional: alergias y notas médicas</Trans>
        </summary>
        <div className="ck-extra-info__body">
          <TextAreaField name={`${prefix}.allergies`} label={t`Alergias o intolerancias`} optional maxLength={checkoutBodyMembersItemAllergiesMax} />
          <TextAreaField
            name={`${prefix}.medical_notes`}
            label={t`Notas médicas`}
            hint={t`Medicación, necesidades especiales…`}
            optional
            maxLength={checkoutBodyMembersItemMedicalNotesMax}
          />
        </div>
      </details>
    </section>
  )
}

function BuyerFields() {
  const { t } = useLingui()
  const { getValues, setValue } = useFormContext<PersonalValues>()
  const type = useWatch<PersonalValues>({ name: 'buyer.type' }) as string
  const company = type === 'company'
  // The travellers' names for "fill in with…", read when the list is opened (watching every
  // traveller field would re-render the buyer's form on each keystroke).
  const [, refreshNames] = useState(0)
  const travellers = getValues('travellers') as TravellerDraft[]

  const copyFrom = (value: string) => {
    const traveller = getValues('travellers')[Number(value)]
    if (!traveller) return
    const fields = {
      name: traveller.name,
      surname1: traveller.surname1,
      tax_id: traveller.document_number,
      address: traveller.address,
      zip: traveller.zip,
      country: traveller.country,
      state: traveller.state,
      city: traveller.city,
      email: traveller.email,
      phone: traveller.phone,
    } as const
    for (const [key, fieldValue] of Object.entries(fields)) {
      if (fieldValue) setValue(`buyer.${key as keyof typeof fields}`, fieldValue, { shouldDirty: true, shouldValidate: false })
    }
  }

  const named = travellers.map((tr, i) => ({ value: String(i), label: fullName(tr) || t`Viajero ${i + 1}` }))

  return (
    <section className="ck-person-card ck-person-card--buyer" aria-labelledby="buyer-title">
      <h3 className="ck-person-card__title" id="buyer-title">
        <Trans>Datos del comprador</Trans>
      </h3>
      <p className="ck-person-card__intro">
        <Trans>Quien hace la compra y recibe las facturas. Tiene que ser mayor de edad o representar a una empresa.</Trans>
      </p>
      <div className="ck-copy-from">
        <label htmlFor="buyer-copy" className="field__label">
          <Trans>Rellenar con los datos de un viajero</Trans>
        </label>
        <select
          id="buyer-copy"
          className="field__control field__control--select"
          value=""
          onFocus={() => refreshNames((n) => n + 1)}
          onPointerDown={() => refreshNames((n) => n + 1)}
          onChange={(event) => {
            copyFrom(event.target.value)
            event.target.value = ''
          }}
        >
          <option value="">{t`Elige un viajero…`}</option>
          {named.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <RadioGroupField
        name="buyer.type"
        legend={t`¿Quién compra?`}
        inline
        options={[
          { value: 'person', label: t`Un particular` },
          { value: 'company', label: t`Una empresa` },
        ]}
      />
      <div className="form-grid">
        {company && (
          <div className="form-grid__wide">
            <TextField name="buyer.company_name" label={t`Nombre de la empresa`} autoComplete="organization" maxLength={checkoutBodyBuyerCompanyNameMax} />
          </div>
        )}
        <TextField
          name="buyer.name"
          label={company ? t`Nombre de quien la representa` : t`Nombre`}
          autoComplete="given-name"
          maxLength={checkoutBodyBuyerNameMax}
        />
        <TextField name="buyer.surname1" label={t`Apellidos`} optional={company} autoComplete="family-name" maxLength={checkoutBodyBuyerSurname1Max} />
        <TextField
          name="buyer.tax_id"
          label={company ? t`CIF` : t`DNI, NIE o pasaporte`}
          hint={t`Solo números y letras, sin espacios ni guiones.`}
          autoCapitalize="characters"
          maxLength={checkoutBodyBuyerTaxIdMax}
        />
        <TextField name="buyer.email" type="email" label={t`Email`} autoComplete="email" maxLength={checkoutBodyBuyerEmailMax} />
        <TextField name="buyer.phone" type="tel" label={t`Teléfono`} autoComplete="tel" maxLength={checkoutBodyBuyerPhoneMax} />
      </div>
      <AddressFields prefix="buyer" />
      <CheckboxField
        name="buyer.declares_capacity"
        label={company ? t`Declaro que represento a la empresa y puedo contratar en su nombre` : t`Declaro que soy mayor de edad`}
      />
    </section>
  )
}

function SectorsField() {
  const { t } = useLingui()
  const labels = useSectorLabels()
  return (
    <section className="ck-person-card" aria-labelledby="sectors-title">
      <h3 className="ck-person-card__title" id="sectors-title">
        <Trans>Tus intereses</Trans>
      </h3>
      <CheckboxListField
        name="commercialSectors"
        legend={t`Sectores comerciales`}
        hint={t`Elige los temas sobre los que te gustaría recibir novedades de la agencia.`}
        options={Object.entries(labels).map(([value, label]) => ({ value, label }))}
      />
    </section>
  )
}
