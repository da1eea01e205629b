import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { PageSpinner } from '@/components/status/page-spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { getAutologinMutationOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { AuthNotice } from '@/features/auth/auth-notice'
import { AUTOLOGIN_PATH, setLinkCredentials, takeLinkCredentials } from '@/features/auth/link-credentials'
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in'
import './auth.css'

/**
 * /auth/autologin/{id}/{token}: the mailed link. The address was already scrubbed at start-up
 * (link-credentials.ts); this exchanges the credentials for a session and goes where the link leads.
 */
export function AutologinPage() {
  const { t } = useLingui()
  const params = useParams()
  const navigate = useNavigate()
  const completeSignIn = useCompleteSignIn()
  const exchange = useMutation(getAutologinMutationOptions())
  const [failed, setFailed] = useState(false)
  const started = useRef(false)
  useDocumentTitle(t`Accediendo`)

  useEffect(() => {
    // Reached by a client-side navigation: scrub the address the same way.
    if (params.id && params.token) {
      setLinkCredentials({ id: params.id, token: params.token })
      void navigate(AUTOLOGIN_PATH, { replace: true })
      return
    }
    if (started.current) return
    started.current = true
    const credentials = takeLinkCredentials()
    if (!credentials) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the credentials are taken once, after mount
      setFailed(true)
      return
    }
    exchange
      .mutateAsync({ data: credentials })
      .then((session) => completeSignIn(session, 'link', session.redirect))
      .catch(() => setFailed(true))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.id, params.token])

  if (!failed) return <PageSpinner label={t`Accediendo…`} />
  return (
    <AuthNotice
      id="autologin-title"
      title={<Trans>Este enlace ya no es válido</Trans>}
      intro={<Trans>Los enlaces de acceso sirven una sola vez y caducan a las 24 horas. Pide uno nuevo desde la página de acceso.</Trans>}
      to="/auth/login"
      action={<Trans>Pedir un enlace nuevo</Trans>}
    />
  )
}
