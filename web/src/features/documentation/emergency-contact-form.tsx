import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getUpdateEmergencyContactMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { useStoreBooking } from '@/features/documentation/form-parts'
import { emergencyContactSchema } from '@/features/documentation/schemas'
import { useProvidersWarning } from '@/features/documentation/use-providers-warning'

/** Someone to call if something happens during the trip (not a traveller). */
export function EmergencyContactForm({ booking, member }: { booking: Booking; member: Member }) {
  const { t } = useLingui()
  const confirm = useProvidersWarning()
  const store = useStoreBooking()
  const save = useMutation(getUpdateEmergencyContactMutationOptions())
  const c = member.emergency_contacts[0]
  const form = useZodForm(emergencyContactSchema(), {
    values: { name: c?.name ?? '', surname1: c?.surname1 ?? '', surname2: c?.surname2 ?? '', email: c?.email ?? '', phone: c?.phone ?? '' },
  })
  return (
    <Form
      form={form}
      aria-label={t`Contacto de emergencia de ${member.name}`}
      onSubmit={async (v) => {
        if (!(await confirm())) return
        try {
          store(await save.mutateAsync({ id: booking.id, data: { member_id: member.id, ...v, surname2: v.surname2 || null } }))
          toast.success(t`Contacto de emergencia guardado`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <div className="form-grid">
        <TextField name="name" label={<Trans>Nombre</Trans>} />
        <TextField name="surname1" label={<Trans>Primer apellido</Trans>} />
      </div>
      <TextField name="surname2" label={<Trans>Segundo apellido</Trans>} optional />
      <div className="form-grid">
        <TextField name="email" type="email" label={<Trans>Email</Trans>} />
        <TextField name="phone" type="tel" label={<Trans>Teléfono</Trans>} />
      </div>
      <FormRootError />
      <SubmitButton>
        <Trans>Guardar contacto de emergencia</Trans>
      </SubmitButton>
    </Form>
  )
}
