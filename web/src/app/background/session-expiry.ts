import type { QueryClient } from '@tanstack/react-query'
import type { DataRouter } from 'react-router'
import { LOGIN_PATH } from '@/app/guards'
import { messageForCode } from '@/lib/i18n/error-messages'
import { rememberReturnTo, signOut } from '@/lib/domain/session'
import { toast } from '@/lib/browser/toast'

/**
 * What a 401 from any call does (SPEC §6): forget the session, say so, go to sign in, and come
 * back to the same page afterwards. Several calls failing at once act once.
 */
export function createUnauthorizedHandler(router: Pick<DataRouter, 'state' | 'navigate'>, queryClient: QueryClient) {
  let handling = false
  return () => {
    if (handling) return
    handling = true
    const { pathname, search } = router.state.location
    rememberReturnTo(`${pathname}${search}`)
    signOut()
    toast.info(messageForCode('unauthorized'))
    void Promise.resolve(router.navigate(LOGIN_PATH, { replace: true })).finally(() => {
      queryClient.clear()
      handling = false
    })
  }
}
