import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Callout } from '@/components/content/callout'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { TextField } from '@/components/form/text-field'
import { ErrorState } from '@/components/status/error-state'
import { PageSpinner } from '@/components/status/page-spinner'
import { SafeHtml } from '@/components/content/safe-html'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { getSendInvitationMutationOptions, useGetInvitationInfo, useGetTravelGroup } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { InvitationInfo } from '@contract/generated/model/invitationInfo'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatDate } from '@/lib/i18n/format'
import { GroupJoin } from '@/features/invitation/group-join'
import { TripDatesToCalendar } from '@/features/invitation/trip-dates-to-calendar'
import { invitationSchema, type InvitationValues } from '@/features/invitation/schemas'
import './invitation.css'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'
import { sendInvitationBodyEmailMax, sendInvitationBodyNameMax, sendInvitationBodyPhoneMax } from '@contract/generated/field-limits'

/** /travelgroup/{id}/invitation: ask for an invitation (an account and a sign-in link); join a group of friends. Public. */
export function InvitationPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Solicitar invitación`)
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const group = useGetTravelGroup(id)
  const info = useGetInvitationInfo(id)
  const failed = [group, info].find((q) => q.isError)
  if (failed) {
    return (
      <div className="inv-page">
        <div className="inv-panel">
          <ErrorState message={errorMessage(failed.error)} onRetry={() => Promise.all([group.refetch(), info.refetch()])} />
        </div>
      </div>
    )
  }
  if (!group.data || !info.data) return <PageSpinner />
  const groupId = params.get('group') ?? ''
  const code = params.get('code') ?? ''
  return (
    <div className="inv-page">
      <InvitationHeader group={group.data} />
      {groupId || code ? (
        <>
          <GroupJoin travelGroupId={id} initialGroupId={groupId} initialCode={code} />
          <InvitationSection group={group.data} info={info.data} />
        </>
      ) : (
        <>
          <InvitationSection group={group.data} info={info.data} />
          <GroupJoin travelGroupId={id} initialGroupId="" initialCode="" />
        </>
      )}
    </div>
  )
}

function InvitationHeader({ group }: { group: TravelGroup }) {
  const locale = useLocale()
  const tr = useTranslated()
  return (
    <header className="page-header">
      <p className="inv-eyebrow">
        <Link to={`/travelgroup/${encodeURIComponent(group.id)}`}>{tr(group, 'name')}</Link> · {formatDate(group.start_at, locale, 'long')} –{' '}
        {formatDate(group.end_at, locale, 'long')}
      </p>
      <h1 className="page-header__title">
        <Trans>Solicitar invitación</Trans>
      </h1>
      <TripDatesToCalendar group={group} />
    </header>
  )
}

function InvitationSection({ group, info }: { group: TravelGroup; info: InvitationInfo }) {
  const { t } = useLingui()
  const tr = useTranslated()
  const [sent, setSent] = useState<string | null>(null)
  const send = useMutation(getSendInvitationMutationOptions())
  const form = useZodForm(invitationSchema, {
    defaultValues: { name: '', email: '', phone: '', commercial_consent: '', third_party_consent: false },
  })

  if (!info.enabled || !group.invitation_enabled) {
    return (
      <section className="inv-panel" aria-labelledby="inv-title">
        <h2 className="inv-panel__title" id="inv-title">
          <Trans>Invitación</Trans>
        </h2>
        <Callout tone="info">
          <p>
            <Trans>Este viaje no admite solicitudes de invitación.</Trans>
          </p>
        </Callout>
      </section>
    )
  }

  if (sent) {
    return (
      <section className="inv-panel" aria-labelledby="inv-title">
        <h2 className="inv-panel__title" id="inv-title">
          <Trans>Invitación solicitada</Trans>
        </h2>
        <Callout tone="success" announce="status" title={<Trans>Revisa tu email</Trans>}>
          <p>
            <Trans>
              Te hemos enviado un email a <strong>{sent}</strong> con tu enlace de acceso. Con él entrarás directamente a la reserva de {tr(group, 'name')}.
            </Trans>
          </p>
        </Callout>
      </section>
    )
  }

  const submit = async (values: InvitationValues) => {
    try {
      const result = await send.mutateAsync({
        id: group.id,
        data: {
          name: values.name.trim(),
          email: values.email.trim(),
          phone: values.phone.trim(),
          commercial_consent: values.commercial_consent === 'yes',
          third_party_consent: values.third_party_consent,
        },
      })
      setSent(result.email)
    } catch (error) {
      if (isApiError(error) && error.code === 'conflict') {
        form.setError('root', { message: t`Ya tienes una reserva en este viaje. Accede con tu email para verla.` })
        return
      }
      if (isApiError(error) && error.fields.length > 0) {
        error.fields.forEach((f, i) => {
          if (f.field === 'name' || f.field === 'email' || f.field === 'phone') {
            form.setError(f.field, { message: f.field === 'email' ? t`Email incorrecto` : errorMessage(error) }, { shouldFocus: i === 0 })
          }
        })
        return
      }
      form.setError('root', { message: `${errorMessage(error)} ${t`Lo que has escrito se mantiene: vuelve a enviarlo.`}` })
    }
  }

  return (
    <section className="inv-panel" aria-labelledby="inv-title">
      <h2 className="inv-panel__title" id="inv-title">
        <Trans>Tus datos</Trans>
      </h2>
      <SafeHtml html={tr(info, 'intro_html')} className="inv-intro" />
      <Form form={form} onSubmit={submit} aria-labelledby="inv-title">
        <TextField name="name" label={t`Nombre y apellidos`} autoComplete="name" maxLength={sendInvitationBodyNameMax} />
        <TextField name="email" type="email" label={t`Email`} autoComplete="email" maxLength={sendInvitationBodyEmailMax} />
        <TextField name="phone" type="tel" label={t`Teléfono`} autoComplete="tel" maxLength={sendInvitationBodyPhoneMax} />
        <RadioGroupField
          name="commercial_consent"
          legend={tr(info, 'commercial_consent_text')}
          inline
          options={[
            { value: 'yes', label: t`Sí` },
            { value: 'no', label: t`No` },
          ]}
        />
        <CheckboxField name="third_party_consent" label={tr(info, 'third_party_consent_text')} />
        <FormRootError />
        <SubmitButton>
          <Trans>Solicitar invitación</Trans>
        </SubmitButton>
        <p className="inv-note">
          <Trans>
            ¿Ya tienes cuenta? <Link to="/auth/login">Accede</Link> y reserva directamente.
          </Trans>
        </p>
      </Form>
    </section>
  )
}
