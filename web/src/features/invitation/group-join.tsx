import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/controls/button'
import { Callout } from '@/components/content/callout'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { TextAreaField } from '@/components/form/textarea-field'
import { Spinner } from '@/components/status/spinner'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { getGetBookingQueryKey } from '@/lib/api/generated/endpoints/booking/booking'
import { getJoinGroupMutationOptions, useGetGroup, useGetTravelGroupBooking } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { BookingGroup } from '@contract/generated/model/bookingGroup'
import { errorMessage } from '@/lib/i18n/error-messages'
import { rememberReturnTo, useSignedIn } from '@/lib/domain/session'
import { groupJoinSchema, type GroupJoinValues, groupLookupSchema, splitEmails } from '@/features/invitation/schemas'
import './invitation.css'

type Lookup = { groupId: string; code: string }

const linkKey = (travelGroupId: string) => `portal.groupLink.${travelGroupId}`

/** A group link seen before booking, kept for this tab so the success page can finish joining. */
const rememberLink = (travelGroupId: string, lookup: Lookup) => {
  try {
    sessionStorage.setItem(linkKey(travelGroupId), JSON.stringify(lookup))
  } catch {
    // no storage: the customer types the code again
  }
}

const rememberedLink = (travelGroupId: string): Lookup | null => {
  try {
    const value = JSON.parse(sessionStorage.getItem(linkKey(travelGroupId)) ?? 'null') as Partial<Lookup> | null
    return value && typeof value.groupId === 'string' && typeof value.code === 'string' ? { groupId: value.groupId, code: value.code } : null
  } catch {
    return null
  }
}

const forgetLink = (travelGroupId: string) => {
  try {
    sessionStorage.removeItem(linkKey(travelGroupId))
  } catch {
    // nothing to forget
  }
}

export type GroupJoinProps = {
  travelGroupId: string
  /** From the group's link (…/invitation?group=…&code=…); typed otherwise. */
  initialGroupId: string
  initialCode: string
  /** The booking that joins; else the customer's booking in the travel group. */
  bookingId?: string
  /** Start from a group link opened earlier in this tab (after booking). */
  remembered?: boolean
}

/** Joining a group of friends by its code, and inviting more friends by e-mail. */
export function GroupJoin({ travelGroupId, initialGroupId, initialCode, bookingId, remembered = false }: GroupJoinProps) {
  const signedIn = useSignedIn()
  const location = useLocation()
  const navigate = useNavigate()
  const [lookup, setLookup] = useState<Lookup | null>(() => {
    if (initialGroupId && initialCode) {
      const given = { groupId: initialGroupId, code: initialCode }
      rememberLink(travelGroupId, given)
      return given
    }
    return remembered ? rememberedLink(travelGroupId) : null
  })

  return (
    <section className="inv-panel" aria-labelledby="join-title">
      <h2 className="inv-panel__title" id="join-title">
        <Trans>Viajar con tu grupo de amigos</Trans>
      </h2>
      {!signedIn ? (
        <>
          <p className="inv-muted">
            <Trans>Si tus amigos te han pasado el enlace o el código de su grupo, accede para unirte: así la agencia os tendrá juntos.</Trans>
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              rememberReturnTo(`${location.pathname}${location.search}`)
              navigate('/auth/login')
            }}
          >
            <Trans>Acceder para unirme a un grupo</Trans>
          </Button>
        </>
      ) : lookup ? (
        <FoundGroup travelGroupId={travelGroupId} lookup={lookup} bookingId={bookingId} onChange={() => setLookup(null)} />
      ) : (
        <LookupForm initialGroupId={initialGroupId} initialCode={initialCode} onFind={setLookup} />
      )}
    </section>
  )
}

function LookupForm({ initialGroupId, initialCode, onFind }: { initialGroupId: string; initialCode: string; onFind: (lookup: Lookup) => void }) {
  const { t } = useLingui()
  const form = useZodForm(groupLookupSchema, { defaultValues: { groupId: initialGroupId, code: initialCode } })
  return (
    <Form form={form} onSubmit={(values) => onFind({ groupId: values.groupId.trim(), code: values.code.trim() })} aria-labelledby="join-title">
      <p className="inv-muted">
        <Trans>Escribe la referencia del grupo y su código, tal como aparecen en el enlace que te han enviado.</Trans>
      </p>
      <div className="card-grid">
        <TextField name="groupId" label={t`Referencia del grupo`} autoComplete="off" />
        <TextField name="code" label={t`Código del grupo`} autoComplete="off" autoCapitalize="characters" />
      </div>
      <SubmitButton variant="secondary">
        <Trans>Buscar el grupo</Trans>
      </SubmitButton>
    </Form>
  )
}

