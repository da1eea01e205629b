import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { PageSpinner } from '@/components/page-spinner'
import { signIn, takeReturnTo } from '@/lib/session'
import { takeCallbackToken } from '@/features/auth/link-credentials'

/**
 * /login#token=…[&redirect=/path]: the sign-in callback. The token comes in the fragment (never
 * sent to any server) and was taken out of the address at start-up; store it and move on.
 */
export function LoginCallbackPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    const callback = takeCallbackToken()
    if (!callback) {
      void navigate('/auth/login', { replace: true })
      return
    }
    // How this token was issued is unknown: ask for the current password when changing it.
    signIn(callback.token, 'password')
    void navigate(takeReturnTo() ?? callback.redirect ?? '/', { replace: true })
  }, [navigate])
  return <PageSpinner label={t`Accediendo…`} />
}
