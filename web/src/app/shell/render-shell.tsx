// The page's frame, rendered by the production server into the HTML from the app's own layouts: the
// agency's mark, the language, the header and footer (the default layout) or the bare sign-in frame (the
// guest layout), and the same loading state the app shows while a page's code arrives. Built apart for
// Node (web/shell.vite.config.ts → web/dist-shell/render-shell.js) and loaded by web/server/portal-server.ts;
// the app's first render replaces it. Nothing personal is in a page: a page only a customer sees shows the
// account menu without a name ("Mi cuenta"), the others the way to sign in.
import { i18n, type Messages } from '@lingui/core'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router'
import type { Agency } from '@contract/generated/model/agency'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { GuestLayout } from '@/app/layouts/guest-layout'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/app/query-client'
import { PageSpinner } from '@/components/page-spinner'
import type { PageAccess } from '@/config/routes.universal'
import { setCurrentAgency } from '@/lib/agency'
import { ServerSessionContext } from '@/lib/session'
import type { Locale } from '@/lib/i18n-locales.universal'
import { messages as en } from '@/locales/en/messages.po?catalog=startup'
import { messages as es } from '@/locales/es/messages.po?catalog=startup'

const catalogs: Record<Locale, Messages> = { es, en }

export type ShellInput = { agency: Agency; locale: Locale; access: PageAccess; pathname: string }

/** The frame of the page at `pathname` (its layout by who may see it), as HTML for #root. */
export async function renderShell({ agency, locale, access, pathname }: ShellInput): Promise<string> {
  // Rendered one at a time, synchronously: the app's module-level agency and language are this page's.
  setCurrentAgency(agency)
  i18n.loadAndActivate({ locale, messages: catalogs[locale] })
  const routes: RouteObject[] = [{ Component: access === 'guest' ? GuestLayout : DefaultLayout, children: [{ path: '*', Component: PageSpinner }] }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(pathname, 'http://portal.local')))
  if (context instanceof Response) throw new Error(`the shell's router answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <AppProvider queryClient={createQueryClient()}>
      <ServerSessionContext value={access === 'customer'}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ServerSessionContext>
    </AppProvider>,
  )
}
