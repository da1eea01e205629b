import { Trans } from '@lingui/react/macro'
import type { Booking } from '@contract/generated/model/booking'
import { Fact, Facts } from '@/components/content/facts'

/** The booking group: friends who travel together, found by its code. */
export function GroupTab({ booking }: { booking: Booking }) {
  const group = booking.group
  if (!group) return null
  return (
    <section className="tab-section" aria-labelledby="group-title">
      <h2 id="group-title" className="tab-section__title">
        <Trans>Tu grupo: {group.name}</Trans>
      </h2>
      <Facts>
        <Fact label={<Trans>Código del grupo</Trans>} valueClassName="mono">
          {group.code}
        </Fact>
        {/* members are the people who joined (each books for themselves): not the travellers of every booking */}
        <Fact label={<Trans>Miembros del grupo</Trans>}>{group.members.length}</Fact>
        <Fact label={<Trans>Viajeros de tu reserva</Trans>}>{booking.members.length}</Fact>
      </Facts>
      <p className="muted">
        <Trans>Comparte el código con quien quieras que viaje con vosotros: al reservar, lo introducirá para unirse al grupo.</Trans>
      </p>
      <h3 className="tab-section__subtitle">
        <Trans>Miembros</Trans>
      </h3>
      <ul className="people">
        {group.members.map((m) => (
          <li key={m.email} className="people__item">
            <span className="people__name">{m.name}</span>
            <span className="muted">{m.email}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