function FoundGroup({ travelGroupId, lookup, bookingId, onChange }: { travelGroupId: string; lookup: Lookup; bookingId?: string; onChange: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const group = useGetGroup(travelGroupId, lookup.groupId, { code: lookup.code }, { query: { retry: false } })
  const own = useGetTravelGroupBooking(travelGroupId, { query: { enabled: !bookingId, retry: false } })
  const booking = bookingId ?? (own.data && own.data.status !== 'canceled' ? own.data.id : undefined)
  const [joined, setJoined] = useState<BookingGroup | null>(null)
  const joinMutation = useMutation(getJoinGroupMutationOptions())
  const form = useZodForm(groupJoinSchema, { defaultValues: { emails: '' } })

  if (group.isPending) return <Spinner />
  if (group.isError) {
    const notFound = isApiError(group.error) && group.error.code === 'not_found'
    return (
      <Callout
        tone="danger"
        announce="alert"
        title={notFound ? t`No hay ningún grupo con esa referencia y ese código` : errorMessage(group.error)}
        actions={
          <Button variant="secondary" size="sm" onClick={onChange}>
            <Trans>Escribirlos otra vez</Trans>
          </Button>
        }
      >
        <p>
          <Trans>Comprueba el enlace que te han enviado tus amigos.</Trans>
        </p>
      </Callout>
    )
  }

  const current = joined ?? group.data
  const name = current.name
  const join = async ({ emails }: GroupJoinValues) => {
    if (!booking) return
    const list = splitEmails(emails)
    try {
      const result = await joinMutation.mutateAsync({
        id: travelGroupId,
        groupId: lookup.groupId,
        data: { code: lookup.code, booking_id: booking, emails: list },
      })
      setJoined(result)
      forgetLink(travelGroupId)
      await queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(booking) })
    } catch (e) {
      if (isApiError(e) && e.code === 'booking_group_mail_invalid') {
        const wrong = e.fields
          .map((f) => Number(f.field.split('.')[1]))
          .map((i) => list[i])
          .filter(Boolean)
        form.setError('emails', { message: `${errorMessage(e)}${wrong.length ? `: ${wrong.join(', ')}` : ''}` }, { shouldFocus: true })
        return
      }
      form.setError('root', { message: errorMessage(e) })
    }
  }

  return (
    <div className="inv-group">
      <div className="inv-group__card">
        <p className="inv-group__name">{name}</p>
        <p className="inv-muted">
          <Trans>Código {current.code}</Trans>
        </p>
        <ul className="inv-group__members" aria-label={t`Miembros del grupo`}>
          {current.members.map((m) => (
            <li key={m.email}>{m.name}</li>
          ))}
        </ul>
      </div>
      {joined ? (
        <Callout tone="success" announce="status" title={<Trans>Ya formas parte del grupo {name}</Trans>}>
          <p>
            <Trans>Hemos avisado por email a los amigos que has invitado.</Trans>
          </p>
        </Callout>
      ) : !booking ? (
        own.isPending ? (
          <Spinner />
        ) : (
          <Callout tone="info" title={<Trans>Primero reserva tu plaza</Trans>}>
            <p>
              <Trans>Para unirte al grupo necesitas una reserva en este viaje.</Trans>
            </p>
            <p>
              <Link to={`/travelgroup/${encodeURIComponent(travelGroupId)}/checkout`}>
                <Trans>Reservar plaza</Trans>
              </Link>
            </p>
          </Callout>
        )
      ) : (
        <Form form={form} onSubmit={join} className="inv-join">
          <TextAreaField
            name="emails"
            label={t`Invita a más amigos por email`}
            hint={t`Uno por línea o separados por comas. Les enviaremos el código del grupo.`}
            optional
            className="inv-textarea"
          />
          <FormRootError />
          <SubmitButton>
            <Trans>Unirme al grupo</Trans>
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
