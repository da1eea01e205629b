import { i18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useRef, useState } from 'react'
import { Link, Navigate } from 'react-router'
import { Button } from '@/components/button'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { login, remember } from '@/lib/api/generated/endpoints/auth/auth'
import { messageForCode } from '@/lib/error-messages'
import { isSignedIn, peekReturnTo } from '@/lib/session'
import { linkLoginSchema, passwordLoginSchema } from '@/features/auth/schemas'
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in'
import './auth.css'

type Method = 'link' | 'password'

/** /auth/login: by e-mail link or by e-mail and password (SPEC §2, §5). */
export function LoginPage() {
  const { t } = useLingui()
  // Read once: after signing in here, the form itself navigates to the target.
  const [alreadySignedIn] = useState(isSignedIn)
  const [method, setMethod] = useState<Method>('link')
  const tabs = useRef<Record<Method, HTMLButtonElement | null>>({ link: null, password: null })
  useDocumentTitle(t`Acceder`)

  if (alreadySignedIn) return <Navigate to="/" replace />

  const onTabKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return
    event.preventDefault()
    const next: Method = event.key === 'Home' ? 'link' : event.key === 'End' ? 'password' : method === 'link' ? 'password' : 'link'
    setMethod(next)
    tabs.current[next]?.focus()
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <header className="auth-card__header">
        <h1 id="login-title" className="auth-card__title">
          <Trans>Accede a tus reservas</Trans>
        </h1>
        <p className="auth-card__intro">
          <Trans>Te enviamos un enlace de acceso a tu email, o entra con tu contraseña.</Trans>
        </p>
      </header>
      <div role="tablist" aria-label={t`Forma de acceso`} className="auth-tabs" onKeyDown={onTabKeyDown}>
        {(
          [
            ['link', t`Enlace por email`],
            ['password', t`Con contraseña`],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            ref={(element) => {
              tabs.current[value] = element
            }}
            type="button"
            role="tab"
            id={`login-tab-${value}`}
            aria-controls={`login-panel-${value}`}
            aria-selected={method === value}
            tabIndex={method === value ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => setMethod(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${method}`} aria-labelledby={`login-tab-${method}`} className="auth-card__panel">
        {method === 'link' ? <LinkLoginForm /> : <PasswordLoginForm />}
      </div>
    </section>
  )
}

function LinkLoginForm() {
  const { t } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(linkLoginSchema, { defaultValues: { email: '' } })

  if (sentTo) {
    return (
      <div className="auth-sent" role="status">
        <div className="auth-sent__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path d="M4 6h16v12H4zM4 7l8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </div>
        <p className="auth-sent__title">
          <Trans>Te hemos enviado un enlace de acceso</Trans>
        </p>
        <p className="auth-sent__text">
          <Trans>
            Revisa el correo de <strong>{sentTo}</strong> y pulsa el enlace para entrar. Caduca en 24 horas.
          </Trans>
        </p>
        <Button variant="secondary" onClick={() => setSentTo(null)}>
          <Trans>Usar otro email</Trans>
        </Button>
      </div>
    )
  }

  return (
    <Form
      form={form}
      onSubmit={async ({ email }) => {
        try {
          const target = peekReturnTo()
          await remember({ email, purpose: 'login_link', ...(target ? { redirect: target } : {}) })
          setSentTo(email)
        } catch (error) {
          const code = isApiError(error) ? error.code : undefined
          // Unknown or malformed address: SPEC §5 "Email incorrecto".
          if (isApiError(error) && (error.status === 404 || error.status === 422)) {
            form.setError('email', { message: t`Email incorrecto` }, { shouldFocus: true })
          } else {
            form.setError('root', { message: i18n._(messageForCode(code)) })
          }
        }
      }}
    >
      <TextField name="email" type="email" label={t`Email`} autoComplete="email" inputMode="email" />
      <FormRootError />
      <SubmitButton block>
        <Trans>Enviarme el enlace</Trans>
      </SubmitButton>
    </Form>
  )
}

function PasswordLoginForm() {
  const { t } = useLingui()
  const completeSignIn = useCompleteSignIn()
  const form = useZodForm(passwordLoginSchema, { defaultValues: { email: '', password: '' } })
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        try {
          const session = await login(values)
          await completeSignIn(session, 'password')
        } catch (error) {
          form.setError('root', { message: i18n._(messageForCode(isApiError(error) ? error.code : undefined)) })
        }
      }}
    >
      <TextField name="email" type="email" label={t`Email`} autoComplete="username" inputMode="email" />
      <TextField name="password" type="password" label={t`Contraseña`} autoComplete="current-password" />
      <p className="auth-card__aside">
        <Link to="/auth/remember">
          <Trans>¿Has olvidado tu contraseña?</Trans>
        </Link>
      </p>
      <FormRootError />
      <SubmitButton block>
        <Trans>Entrar</Trans>
      </SubmitButton>
    </Form>
  )
}
