import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet, useLocation, useMatches } from 'react-router'
import { BrandMark } from '@/app/layouts/brand-mark'
import { pageAccessOf } from '@/app/page-access'
import { LanguageSwitcher } from '@/components/controls/language-switcher'
import { OfflineNotice } from '@/components/status/offline-notice'
import { useAgency } from '@/lib/domain/agency'
import { rememberReturnTo, useSignedIn } from '@/lib/domain/session'
import { UserMenu } from '@/features/auth/user-menu'
import './layouts.css'

/** Header (logo or name, language, user menu) and footer (agency contact, legal notice). */
export function DefaultLayout() {
  // a page only a customer sees is drawn signed in until the browser can tell (the server's frame)
  const signedIn = useSignedIn(pageAccessOf(useMatches().map((match) => match.id)) === 'customer')
  const { pathname, search } = useLocation()
  return (
    <div className="layout">
      <OfflineNotice />
      <header className="site-header">
        <div className="site-header__inner">
          <BrandMark />
          <div className="site-header__tools">
            <LanguageSwitcher />
            {signedIn ? (
              <UserMenu />
            ) : (
              <Link className="site-header__signin" to="/auth/login" onClick={() => rememberReturnTo(`${pathname}${search}`)}>
                <Trans>Acceder</Trans>
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}

function SiteFooter() {
  const agency = useAgency()
  const { t } = useLingui()
  const year = new Date().getFullYear()
  const name = agency?.name ?? t`Portal de viajes`
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__contact">
          <p className="site-footer__name">{name}</p>
          {agency?.email && (
            <a className="site-footer__link" href={`mailto:${agency.email}`}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
              </svg>
              <span className="visually-hidden">{t`Email:`} </span>
              {agency.email}
            </a>
          )}
          {agency?.phone && (
            <a className="site-footer__link" href={`tel:${agency.phone.replace(/[^+\d]/g, '')}`}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path
                  d="M6.5 4h3l1.5 4-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4 1.5v3a2 2 0 0 1-2 2A15 15 0 0 1 4.5 6a2 2 0 0 1 2-2z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="visually-hidden">{t`Teléfono:`} </span>
              {agency.phone}
            </a>
          )}
        </div>
        <nav className="site-footer__nav" aria-label={t`Información`}>
          <Link to="/travelgroup">
            <Trans>Viajes</Trans>
          </Link>
          <Link to="/faq">
            <Trans>Preguntas frecuentes</Trans>
          </Link>
          <Link to="/legal">
            <Trans>Aviso legal</Trans>
          </Link>
        </nav>
        <p className="site-footer__copyright">
          © {year} {name}. <Trans>Todos los derechos reservados.</Trans>
        </p>
      </div>
    </footer>
  )
}
