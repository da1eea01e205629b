import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import { getUpdateDniMutationOptions, getUpdateDniFieldMutationOptions, getUpdatePassportMutationOptions } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import { errorMessage } from '@/lib/i18n/error-messages'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { CountryField } from '@/components/form/address-fields'
import { FileUploadField, useStoreBooking } from '@/features/documentation/form-parts'
import { dniSchema, passportSchema } from '@/features/documentation/schemas'
import { useProvidersWarning } from '@/features/documentation/use-providers-warning'

const documentOf = (member: Member, type: 'dni' | 'passport') => member.documents.find((d) => d.type === type)

/** The DNI (Spanish ID card): number, expiry and issue dates, issuing country, support number, a scan. */
export function DniForm({ booking, member }: { booking: Booking; member: Member }) {
  const { t } = useLingui()
  const confirm = useProvidersWarning()
  const store = useStoreBooking()
  const save = useMutation(getUpdateDniMutationOptions())
  const setHasDni = useMutation(getUpdateDniFieldMutationOptions())
  const dni = documentOf(member, 'dni')
  const form = useZodForm(dniSchema(), {
    values: {
      number: dni?.number ?? (member.document_type === 'dni' ? member.document_number : ''),
      expiry_date: dni?.expiry_date ?? '',
      issue_date: dni?.issue_date ?? '',
      country: dni?.country ?? 'ES',
      support_number: dni?.support_number ?? '',
      file: dni?.file ?? null,
    },
  })

  if (!member.has_dni) {
    return (
      <div className="stack-sm">
        <p>
          <Trans>Has indicado que {member.name} no tiene DNI: viajará con pasaporte.</Trans>
        </p>
        <div>
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                store(await setHasDni.mutateAsync({ id: booking.id, data: { member_id: member.id, has_dni: true } }))
              } catch (error) {
                toast.error(errorMessage(error))
              }
            }}
          >
            <Trans>Sí tiene DNI</Trans>
          </Button>
        </div>
      </div>
    )
  }

  return (
    <Form
      form={form}
      aria-label={t`DNI de ${member.name}`}
      onSubmit={async (v) => {
        if (!(await confirm())) return
        try {
          store(await save.mutateAsync({ id: booking.id, data: { member_id: member.id, ...v } }))
          toast.success(t`DNI guardado`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <div className="form-grid">
        <TextField name="number" label={<Trans>Número de DNI</Trans>} autoComplete="off" spellCheck={false} />
        <TextField
          name="support_number"
          label={<Trans>Número de soporte</Trans>}
          hint={<Trans>En el DNI, junto a la foto (3 letras y 6 números).</Trans>}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="form-grid">
        <TextField name="issue_date" type="date" label={<Trans>Fecha de expedición</Trans>} />
        <TextField
          name="expiry_date"
          type="date"
          label={<Trans>Fecha de caducidad</Trans>}
          hint={<Trans>Debe seguir en vigor hasta la vuelta del viaje.</Trans>}
        />
      </div>
      <CountryField name="country" label={<Trans>País de expedición</Trans>} />
      <FileUploadField name="file" label={<Trans>Copia del DNI</Trans>} />
      <FormRootError />
      <div className="form-actions form-actions--spread">
        <Button
          variant="ghost"
          onClick={async () => {
            try {
              store(await setHasDni.mutateAsync({ id: booking.id, data: { member_id: member.id, has_dni: false } }))
              toast.info(t`${member.name} viajará con pasaporte`)
            } catch (error) {
              toast.error(errorMessage(error))
            }
          }}
        >
          <Trans>No tiene DNI</Trans>
        </Button>
        <SubmitButton>
          <Trans>Guardar DNI</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** The passport: number, expiry date, optional issue date, issuing country, a scan. */
export function PassportForm({ booking, member }: { booking: Booking; member: Member }) {
  const { t } = useLingui()
  const confirm = useProvidersWarning()
  const store = useStoreBooking()
  const save = useMutation(getUpdatePassportMutationOptions())
  const passport = documentOf(member, 'passport')
  const form = useZodForm(passportSchema(), {
    values: {
      number: passport?.number ?? (member.document_type === 'passport' ? member.document_number : ''),
      expiry_date: passport?.expiry_date ?? '',
      issue_date: passport?.issue_date ?? '',
      country: passport?.country ?? 'ES',
      file: passport?.file ?? null,
    },
  })
  return (
    <Form
      form={form}
      aria-label={t`Pasaporte de ${member.name}`}
      onSubmit={async (v) => {
        if (!(await confirm())) return
        try {
          store(await save.mutateAsync({ id: booking.id, data: { member_id: member.id, ...v, issue_date: v.issue_date || null } }))
          toast.success(t`Pasaporte guardado`)
        } catch (error) {
          applyServerError(form, error)
        }
      }}
    >
      <TextField name="number" label={<Trans>Número de pasaporte</Trans>} autoComplete="off" spellCheck={false} />
      <div className="form-grid">
        <TextField name="issue_date" type="date" label={<Trans>Fecha de expedición</Trans>} optional />
        <TextField
          name="expiry_date"
          type="date"
          label={<Trans>Fecha de caducidad</Trans>}
          hint={<Trans>Debe seguir en vigor al menos 90 días después de la vuelta.</Trans>}
        />
      </div>
      <CountryField name="country" label={<Trans>País de expedición</Trans>} />
      <FileUploadField name="file" label={<Trans>Copia del pasaporte</Trans>} />
      <FormRootError />
      <SubmitButton>
        <Trans>Guardar pasaporte</Trans>
      </SubmitButton>
    </Form>
  )
}
