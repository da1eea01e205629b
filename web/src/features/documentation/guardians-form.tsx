import { useMutation } from '@tanstack/react-query'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useWatch } from 'react-hook-form'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { SelectField } from '@/components/form/select-field'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getUpdateGuardiansMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { useStoreBooking } from '@/features/documentation/form-parts'
import { GUARDIAN_TYPES, type GuardianTypeValue, guardianCount, guardiansSchema } from '@/features/documentation/schemas'
import { useProvidersWarning } from '@/features/documentation/use-providers-warning'

export const guardianTypeLabels: Record<GuardianTypeValue, MessageDescriptor> = {
  mother_and_father: msg`Madre y padre`,
  mother: msg`Solo la madre`,
  father: msg`Solo el padre`,
  legal_guardian: msg`Tutor o tutora legal`,
  two_mothers: msg`Dos madres`,
  two_fathers: msg`Dos padres`,
}

const empty = { name: '', surname1: '', surname2: '', email: '', phone: '', document_number: '' }

/** A minor's legal guardians: who they are (six types) and one or two people. */
export function GuardiansForm({ booking, member }: { booking: Booking; member: Member }) {
  const { t, i18n } = useLingui()
  const confirm = useProvidersWarning()
  const store = useStoreBooking()
  const save = useMutation(getUpdateGuardiansMutationOptions())
  const existing = member.guardians.map((g) => ({
    name: g.name,
    surname1: g.surname1,
    surname2: g.surname2 ?? '',
    email: g.email,
    phone: g.phone,
    document_number: g.document_number,
  }))
  // the booking as the server has it now (a fresher copy may come after one kept offline), what was typed kept
  const form = useZodForm(guardiansSchema(), {
    values: {
      guardian_type: (member.guardian_type ?? '') as GuardianTypeValue,
      guardians: [existing[0] ?? empty, existing[1] ?? empty],
    },
  })
  return (
    <Form
      form={form}
      aria-label={t`Tutores legales de ${member.name}`}
      onSubmit={async (v) => {
        if (!(await confirm())) return
        try {
          const guardians = v.guardians.slice(0, guardianCount(v.guardian_type)).map((g) => ({ ...g, surname2: g.surname2 || null }))
          store(await save.mutateAsync({ id: booking.id, data: { member_id: member.id, guardian_type: v.guardian_type, guardians } }))
          toast.success(t`Tutores legales guardados`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <SelectField
        name="guardian_type"
        label={<Trans>Tutores legales</Trans>}
        placeholder={t`Selecciona quiénes son`}
        options={GUARDIAN_TYPES.map((type) => ({ value: type, label: i18n._(guardianTypeLabels[type]) }))}
      />
      <GuardianFieldsets />
      <FormRootError />
      <SubmitButton>
        <Trans>Guardar tutores legales</Trans>
      </SubmitButton>
    </Form>
  )
}

function GuardianFieldsets() {
  const type = useWatch({ name: 'guardian_type' }) as string
  const count = type ? guardianCount(type) : 1
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <fieldset key={index} className="subform">
          <legend className="subform__legend">
            {count === 1 ? <Trans>Datos del tutor o tutora</Trans> : index === 0 ? <Trans>Primer tutor o tutora</Trans> : <Trans>Segundo tutor o tutora</Trans>}
          </legend>
          <div className="form-grid">
            <TextField name={`guardians.${index}.name`} label={<Trans>Nombre</Trans>} />
            <TextField name={`guardians.${index}.surname1`} label={<Trans>Primer apellido</Trans>} />
          </div>
          <div className="form-grid">
            <TextField name={`guardians.${index}.surname2`} label={<Trans>Segundo apellido</Trans>} optional />
            <TextField name={`guardians.${index}.document_number`} label={<Trans>Número de documento (DNI o pasaporte)</Trans>} spellCheck={false} />
          </div>
          <div className="form-grid">
            <TextField name={`guardians.${index}.email`} type="email" label={<Trans>Email</Trans>} />
            <TextField name={`guardians.${index}.phone`} type="tel" label={<Trans>Teléfono</Trans>} />
          </div>
        </fieldset>
      ))}
    </>
  )
}
