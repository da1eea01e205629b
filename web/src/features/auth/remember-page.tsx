import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'react-router'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { getRememberMutationOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { errorMessage } from '@/lib/i18n/error-messages'
import { rememberSchema } from '@/features/auth/schemas'
import { SentConfirmation } from '@/features/auth/sent-confirmation'
import './auth.css'

/** /auth/remember: mails a link that signs in and opens the change-password page. */
export function RememberPage() {
  const { t } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(rememberSchema, { defaultValues: { email: '' } })
  const send = useMutation(getRememberMutationOptions())
  useDocumentTitle(t`Recuperar contraseña`)

  return (
    <section className="auth-card" aria-labelledby="remember-title">
      <header className="auth-card__header">
        <h1 id="remember-title" className="auth-card__title">
          <Trans>¿Has olvidado tu contraseña?</Trans>
        </h1>
        {!sentTo && (
          <p className="auth-card__intro">
            <Trans>Escribe tu email y te enviaremos un enlace para crear una nueva.</Trans>
          </p>
        )}
      </header>
      <SentConfirmation
        sent={sentTo !== null}
        title={<Trans>Te hemos enviado un enlace</Trans>}
        text={
          <Trans>
            Revisa el correo de <strong>{sentTo}</strong>: el enlace te lleva a cambiar tu contraseña.
          </Trans>
        }
      />
      {!sentTo && (
        <Form
          form={form}
          onSubmit={async ({ email }) => {
            try {
              await send.mutateAsync({ data: { email, purpose: 'password_reset' } })
              setSentTo(email)
            } catch (error) {
              if (isApiError(error) && (error.status === 404 || error.status === 422)) {
                form.setError('email', { message: t`Email incorrecto` }, { shouldFocus: true })
              } else {
                form.setError('root', { message: errorMessage(error) })
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
      )}
      <p className="auth-card__footer">
        <Link to="/auth/login">
          <Trans>Volver a acceder</Trans>
        </Link>
      </p>
    </section>
  )
}
