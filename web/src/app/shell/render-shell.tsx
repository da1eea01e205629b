// The page's frame, rendered by the production server into the HTML from the app itself: the same tree
// (app/app.tsx) and routes (app/router.tsx) as the browser, in the state the browser's router starts in —
// before its guards and the page's code have run, when each kind of page draws its layout (the agency's
// mark, the language, the header and footer, or the bare sign-in frame) around the page's first-load state (its
// title where it needs no data and the shape of the rest, app/page-skeletons.tsx; the sign-in form whole). The
// browser hydrates it (main.tsx). Built apart for Node (web/shell.vite.config.ts → web/dist-shell/render-shell.js)
// and loaded by web/server/portal-server.ts. Nothing personal is in a page: a page only a customer sees shows
// the account menu without a name ("Mi cuenta"), the others the way to sign in.
import { i18n, type Messages } from '@lingui/core'
import { renderToString } from 'react-dom/server'
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_defaultMapRouteProperties as mapRouteProperties,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
} from 'react-router'
import { App } from '@/app/app'
import { createQueryClient } from '@/app/query-client'
import { framedPageOf } from '@/app/page-access'
import { createRoutes } from '@/app/router'
import type { Shell, ShellInput } from '@/app/shell/shell.universal'
import { setCurrentAgency } from '@/lib/domain/agency'
import type { Locale } from '@/lib/i18n/locales.universal'
import { messages as en } from '@/locales/en/messages.po?catalog=startup'
import { messages as es } from '@/locales/es/messages.po?catalog=startup'

const catalogs: Record<Locale, Messages> = { es, en }

/** The frame of the page at `pathname`, as the browser's first render will draw it. */
export function renderShell({ agency, locale, pathname }: ShellInput): Shell {
  // Rendered one at a time, synchronously: the app's module-level agency and language are this page's.
  setCurrentAgency(agency)
  i18n.loadAndActivate({ locale, messages: catalogs[locale] })
  const queryClient = createQueryClient()
  // A router as createBrowserRouter makes it, never initialized: no guard, loader or page code runs here.
  // That first state is what React Router draws while a first load is under way (each group's HydrateFallback).
  const router = createRouter({
    routes: createRoutes(queryClient),
    history: createMemoryHistory({ initialEntries: [pathname] }),
    mapRouteProperties,
    hydrationRouteProperties,
  })
  const frame = framedPageOf(router.state.matches.map((match) => match.route.id))
  if (!frame) throw new Error(`no page at ${pathname}`)
  const markup = renderToString(<App router={router} queryClient={queryClient} />)
  router.dispose()
  return { markup, frame, messages: { locale, messages: catalogs[locale] } }
}
