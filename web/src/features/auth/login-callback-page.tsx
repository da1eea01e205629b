import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/controls/button'
import { PageSpinner } from '@/components/status/page-spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { getProfile } from '@/lib/api/generated/endpoints/auth/auth'
import type { User } from '@contract/generated/model/user'
import { AuthNotice } from '@/features/auth/auth-notice'
import { displayName } from '@/features/auth/display-name'
import { type CallbackToken, takeCallbackToken } from '@/features/auth/link-credentials'
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in'
import './auth.css'

type Check = { state: 'checking' } | { state: 'invalid' } | { state: 'account'; user: User }

/**
 * /login#token=…[&redirect=/path]: the sign-in callback of an issuer outside the portal. The token
 * came in the fragment (never sent to a server) and was taken out of the address at start-up. Anyone
 * can send a link with their own token (login CSRF: the victim would then book and upload documents
 * into the sender's account), and no browser-side start can be tied to it, so the page says whose
 * account it opens and signs in only when the traveller confirms (docs/decisions/009-login-callback.md).
 */
export function LoginCallbackPage() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const completeSignIn = useCompleteSignIn()
  const callback = useRef<CallbackToken | null | undefined>(undefined)
  const [check, setCheck] = useState<Check>({ state: 'checking' })
  useDocumentTitle(t`Entrar con esta cuenta`)

  useEffect(() => {
    if (callback.current !== undefined) return
    callback.current = takeCallbackToken()
    const token = callback.current?.token
    if (!token) {
      void navigate('/auth/login', { replace: true })
      return
    }
    // Not through the query cache: this profile is not the session's (yet), and may never be.
    getProfile({ headers: { Authorization: `Bearer ${token}` } })
      .then((user) => setCheck({ state: 'account', user }))
      .catch(() => setCheck({ state: 'invalid' }))
  }, [navigate])

  if (check.state === 'checking') return <PageSpinner label={t`Comprobando el acceso…`} />
  if (check.state === 'invalid') {
    return (
      <AuthNotice
        id="callback-title"
        title={<Trans>Este acceso ya no es válido</Trans>}
        intro={<Trans>Entra con tu email y contraseña, o pide un enlace de acceso.</Trans>}
        to="/auth/login"
        action={<Trans>Ir a la página de acceso</Trans>}
      />
    )
  }
  const { user } = check
  const name = displayName(user)
  return (
    <section className="auth-card" aria-labelledby="callback-title" aria-describedby="callback-account">
      <header className="auth-card__header">
        <h1 id="callback-title" className="auth-card__title">
          <Trans>¿Entrar con esta cuenta?</Trans>
        </h1>
        <p id="callback-account" className="auth-card__intro">
          {name === user.email ? (
            <Trans>
              Vas a entrar en el área de cliente con la cuenta <strong>{user.email}</strong>.
            </Trans>
          ) : (
            <Trans>
              Vas a entrar en el área de cliente como <strong>{name}</strong> ({user.email}).
            </Trans>
          )}
        </p>
        <p className="auth-card__intro">
          <Trans>Si no es tu cuenta, cancela: lo que hagas después quedaría en ella.</Trans>
        </p>
      </header>
      <div className="auth-card__actions">
        <Button onClick={() => void completeSignIn({ token: callback.current!.token, user }, 'password', callback.current!.redirect)}>
          <Trans>Entrar</Trans>
        </Button>
        <Button variant="secondary" onClick={() => void navigate('/auth/login', { replace: true })}>
          <Trans>Cancelar</Trans>
        </Button>
      </div>
    </section>
  )
}
