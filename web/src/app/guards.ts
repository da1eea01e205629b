// Route middleware, run in the order SPEC §2 gives: maintenance, auth, i18n. Routes name the
// guards they need (`guards('auth', 'i18n')`); a name nobody registered fails the navigation with
// the 500 "Unknown middleware {name}" of SPEC §8 instead of silently letting the page through.
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { data, type MiddlewareFunction, redirect } from 'react-router'
import { getGetConfigQueryOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { i18n } from '@lingui/core'
import { activateLocale } from '@/lib/i18n/lingui'
import { detectLocale } from '@/lib/i18n/locales.universal'
import { isSignedIn, rememberReturnTo } from '@/lib/domain/session'

export const MAINTENANCE_PATH = '/maintenance'
export const LOGIN_PATH = '/auth/login'

const pathOf = (request: Request) => new URL(request.url).pathname
const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** Maintenance on: every page goes to /maintenance; off: /maintenance goes home. A failed config read is only logged. */
export const maintenanceGuard =
  (client: QueryClient): MiddlewareFunction =>
  async ({ request }) => {
    let maintenance: boolean
    const options = getGetConfigQueryOptions()
    // offline with no config kept: a read would wait for the network, so carry on as after a failed one
    if (!onlineManager.isOnline() && client.getQueryData(options.queryKey) === undefined) return
    try {
      maintenance = (await client.ensureQueryData(options)).maintenance
    } catch (error) {
      console.warn('Could not read the portal configuration; carrying on.', error)
      return
    }
    const onMaintenancePage = normalise(pathOf(request)) === MAINTENANCE_PATH
    if (maintenance && !onMaintenancePage) throw redirect(MAINTENANCE_PATH)
    if (!maintenance && onMaintenancePage) throw redirect('/')
  }

/** No token: remember where the user was headed (path and query only) and go to sign in. */
export const authGuard: MiddlewareFunction = ({ request }) => {
  if (isSignedIn()) return
  const url = new URL(request.url)
  rememberReturnTo(`${url.pathname}${url.search}`)
  throw redirect(LOGIN_PATH)
}

/** The language's catalog is active before the page renders (it normally is from start-up). */
export const i18nGuard: MiddlewareFunction = async () => {
  if (!i18n.locale) await activateLocale(detectLocale())
}

export type GuardName = 'maintenance' | 'auth' | 'i18n'

export function createGuards(client: QueryClient) {
  const registry: Record<string, MiddlewareFunction> = {
    maintenance: maintenanceGuard(client),
    auth: authGuard,
    i18n: i18nGuard,
  }
  return (...names: (GuardName | (string & {}))[]): MiddlewareFunction[] =>
    names.map(
      (name) =>
        registry[name] ??
        (() => {
          throw data(`Unknown middleware ${name}`, { status: 500, statusText: `Unknown middleware ${name}` })
        }),
    )
}
