import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { SelectField } from '@/components/form/select-field'
import { TextAreaField } from '@/components/form/textarea-field'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getUpdateMemberDataMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { AddressFields } from '@/components/form/address-fields'
import { useStoreBooking } from '@/features/documentation/form-parts'
import { personalDataSchema } from '@/features/documentation/schemas'
import { useProvidersWarning } from '@/features/documentation/use-providers-warning'
import { updateMemberDataBodyOneAllergiesMax, updateMemberDataBodyOneMedicalNotesMax } from '@contract/generated/field-limits'

/** A passenger's personal data, with allergies and medical notes (SPEC §3 member form). */
export function PersonalDataForm({ booking, member }: { booking: Booking; member: Member }) {
  const { t } = useLingui()
  const confirm = useProvidersWarning()
  const store = useStoreBooking()
  const save = useMutation(getUpdateMemberDataMutationOptions())
  const form = useZodForm(personalDataSchema(), {
    values: {
      name: member.name,
      surname1: member.surname1,
      surname2: member.surname2 ?? '',
      gender: member.gender,
      birthdate: member.birthdate,
      phone: member.phone ?? '',
      email: member.email ?? '',
      document_type: member.document_type,
      document_number: member.document_number,
      country: member.country,
      state: member.state,
      city: member.city,
      zip: member.zip,
      address: member.address,
      allergies: member.allergies ?? '',
      medical_notes: member.medical_notes ?? '',
    },
  })
  return (
    <Form
      form={form}
      aria-label={t`Datos personales de ${member.name}`}
      onSubmit={async (v) => {
        if (!(await confirm())) return
        try {
          const updated = await save.mutateAsync({
            id: booking.id,
            data: {
              member_id: member.id,
              ...v,
              surname2: v.surname2 || null,
              phone: v.phone || null,
              email: v.email || null,
              allergies: v.allergies || null,
              medical_notes: v.medical_notes || null,
            },
          })
          store(updated)
          toast.success(t`Datos personales guardados`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <div className="form-grid">
        <TextField name="name" label={<Trans>Nombre</Trans>} autoComplete="given-name" />
        <TextField name="surname1" label={<Trans>Primer apellido</Trans>} autoComplete="family-name" />
      </div>
      <div className="form-grid">
        <TextField name="surname2" label={<Trans>Segundo apellido</Trans>} optional />
        <TextField name="birthdate" type="date" label={<Trans>Fecha de nacimiento</Trans>} autoComplete="bday" />
      </div>
      <RadioGroupField
        name="gender"
        legend={<Trans>Sexo</Trans>}
        inline
        options={[
          { value: 'female', label: <Trans>Mujer</Trans> },
          { value: 'male', label: <Trans>Hombre</Trans> },
        ]}
      />
      <div className="form-grid">
        <SelectField
          name="document_type"
          label={<Trans>Tipo de documento</Trans>}
          options={[
            { value: 'dni', label: t`DNI` },
            { value: 'passport', label: t`Pasaporte` },
          ]}
        />
        <TextField name="document_number" label={<Trans>Número de documento</Trans>} autoComplete="off" spellCheck={false} />
      </div>
      <div className="form-grid">
        <TextField name="phone" type="tel" label={<Trans>Teléfono</Trans>} optional autoComplete="tel" />
        <TextField name="email" type="email" label={<Trans>Email</Trans>} optional autoComplete="email" />
      </div>
      <AddressFields />
      <TextAreaField
        name="allergies"
        label={<Trans>Alergias</Trans>}
        hint={<Trans>Alimentarias, a medicamentos… Déjalo vacío si no hay ninguna.</Trans>}
        optional
        maxLength={updateMemberDataBodyOneAllergiesMax}
      />
      <TextAreaField
        name="medical_notes"
        label={<Trans>Observaciones médicas</Trans>}
        hint={<Trans>Medicación, tratamientos o cualquier cosa que los monitores deban saber.</Trans>}
        optional
        maxLength={updateMemberDataBodyOneMedicalNotesMax}
      />
      <FormRootError />
      <SubmitButton>
        <Trans>Guardar datos personales</Trans>
      </SubmitButton>
    </Form>
  )
}
