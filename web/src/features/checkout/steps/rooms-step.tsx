import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { Callout } from '@/components/content/callout'
import { formatAmount } from '@core/money'
import { type RoomChoice, roomsPeople, roomSupplement } from '@core/pricing'
import { StepFrame, type StepProps } from '@/features/checkout/steps/step-frame'
import { useTranslated } from '@/hooks/use-translated'

type Props = StepProps

const quantityOf = (rooms: readonly RoomChoice[], id: string) => rooms.find((r) => r.hosting_id === id)?.quantity ?? 0

const setQuantity = (rooms: readonly RoomChoice[], id: string, quantity: number): RoomChoice[] => {
  const others = rooms.filter((r) => r.hosting_id !== id)
  return quantity > 0 ? [...others, { hosting_id: id, quantity }] : others
}

/** Step 2: rooms that sleep exactly the party (price per person, sold-out rooms flagged). */
export function RoomsStep({ offer, draftApi, headingRef, onNext, onBack, serverMessage }: Props) {
  const { t } = useLingui()
  const tr = useTranslated()
  const { group } = offer
  const { draft } = draftApi
  const [showMismatch, setShowMismatch] = useState(false)
  const [dismissedServer, setDismissedServer] = useState(false)
  const alertRef = useRef<HTMLDivElement>(null)
  const members = draft.members
  const people = roomsPeople(group.hosting_rooms, draft.rooms)
  const fits = group.hosting_rooms.length === 0 || people === members

  const change = (id: string, quantity: number) => {
    setShowMismatch(false)
    setDismissedServer(true)
    draftApi.update((d) => ({ ...d, rooms: setQuantity(d.rooms, id, quantity), hold: null }))
  }

  const next = () => {
    if (!fits) {
      setShowMismatch(true)
      // The alert is announced; focus it too so keyboard users land on what to fix.
      requestAnimationFrame(() => alertRef.current?.focus())
      return
    }
    onNext()
  }

  const rooms = [...group.hosting_rooms].sort((a, b) => Number(a.sold_out) - Number(b.sold_out))

  return (
    <StepFrame
      title={<Trans>Elige las habitaciones</Trans>}
      intro={
        <Plural
          value={members}
          one="Elige habitaciones para # persona. Las camas se pagan todas: el suplemento es por persona y cama."
          other="Elige habitaciones para las # personas que viajáis. Las camas se pagan todas: el suplemento es por persona y cama."
        />
      }
      headingRef={headingRef}
      onBack={onBack}
      continueWith={next}
      serverMessage={dismissedServer ? null : serverMessage}
    >
      {group.hosting_rooms.length === 0 ? (
        <Callout>
          <Trans>En este viaje el alojamiento va incluido en el pack: no hay habitaciones que elegir.</Trans>
        </Callout>
      ) : (
        <>
          <ul className="ck-room-list" aria-label={t({ message: 'Habitaciones', context: 'checkout step' })}>
            {rooms.map((room) => {
              const quantity = quantityOf(draft.rooms, room.id)
              const max = Math.max(0, Math.floor(members / room.capacity))
              const supplement = formatAmount(room.price)
              const capacity = room.capacity
              const nameId = `room-${room.id}`
              return (
                <li key={room.id} className={room.sold_out ? 'ck-room ck-room--sold-out' : quantity > 0 ? 'ck-room ck-room--chosen' : 'ck-room'}>
                  <div className="ck-room__info">
                    <h3 className="ck-room__name" id={nameId}>
                      {tr(room, 'name')}
                    </h3>
                    {room.description && <p className="ck-room__description">{tr(room, 'description')}</p>}
                    <p className="ck-room__facts">
                      <span>
                        <Plural value={capacity} one="Para # persona" other="Para # personas" />
                      </span>
                      <span className="ck-room__price">{room.price > 0 ? <Trans>+{supplement} por persona</Trans> : <Trans>Sin suplemento</Trans>}</span>
                    </p>
                    {room.sold_out && (
                      <p className="ck-badge ck-badge--danger">
                        <Trans>Agotada</Trans>
                      </p>
                    )}
                  </div>
                  {!room.sold_out && (
                    <div className="ck-stepper" role="group" aria-labelledby={nameId}>
                      <button
                        type="button"
                        className="ck-stepper__button"
                        // aria-disabled, not disabled: a button that disables itself would drop the focus
                        onClick={() => quantity > 0 && change(room.id, quantity - 1)}
                        aria-disabled={quantity === 0 || undefined}
                        aria-label={t`Quitar una ${tr(room, 'name')}`}
                      >
                        −
                      </button>
                      <output className="ck-stepper__value" aria-live="polite" aria-label={t`${tr(room, 'name')}: ${quantity}`}>
                        {quantity}
                      </output>
                      <button
                        type="button"
                        className="ck-stepper__button"
                        onClick={() => quantity < max && change(room.id, quantity + 1)}
                        aria-disabled={quantity >= max || undefined}
                        aria-label={t`Añadir una ${tr(room, 'name')}`}
                      >
                        +
                      </button>
                    </div>
                  )}
                  {quantity > 0 && room.price > 0 && (
                    <p className="ck-room__subtotal">
                      <Trans>Suplemento: {formatAmount(roomSupplement(room, quantity))}</Trans>
                    </p>
                  )}
                </li>
              )
            })}
          </ul>
          <p className={fits ? 'ck-room-tally ck-room-tally--ok' : 'ck-room-tally'} aria-live="polite">
            <Trans>
              Plazas elegidas: {people} de {members}
            </Trans>
          </p>
        </>
      )}
      {showMismatch && !fits && (
        <Callout tone="danger" announce="alert" tabIndex={-1} ref={alertRef}>
          <p className="callout__title">
            <Trans>HAY UN PROBLEMA DE PLAZAS</Trans>
          </p>
          <p>
            <Plural
              value={people}
              one={`Las habitaciones elegidas son para # persona, pero viajáis ${members}. Cambia las habitaciones o el número de viajeros.`}
              other={`Las habitaciones elegidas son para # personas, pero viajáis ${members}. Cambia las habitaciones o el número de viajeros.`}
            />
          </p>
        </Callout>
      )}
    </StepFrame>
  )
}
