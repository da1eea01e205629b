import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { getGetProfileQueryKey } from '@/lib/api/generated/endpoints/auth/auth'
import type { Session } from '@contract/generated/model/session'
import { safeReturnPath, type SessionVia, signIn, takeReturnTo } from '@/lib/domain/session'

/**
 * Stores the session and goes on, replacing the sign-in page: to where a mailed link leads
 * (`linkTarget`), else where the user was headed when sign-in was asked for, else home.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async (session: Pick<Session, 'token' | 'user'>, via: SessionVia, linkTarget?: string | null) => {
    // Nothing cached from another customer may survive a sign-in.
    queryClient.clear()
    signIn(session.token, via)
    queryClient.setQueryData(getGetProfileQueryKey(), session.user)
    const remembered = takeReturnTo()
    const target = safeReturnPath(linkTarget) ?? remembered ?? '/'
    await navigate(target, { replace: true })
  }
}
