import { Outlet } from 'react-router'
import { BrandMark } from '@/app/layouts/brand-mark'
import { LanguageSwitcher } from '@/components/controls/language-switcher'
import { OfflineNotice } from '@/components/status/offline-notice'
import './layouts.css'

/** Bare: the agency's mark, the page, the language. For signing in and the maintenance notice. */
export function GuestLayout() {
  return (
    <div className="guest-layout">
      <OfflineNotice />
      <header className="guest-layout__top">
        <BrandMark size="lg" />
      </header>
      <main id="main" tabIndex={-1} className="guest-layout__main">
        <Outlet />
      </main>
      <footer className="guest-layout__bottom">
        <LanguageSwitcher />
      </footer>
    </div>
  )
}
