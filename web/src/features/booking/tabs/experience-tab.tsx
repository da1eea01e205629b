import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { SafeHtml } from '@/components/content/safe-html'
import { useGetBookingTravelGroup } from '@/lib/api/generated/endpoints/booking/booking'
import type { Booking } from '@contract/generated/model/booking'
import type { TravelItemType } from '@contract/generated/model/travelItemType'
import { ADULT_AGE, ageOn, daysBetween } from '@core/calendar'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import type { TabId } from '@/features/booking/booking-rules'
import { useLocale } from '@/hooks/use-locale'
import { useTranslated } from '@/hooks/use-translated'
import { Fact, Facts } from '@/components/content/facts'
import { AddToCalendar } from '@/features/booking/add-to-calendar'

export const itemTypeLabels: Record<TravelItemType, MessageDescriptor> = {
  transport: msg`Transporte`,
  insurance: msg`Seguro`,
  activity: msg`Actividad`,
  generic: msg`Servicio`,
  hosting: msg`Alojamiento`,
  pack: msg`Pack`,
}

/** The trip and its pack: what was booked, for whom, and (before the trip) how to cancel. */
export function ExperienceTab({
  booking,
  today,
  cancellation,
  onSelectTab,
}: {
  booking: Booking
  today: string
  cancellation: ReactNode
  onSelectTab: (tab: TabId) => void
}) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const tr = useTranslated()
  const group = booking.travel_group
  const travelGroup = useGetBookingTravelGroup(booking.id)
  const nights = daysBetween(group.start_at, group.end_at)
  const daysLeft = daysBetween(today, group.start_at)
  const buyer = booking.buyer
  const buyerName = buyer ? (buyer.type === 'company' ? (buyer.company_name ?? '') : fullName(buyer)) : ''
  const buyerEmail = buyer?.email ?? ''

  return (
    <div className="tab-stack">
      <section className="tab-section" aria-labelledby="exp-trip">
        <h2 id="exp-trip" className="tab-section__title">
          <Trans>Tu viaje</Trans>
        </h2>
        <Facts>
          <Fact label={<Trans>Destino</Trans>}>{tr(group, 'destination')}</Fact>
          <Fact label={<Trans>Salida</Trans>}>{formatDate(group.start_at, locale, 'long')}</Fact>
          <Fact label={<Trans>Regreso</Trans>}>{formatDate(group.end_at, locale, 'long')}</Fact>
          <Fact label={<Trans>Duración</Trans>}>
            <Plural value={nights} one="# noche" other="# noches" />
          </Fact>
        </Facts>
        {daysLeft > 0 && booking.status !== 'canceled' && (
          <p className="countdown">
            <Plural value={daysLeft} one="Falta # día para la salida" other="Faltan # días para la salida" />
          </p>
        )}
        {daysLeft > 0 && booking.status !== 'canceled' && <AddToCalendar booking={booking} />}
        {travelGroup.data?.description_html && <SafeHtml html={tr(travelGroup.data, 'description_html')} className="tab-section__prose" />}
      </section>

      <section className="tab-section" aria-labelledby="exp-pack">
        <h2 id="exp-pack" className="tab-section__title">
          <Trans>Tu pack: {tr(booking.pack, 'name')}</Trans>
        </h2>
        {booking.pack.description && <p className="muted">{tr(booking.pack, 'description')}</p>}
        {booking.pack.includes.length > 0 && (
          <ul className="includes">
            {booking.pack.includes.map((item) => (
              <li key={item.id}>
                <span className="includes__type">{i18n._(itemTypeLabels[item.type])}</span> {tr(item, 'name')}
              </li>
            ))}
          </ul>
        )}
        {booking.rooms.length > 0 && (
          <>
            <h3 className="tab-section__subtitle">
              <Trans>Habitaciones reservadas</Trans>
            </h3>
            <ul className="plain-list">
              {booking.rooms.map((room) => (
                <li key={room.hosting_id}>
                  {room.quantity} × {tr(room, 'name')}
                </li>
              ))}
            </ul>
          </>
        )}
        {booking.status !== 'canceled' && booking.status !== 'invited' && (
          <p>
            <button type="button" className="link-button" onClick={() => onSelectTab('packs')}>
              <Trans>Ver otros packs</Trans>
            </button>
          </p>
        )}
      </section>

      <section className="tab-section" aria-labelledby="exp-members">
        <h2 id="exp-members" className="tab-section__title">
          <Trans>Viajeros</Trans>
        </h2>
        <ul className="people">
          {booking.members.map((member) => {
            const minor = ageOn(member.birthdate, group.start_at) < ADULT_AGE
            return (
              <li key={member.id} className="people__item">
                <span className="people__name">{fullName(member) || <Trans>Viajero sin nombre</Trans>}</span>
                {minor && (
                  <span className="tag">
                    <Trans>Menor de edad</Trans>
                  </span>
                )}
              </li>
            )
          })}
        </ul>
        {booking.buyer && (
          <p className="muted">
            <Trans>
              Comprador: {buyerName} ({buyerEmail})
            </Trans>
          </p>
        )}
      </section>

      {cancellation}
    </div>
  )
}
