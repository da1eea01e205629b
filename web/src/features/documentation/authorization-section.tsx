import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { Button } from '@/components/controls/button'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { TextField } from '@/components/form/text-field'
import { useZodForm } from '@/hooks/use-zod-form'
import {
  getGetBookingQueryKey,
  getListAuthorizationsQueryKey,
  renderAuthorization,
  getAuthorizeMemberMutationOptions,
} from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { Member } from '@contract/generated/model/member'
import { downloadBlob, safeFileName } from '@/lib/browser/download'
import { messageForCode } from '@/lib/i18n/error-messages'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { errorMessage } from '@/lib/i18n/error-messages'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { authorizationOpen } from '@core/parental-authorization'
import { authorizationSchema } from '@/features/documentation/schemas'
import { useLocale } from '@/hooks/use-locale'

/**
 * The parental authorization of a passenger under 18 at departure: signed by one of the legal
 * guardians, only once the guardians section is complete and at least 60 days before departure.
 * Its PDF can be downloaded signed or not.
 */
export function AuthorizationSection({
  booking,
  member,
  guardiansComplete,
  today,
}: {
  booking: Booking
  member: Member
  guardiansComplete: boolean
  today: string
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const open = authorizationOpen(booking.travel_group.start_at, today)
  const byGuardian = new Map(member.guardians.map((g) => [g.id, g]))

  return (
    <div className="stack-sm">
      {member.authorizations.length > 0 ? (
        <ul className="people">
          {member.authorizations.map((a) => {
            const signedAt = formatDate(a.signed_at, locale, 'long')
            const guardian = byGuardian.get(a.guardian_id)
            const guardianName = guardian ? fullName(guardian) : a.signer_name
            return (
              <li key={a.id} className="people__item">
                <span className="people__name">
                  <Trans>
                    Firmada por {a.signer_name} ({guardianName})
                  </Trans>
                </span>
                <span className="muted">{signedAt}</span>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="muted">
          <Trans>Aún no está firmada.</Trans>
        </p>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              const blob = await renderAuthorization(booking.id, { member_id: member.id })
              downloadBlob(blob, `${safeFileName(t`autorizacion`)}-${safeFileName(member.name)}-${booking.locator}.pdf`)
            } catch (error) {
              toast.error(errorMessage(error))
            }
          }}
        >
          <Trans>Descargar la autorización (PDF)</Trans>
        </Button>
      </div>
      {!guardiansComplete ? (
        <p className="notice-box">
          <Trans>Para firmar la autorización, completa antes los datos de los tutores legales.</Trans>
        </p>
      ) : !open ? (
        <p className="notice-box">{i18n._(messageForCode('authorization_window_closed'))}</p>
      ) : (
        <AuthorizationForm booking={booking} member={member} />
      )}
    </div>
  )
}

function AuthorizationForm({ booking, member }: { booking: Booking; member: Member }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const authorize = useMutation(getAuthorizeMemberMutationOptions())
  const first = member.guardians[0]
  const form = useZodForm(authorizationSchema(), {
    defaultValues: { guardian_id: first?.id ?? '', signer_name: first ? fullName(first) : '', accept: false },
  })
  const tripName = booking.travel_group.name
  return (
    <Form
      form={form}
      aria-label={t`Firmar la autorización de ${member.name}`}
      onSubmit={async (v) => {
        try {
          await authorize.mutateAsync({ id: booking.id, data: { member_id: member.id, guardian_id: v.guardian_id, signer_name: v.signer_name, accept: true } })
          await queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(booking.id) })
          void queryClient.invalidateQueries({ queryKey: getListAuthorizationsQueryKey(booking.id) })
          toast.success(t`Autorización firmada`)
          form.reset({ ...v, accept: false })
        } catch (error) {
          applyServerError(form, error, { fieldMap: (f) => (f === 'signer_name' || f === 'guardian_id' ? f : null) })
        }
      }}
    >
      <RadioGroupField
        name="guardian_id"
        legend={<Trans>¿Quién firma?</Trans>}
        options={member.guardians.map((g) => ({ value: g.id, label: fullName(g), description: g.email }))}
      />
      <TextField name="signer_name" label={<Trans>Tu nombre completo, como firma</Trans>} autoComplete="name" />
      <CheckboxField
        name="accept"
        label={
          <Trans>
            Como tutor o tutora legal, autorizo a {member.name} a participar en el viaje «{tripName}» y a viajar con los monitores de la agencia.
          </Trans>
        }
      />
      <FormRootError />
      <SubmitButton>
        <Trans>Firmar la autorización</Trans>
      </SubmitButton>
    </Form>
  )
}
