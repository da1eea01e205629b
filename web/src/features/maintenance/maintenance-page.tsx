import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useAgency } from '@/lib/domain/agency'
import './maintenance.css'

/** /maintenance: shown while the config says so; the page leaves by itself when it ends. */
export function MaintenancePage() {
  const { t } = useLingui()
  const agency = useAgency()
  useDocumentTitle(t`Estamos en mantenimiento`)
  return (
    <section className="maintenance" aria-labelledby="maintenance-title">
      <div className="maintenance__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L4 16.7 7.3 20l5.3-5.3a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.3-.6-.6-2.3z" />
        </svg>
      </div>
      <h1 id="maintenance-title" className="maintenance__title">
        <Trans>Estamos en mantenimiento</Trans>
      </h1>
      <p className="maintenance__text">
        <Trans>Estamos mejorando el portal. Vuelve a intentarlo en unos minutos: esta página se actualizará sola.</Trans>
      </p>
      {agency?.email && (
        <p className="maintenance__contact">
          <Trans>
            ¿Es urgente? Escríbenos a <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </Trans>
          {agency.phone && (
            <>
              {' '}
              <Trans>
                o llámanos al <a href={`tel:${agency.phone.replace(/[^+\d]/g, '')}`}>{agency.phone}</a>
              </Trans>
            </>
          )}
        </p>
      )}
    </section>
  )
}
