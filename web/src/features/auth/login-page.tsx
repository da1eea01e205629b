import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { type InputHTMLAttributes, useEffect, useState } from 'react'
import { Link, Navigate } from 'react-router'
import { Button } from '@/components/controls/button'
import { TabPanel, Tabs } from '@/components/controls/tabs'
import { Field, FormError } from '@/components/form/field-base'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useHydrated } from '@/hooks/use-hydrated'
import { type LightForm, useLightForm } from '@/hooks/use-light-form'
import { isApiError } from '@/lib/api/api-error'
import { getLoginMutationOptions, getRememberMutationOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { errorMessage } from '@/lib/i18n/error-messages'
import { isSignedIn, peekReturnTo } from '@/lib/domain/session'
import { linkLoginRules, passwordLoginRules } from '@/features/auth/sign-in-rules'
import { useCompleteSignIn } from '@/features/auth/use-complete-sign-in'
import { SentConfirmation } from '@/features/auth/sent-confirmation'
import '@/components/form/form.css'
import './auth.css'

type Method = 'link' | 'password'

/** /auth/login: by e-mail link or by e-mail and password (SPEC §2, §5). */
export function LoginPage() {
  const { t } = useLingui()
  // Read once: after signing in here, the form itself navigates to the target.
  const [alreadySignedIn] = useState(isSignedIn)
  // the server's frame draws the form (it cannot tell): the browser hydrates it, then leaves
  const hydrated = useHydrated()
  const [method, setMethod] = useState<Method>('link')
  // the address typed for a password that was refused too often, carried to the link form
  const [linkEmail, setLinkEmail] = useState<string | null>(null)
  useDocumentTitle(t`Acceder`)

  if (alreadySignedIn && hydrated) return <Navigate to="/" replace />

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
      <Tabs
        variant="segmented"
        idPrefix="login"
        label={t`Forma de acceso`}
        tabs={[
          { id: 'link', label: t`Enlace por email` },
          { id: 'password', label: t`Con contraseña` },
        ]}
        selected={method}
        onSelect={(chosen) => {
          // a tab chosen by hand keeps focus on the tabs: the carried address only comes with the button
          setLinkEmail(null)
          setMethod(chosen)
        }}
      />
      <TabPanel idPrefix="login" id={method} focusable={false} className="auth-card__panel">
        {method === 'link' ? (
          <LinkLoginForm initialEmail={linkEmail} />
        ) : (
          <PasswordLoginForm
            onUseLink={(email) => {
              setLinkEmail(email)
              setMethod('link')
            }}
          />
        )}
      </TabPanel>
    </section>
  )
}

function LinkLoginForm({ initialEmail }: { initialEmail: string | null }) {
  const { t } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useLightForm(linkLoginRules, { email: initialEmail ?? '' })
  const send = useMutation(getRememberMutationOptions())
  // Arrived from a refused password: the cursor in the address it brought, Enter sends the link.
  useEffect(() => {
    if (initialEmail) form.focus('email')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form arrives
  }, [])

  return (
    <>
      <SentConfirmation
        sent={sentTo !== null}
        title={<Trans>Te hemos enviado un enlace de acceso</Trans>}
        text={
          <Trans>
            Revisa el correo de <strong>{sentTo}</strong> y pulsa el enlace para entrar. Caduca en 24 horas.
          </Trans>
        }
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setSentTo(null)
              // the form is back (as typed): the cursor goes where the next address is written
              requestAnimationFrame(() => form.focus('email'))
            }}
          >
            <Trans>Usar otro email</Trans>
          </Button>
        }
      />
      {/* hidden, not removed, while the confirmation shows: what was typed is there to correct */}
      <form
        hidden={sentTo !== null}
        noValidate
        className="form"
        onSubmit={form.handleSubmit(async ({ email }) => {
          try {
            const target = peekReturnTo()
            await send.mutateAsync({ data: { email, purpose: 'login_link', ...(target ? { redirect: target } : {}) } })
            setSentTo(email)
          } catch (error) {
            // Unknown or malformed address: SPEC §5 "Email incorrecto".
            if (isApiError(error) && (error.status === 404 || error.status === 422)) {
              form.setError('email', t`Email incorrecto`, { focus: true })
            } else if (isApiError(error) && error.status === 429) {
              // links asked for too often (by anyone): those already sent still work (decision 017)
              form.setError('root', `${errorMessage(error)} ${t`Si ya te ha llegado un enlace, sigue valiendo durante 24 horas.`}`)
            } else {
              form.setError('root', errorMessage(error))
            }
          }
        })}
      >
        <TextInput form={form} name="email" type="email" label={t`Email`} autoComplete="email" inputMode="email" />
        <RootError form={form} />
        <Button type="submit" block loading={form.submitting}>
          <Trans>Enviarme el enlace</Trans>
        </Button>
      </form>
    </>
  )
}

function PasswordLoginForm({ onUseLink }: { onUseLink: (email: string) => void }) {
  const { t } = useLingui()
  const completeSignIn = useCompleteSignIn()
  const form = useLightForm(passwordLoginRules, { email: '', password: '' })
  const signIn = useMutation(getLoginMutationOptions())
  // Too many wrong passwords lock password sign-in for a while, never the link (decision 017).
  const [throttled, setThrottled] = useState(false)
  return (
    <form
      noValidate
      className="form"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          setThrottled(false)
          const session = await signIn.mutateAsync({ data: values })
          await completeSignIn(session, 'password')
        } catch (error) {
          const tooMany = isApiError(error) && error.status === 429
          setThrottled(tooMany)
          form.setError('root', tooMany ? `${errorMessage(error)} ${t`Puedes entrar con un enlace en tu email.`}` : errorMessage(error))
        }
      })}
    >
      <TextInput form={form} name="email" type="email" label={t`Email`} autoComplete="username" inputMode="email" />
      <TextInput form={form} name="password" type="password" label={t`Contraseña`} autoComplete="current-password" />
      <p className="auth-card__aside">
        <Link to="/auth/remember">
          <Trans>¿Has olvidado tu contraseña?</Trans>
        </Link>
      </p>
      <RootError form={form} />
      {throttled && (
        <Button variant="secondary" block onClick={() => onUseLink(form.input('email').value)}>
          <Trans>Entrar con un enlace</Trans>
        </Button>
      )}
      <Button type="submit" block loading={form.submitting}>
        <Trans>Entrar</Trans>
      </Button>
    </form>
  )
}

// The markup of <TextField> and <FormRootError> (components/form), on useLightForm instead of
// react-hook-form: this page is in the first bundle (see use-light-form.ts).
function TextInput<T extends Record<string, string>>({
  form,
  name,
  label,
  ...inputProps
}: { form: LightForm<T>; name: keyof T & string; label: string } & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'>) {
  return (
    <Field label={label} error={form.error(name)}>
      {(control) => <input {...inputProps} {...control} {...form.input(name)} className="field__control" />}
    </Field>
  )
}

function RootError<T extends Record<string, string>>({ form }: { form: LightForm<T> }) {
  return <FormError message={form.error('root')} />
}
