import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router'
import { ConfigWatcher } from '@/app/background/config-watcher'
import { FirstLoadSkeleton } from '@/app/page-skeletons'
import { PageSpinner } from '@/components/status/page-spinner'
import { focusPageHeadingWhenReady } from '@/lib/browser/focus-heading'
import './root-layout.css'

/** Wraps every page: config polling, skip link, focus on navigation, a progress bar while a page loads. */
export function RootLayout() {
  const { t } = useLingui()
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const firstPath = useRef(pathname)

  // After a client-side navigation, move focus to the new page's heading so screen readers start
  // there, once it has loaded (the first page load keeps the browser's default).
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = ''
    return focusPageHeadingWhenReady()
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

/**
 * A page's content on a first load, inside its layout, until the router has run its guards and the page's
 * code is in (from the service worker's cache when offline): the frame the server renders (app/shell). The
 * pages of the signed-in and public layouts draw their skeleton (app/page-skeletons.tsx); the sign-in frame's
 * own pages (a link being checked, the maintenance notice) a spinner.
 */
export function PageFallback() {
  return <FirstLoadSkeleton page={useMatches().at(-1)?.id} />
}

export function GuestPageFallback() {
  return <PageSpinner readsFromNetwork={false} />
}
