import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { ConfigWatcher } from '@/app/config-watcher'
import { PageSpinner } from '@/components/page-spinner'
import './root-layout.css'

/** Wraps every page: config polling, skip link, focus on navigation, a progress bar while a page loads. */
export function RootLayout() {
  const { t } = useLingui()
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)

  // After a client-side navigation, move focus to the new page's main content so screen readers
  // start there (the first page load keeps the browser's default).
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = ''
    const main = document.getElementById('main')
    const heading = main?.querySelector<HTMLElement>('h1')
    if (heading) {
      heading.tabIndex = -1
      heading.focus({ preventScroll: true })
    } else main?.focus({ preventScroll: true })
  }, [pathname])

  return (
    <>
      <a className="skip-link" href="#main">
        {t`Saltar al contenido`}
      </a>
      {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      <ConfigWatcher />
      <Outlet />
      <ScrollRestoration />
    </>
  )
}

/** The first page's code arriving (from the service worker's cache when offline). */
export function RootHydrateFallback() {
  return <PageSpinner readsFromNetwork={false} />
}
