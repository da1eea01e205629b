import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useWatch } from 'react-hook-form'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getUpdateBuyerMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { AddressFields } from '@/components/form/address-fields'
import { useStoreBooking } from '@/features/documentation/form-parts'
import { buyerSchema } from '@/features/documentation/schemas'
import { useProvidersWarning } from '@/features/documentation/use-providers-warning'

/** The buyer's billing data (SPEC §3): a person or a company; needed to invoice and to cancel. */
export function BuyerForm({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const confirm = useProvidersWarning()
  const store = useStoreBooking()
  const save = useMutation(getUpdateBuyerMutationOptions())
  const b = booking.buyer
  const form = useZodForm(buyerSchema(), {
    values: {
      type: b?.type ?? 'person',
      name: b?.name ?? '',
      surname1: b?.surname1 ?? '',
      company_name: b?.company_name ?? '',
      tax_id: b?.tax_id ?? '',
      address: b?.address ?? '',
      zip: b?.zip ?? '',
      country: b?.country ?? 'ES',
      state: b?.state ?? '',
      city: b?.city ?? '',
      email: b?.email ?? '',
      phone: b?.phone ?? '',
      declares_capacity: b?.declares_capacity ?? false,
    },
  })
  return (
    <Form
      form={form}
      aria-label={t`Datos de facturación`}
      onSubmit={async (v) => {
        if (!(await confirm())) return
        try {
          const updated = await save.mutateAsync({
            id: booking.id,
            data: {
              ...v,
              company_name: v.type === 'company' ? v.company_name : null,
              surname1: v.type === 'person' ? v.surname1 : v.surname1 || '',
              declares_capacity: true,
            },
          })
          store(updated)
          toast.success(t`Datos de facturación guardados`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <BuyerFields />
      <FormRootError />
      <SubmitButton>
        <Trans>Guardar datos de facturación</Trans>
      </SubmitButton>
    </Form>
  )
}

function BuyerFields() {
  const type = useWatch({ name: 'type' }) as 'person' | 'company'
  const company = type === 'company'
  return (
    <>
      <RadioGroupField
        name="type"
        legend={<Trans>Compras como</Trans>}
        inline
        options={[
          { value: 'person', label: <Trans>Particular</Trans> },
          { value: 'company', label: <Trans>Empresa</Trans> },
        ]}
      />
      {company && <TextField name="company_name" label={<Trans>Nombre de la empresa</Trans>} autoComplete="organization" />}
      <div className="form-grid">
        <TextField name="name" label={company ? <Trans>Nombre del representante</Trans> : <Trans>Nombre</Trans>} autoComplete="given-name" />
        <TextField name="surname1" label={<Trans>Apellido</Trans>} optional={company} autoComplete="family-name" />
      </div>
      <TextField
        name="tax_id"
        label={company ? <Trans>CIF</Trans> : <Trans>NIF (DNI o pasaporte)</Trans>}
        hint={<Trans>Solo números y letras, sin espacios ni guiones.</Trans>}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="form-grid">
        <TextField name="email" type="email" label={<Trans>Email</Trans>} autoComplete="email" />
        <TextField name="phone" type="tel" label={<Trans>Teléfono</Trans>} autoComplete="tel" />
      </div>
      <AddressFields />
      <CheckboxField
        name="declares_capacity"
        label={company ? <Trans>Declaro que represento a la empresa y puedo contratar en su nombre</Trans> : <Trans>Declaro que soy mayor de edad</Trans>}
      />
    </>
  )
}
