import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { Callout } from '@/components/content/callout'
import { fullName } from '@core/person-name'
import { overfullSlots, roomSlots, validAssignment } from '@/features/checkout/order/rooming'
import { StepFrame, type StepProps } from '@/features/checkout/steps/step-frame'
import { useTranslated } from '@/hooks/use-translated'

type Props = StepProps

/** Step 5: who shares a room with whom, when the group allows choosing. */
export function RoomingStep({ offer, draftApi, headingRef, onNext, onBack, serverMessage }: Props) {
  const { t } = useLingui()
  const tr = useTranslated()
  const { group } = offer
  const { draft, update } = draftApi
  const slots = roomSlots(
    group.hosting_rooms.map((room) => ({ ...room, name: tr(room, 'name') })),
    draft.rooms,
  )
  const assignment = validAssignment(draft.rooming, slots)
  const overfull = overfullSlots(slots, assignment)
  const [tried, setTried] = useState(false)
  const alertRef = useRef<HTMLDivElement>(null)
  const allowed = group.rooming_enabled && slots.length > 0 && draft.members > 1

  const slotName = (index: number) => {
    const slot = slots[index]!
    const sameType = slots.filter((s) => s.hostingId === slot.hostingId).length
    return sameType > 1 ? `${slot.name} ${slot.ordinal}` : slot.name
  }

  const next = () => {
    if (allowed && overfull.length > 0) {
      setTried(true)
      requestAnimationFrame(() => alertRef.current?.focus())
      return
    }
    onNext()
  }

  return (
    <StepFrame
      title={<Trans>Reparto de habitaciones</Trans>}
      intro={allowed ? <Trans>Dinos quién duerme con quién. Es una preferencia: la agencia confirma el reparto final.</Trans> : undefined}
      headingRef={headingRef}
      onBack={onBack}
      continueWith={next}
      serverMessage={serverMessage}
    >
      {!group.rooming_enabled ? (
        <Callout>
          <Trans>En este viaje la agencia reparte las habitaciones: no hace falta que elijas compañeros.</Trans>
        </Callout>
      ) : draft.members <= 1 ? (
        <Callout>
          <Trans>Viajas solo: no hay habitaciones que repartir.</Trans>
        </Callout>
      ) : slots.length === 0 ? (
        <Callout>
          <Trans>No has elegido habitaciones, así que la agencia hará el reparto.</Trans>
        </Callout>
      ) : (
        <div className="ck-rooming">
          {draft.travellers.map((traveller, index) => {
            const who = fullName(traveller) || t`Viajero ${index + 1}`
            const id = `rooming-${index}`
            return (
              <div key={index} className="field">
                <label htmlFor={id} className="field__label">
                  <Trans>Habitación de {who}</Trans>
                </label>
                <select
                  id={id}
                  className="field__control field__control--select"
                  value={assignment[index] ?? ''}
                  onChange={(event) => {
                    const value = event.target.value === '' ? null : Number(event.target.value)
                    update((d) => {
                      const rooming = [...validAssignment(d.rooming, slots)]
                      rooming[index] = value
                      return { ...d, rooming }
                    })
                  }}
                >
                  <option value="">{t`Sin preferencia`}</option>
                  {slots.map((slot) => (
                    <option key={slot.index} value={slot.index}>
                      {slotName(slot.index)}
                    </option>
                  ))}
                </select>
              </div>
            )
          })}
          <ul className="ck-rooming__rooms" aria-label={t`Habitaciones reservadas`}>
            {slots.map((slot) => {
              const people = draft.travellers
                .map((tr, i) => ({ who: fullName(tr) || t`Viajero ${i + 1}`, slot: assignment[i] }))
                .filter((p) => p.slot === slot.index)
                .map((p) => p.who)
              const capacity = slot.capacity
              return (
                <li key={slot.index} className={overfull.includes(slot) ? 'ck-rooming__room ck-rooming__room--over' : 'ck-rooming__room'}>
                  <span className="ck-rooming__room-name">{slotName(slot.index)}</span>
                  <span className="ck-rooming__room-capacity">
                    <Plural value={capacity} one="# plaza" other="# plazas" />
                  </span>
                  <span className="ck-rooming__room-people">{people.length > 0 ? people.join(', ') : t`Nadie asignado todavía`}</span>
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {tried && overfull.length > 0 && (
        <Callout tone="danger" announce="alert" tabIndex={-1} ref={alertRef}>
          <p className="callout__title">
            <Trans>HAY UN PROBLEMA DE PLAZAS</Trans>
          </p>
          <p>
            {overfull.map((slot) => {
              const name = slotName(slot.index)
              const capacity = slot.capacity
              return (
                <span key={slot.index}>
                  <Trans>
                    «{name}» es para <Plural value={capacity} one="# persona" other="# personas" />.
                  </Trans>{' '}
                </span>
              )
            })}
          </p>
        </Callout>
      )}
    </StepFrame>
  )
}
