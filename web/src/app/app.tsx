import type { QueryClient } from '@tanstack/react-query'
import { StrictMode, useLayoutEffect } from 'react'
import { RouterProvider } from 'react-router/dom'
import type { DataRouter } from 'react-router'
import { AppProvider } from '@/app/provider'
import { useHydrated } from '@/hooks/use-hydrated'
import { SESSION_MARK_ATTRIBUTE } from '@/lib/api/early-reads.universal'

export type AppProps = {
  router: DataRouter
  queryClient?: QueryClient
  /** After the first commit (the frame from the HTML is hydrated then): main.tsx lets the router go on. */
  onFirstCommit?: () => void
}

/**
 * The portal: every page comes from the router (app/router.tsx). The one tree both sides render: the
 * browser, and the production server for a page's frame (app/shell/render-shell.tsx), so that React
 * hydrates what the server drew.
 */
export function App({ router, queryClient, onFirstCommit }: AppProps) {
  // A parent's layout effect runs after its children's: the router is subscribed to by then.
  useLayoutEffect(() => onFirstCommit?.(), [onFirstCommit])
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
        <SessionMarkRemoval />
      </AppProvider>
    </StrictMode>
  )
}

/**
 * From the first render with the browser's own state (the session among it), the header says who is signed in
 * itself: the page script's mark for the server's frame goes, in the commit that draws it. A leaf of its own: React
 * renders what reads useHydrated again, at once, after the hydration; here that was the whole app (a blocking
 * render of 8–14 ms of CPU on this host after the hydration's commit, over 50 ms on a low phone), now it is this.
 */
function SessionMarkRemoval() {
  const hydrated = useHydrated()
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.removeAttribute(SESSION_MARK_ATTRIBUTE)
  }, [hydrated])
  return null
}
