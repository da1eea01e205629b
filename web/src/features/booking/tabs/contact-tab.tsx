import { Trans } from '@lingui/react/macro'
import type { Booking } from '@contract/generated/model/booking'
import { useAgency } from '@/lib/domain/agency'

/** The agency that organises the trip, and how to reach it. */
export function ContactTab({ booking }: { booking: Booking }) {
  const agency = useAgency()
  const locator = booking.locator
  return (
    <section className="tab-section" aria-labelledby="contact-title">
      <h2 id="contact-title" className="tab-section__title">
        <Trans>Contacto con la agencia</Trans>
      </h2>
      {agency ? (
        <>
          <p className="contact__name">{agency.name}</p>
          <ul className="contact-list">
            <li>
              <a className="contact-list__link" href={`mailto:${agency.email}?subject=${encodeURIComponent(locator)}`}>
                <span className="contact-list__label">
                  <Trans>Email</Trans>
                </span>
                <span>{agency.email}</span>
              </a>
            </li>
            <li>
              <a className="contact-list__link" href={`tel:${agency.phone.replace(/[^+\d]/g, '')}`}>
                <span className="contact-list__label">
                  <Trans>Teléfono</Trans>
                </span>
                <span>{agency.phone}</span>
              </a>
            </li>
          </ul>
        </>
      ) : (
        <p className="muted">
          <Trans>No tenemos los datos de contacto de la agencia.</Trans>
        </p>
      )}
      <p className="muted">
        <Trans>
          Indica tu localizador <strong>{locator}</strong> cuando escribas o llames.
        </Trans>
      </p>
    </section>
  )
}
