import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { roomingSchema } from '@/features/booking/schemas'
import { ErrorState } from '@/components/status/error-state'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { SelectField } from '@/components/form/select-field'
import { Spinner } from '@/components/status/spinner'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { getUpdateRoomingListMutationOptions } from '@/lib/api/generated/endpoints/rooming/rooming'
import { getGetRoomingListQueryKey, useGetRoomingList } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { Booking } from '@contract/generated/model/booking'
import type { RoomingList } from '@contract/generated/model/roomingList'
import type { RoomingStatus } from '@contract/generated/model/roomingStatus'
import { fullName } from '@core/person-name'
import { errorMessage } from '@/lib/i18n/error-messages'
import { applyServerError } from '@/lib/forms/form-errors'
import { toast } from '@/lib/browser/toast'
import { useTranslated } from '@/hooks/use-translated'

const roomingStatusLabels: Record<RoomingStatus, MessageDescriptor> = {
  open: msg`Abierto: puedes pedir con quién compartir habitación`,
  requested: msg`Petición enviada: la agencia la revisará`,
  confirmed: msg`Confirmado por la agencia`,
}

/** Who shares a room with whom: the group's rooming list and this booking's request. */
export function RoomingTab({ booking }: { booking: Booking }) {
  const { i18n } = useLingui()
  const translate = useTranslated()
  const groupId = booking.travel_group.id
  const list = useGetRoomingList(groupId)
  if (list.isPending) return <Spinner label={i18n._(msg`Cargando el reparto de habitaciones…`)} />
  if (list.isError) return <ErrorState message={errorMessage(list.error)} onRetry={() => list.refetch()} />
  const rooming = list.data
  const confirmed = rooming.status === 'confirmed'
  return (
    <div className="tab-stack">
      <section className="tab-section" aria-labelledby="rooming-title">
        <h2 id="rooming-title" className="tab-section__title">
          <Trans>Reparto de habitaciones</Trans>
        </h2>
        <p className={`rooming-status rooming-status--${rooming.status}`} role="status">
          {i18n._(roomingStatusLabels[rooming.status])}
        </p>
        {confirmed ? (
          <p className="notice-box">
            <Trans>La agencia ya ha confirmado el reparto de habitaciones. Si necesitas un cambio, contacta con ella.</Trans>
          </p>
        ) : (
          <RoomingForm booking={booking} rooming={rooming} />
        )}
      </section>
      <section className="tab-section" aria-labelledby="rooms-title">
        <h2 id="rooms-title" className="tab-section__title">
          <Trans>Habitaciones del grupo</Trans>
        </h2>
        <ul className="rooms">
          {rooming.rooms.map((room) => {
            const taken = room.members.length
            return (
              <li key={room.id} className="rooms__room">
                <p className="rooms__name">
                  {translate(room, 'name')}{' '}
                  <span className="muted">
                    <Plural value={room.capacity} one={`(${taken} de # plaza)`} other={`(${taken} de # plazas)`} />
                  </span>
                </p>
                {room.members.length > 0 && (
                  <ul className="rooms__members">
                    {room.members.map((m) => (
                      <li
                        key={`${m.booking_id}-${m.member_id}`}
                        className={m.booking_id === booking.id ? 'rooms__member rooms__member--mine' : 'rooms__member'}
                      >
                        {m.name}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}

function RoomingForm({ booking, rooming }: { booking: Booking; rooming: RoomingList }) {
  const { t: tr } = useLingui()
  const translate = useTranslated()
  const queryClient = useQueryClient()
  const update = useMutation(getUpdateRoomingListMutationOptions())
  const roomOf = (memberId: string) => rooming.rooms.find((r) => r.members.some((m) => m.booking_id === booking.id && m.member_id === memberId))?.id ?? ''
  // the rooms as the server has them now (another traveller's change, a fresher copy), what was chosen kept
  const form = useZodForm(roomingSchema(), { values: { rooms: booking.members.map((m) => ({ memberId: m.id, roomId: roomOf(m.id) })) } })
  const mine = new Set(booking.members.map((m) => m.id))
  const options = rooming.rooms.map((room) => {
    // who is in it now, yours included, as the list of rooms below says; full only for others
    const occupied = room.members.length
    const others = room.members.filter((m) => !(m.booking_id === booking.id && mine.has(m.member_id))).length
    return { value: room.id, label: tr`${translate(room, 'name')} · ${occupied} de ${room.capacity} ocupadas`, disabled: room.capacity - others <= 0 }
  })

  return (
    <Form
      form={form}
      aria-label={tr`Petición de habitaciones`}
      onSubmit={async (values) => {
        // capacity first, so the answer is immediate; the server checks again
        const byRoom = new Map<string, string[]>()
        for (const { memberId, roomId } of values.rooms) byRoom.set(roomId, [...(byRoom.get(roomId) ?? []), memberId])
        for (const [roomId, ids] of byRoom) {
          const room = rooming.rooms.find((r) => r.id === roomId)!
          const others = room.members.filter((m) => !(m.booking_id === booking.id && mine.has(m.member_id))).length
          if (others + ids.length > room.capacity) {
            const name = translate(room, 'name')
            const count = ids.length
            form.setError('root', { message: plural(count, { one: `En ${name} no cabe # persona más`, other: `En ${name} no caben # personas más` }) })
            return
          }
        }
        try {
          const updated = await update.mutateAsync({
            id: rooming.id,
            data: { booking_id: booking.id, rooms: [...byRoom].map(([room_id, member_ids]) => ({ room_id, member_ids })) },
          })
          queryClient.setQueryData(getGetRoomingListQueryKey(booking.travel_group.id), updated)
          toast.success(tr`Hemos enviado tu petición de habitaciones`)
        } catch (error) {
          const message = applyServerError(form, error, { fieldMap: () => null })
          if (isApiError(error) && error.code === 'rooming_list_already_confirmed') {
            // the list closed meanwhile: say so, and show it as it is now
            if (message) toast.error(message)
            void queryClient.invalidateQueries({ queryKey: getGetRoomingListQueryKey(booking.travel_group.id) })
          }
        }
      }}
    >
      <p className="muted">
        <Trans>Elige en qué habitación quiere dormir cada viajero de tu reserva. La agencia confirmará el reparto final.</Trans>
      </p>
      {booking.members.map((member, index) => (
        <SelectField key={member.id} name={`rooms.${index}.roomId`} label={fullName(member)} placeholder={tr`Elige una habitación`} options={options} />
      ))}
      <FormRootError />
      <SubmitButton>
        <Trans>Enviar petición</Trans>
      </SubmitButton>
    </Form>
  )
}
