import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Card } from '@/components/content/card'
import { Form, FormRootError, SubmitButton } from '@/components/form/form'
import { TextField } from '@/components/form/text-field'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useZodForm } from '@/hooks/use-zod-form'
import { isApiError } from '@/lib/api/api-error'
import { getUpdatePasswordMutationOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { errorMessage } from '@/lib/i18n/error-messages'
import { sessionVia } from '@/lib/domain/session'
import { toast } from '@/lib/browser/toast'
import { PASSWORD_MIN_LENGTH, passwordChangeSchema } from '@/features/auth/schemas'
import './auth.css'

/** /auth/password: change the password; after a reset link, set a new one without the current one. */
export function PasswordPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Mi contraseña`)
  // A session opened from a mailed link may set a password without the current one (contract).
  const [needsCurrent] = useState(() => sessionVia() !== 'link')
  const change = useMutation(getUpdatePasswordMutationOptions())
  const form = useZodForm(passwordChangeSchema(needsCurrent), {
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  })

  return (
    <div className="narrow-page">
      <header className="page-header">
        <h1 className="page-header__title">
          <Trans>Mi contraseña</Trans>
        </h1>
        <p className="page-header__intro">
          {needsCurrent ? (
            <Trans>Cambia la contraseña con la que entras en tu área de cliente.</Trans>
          ) : (
            <Trans>Has entrado con un enlace: elige una contraseña nueva para la próxima vez.</Trans>
          )}
        </p>
      </header>
      <Card>
        <Form
          form={form}
          onSubmit={async (values) => {
            try {
              await change.mutateAsync({
                data: {
                  password: values.password,
                  password_confirmation: values.password_confirmation,
                  ...(needsCurrent ? { current_password: values.current_password } : {}),
                },
              })
              form.reset()
              toast.success(t`Contraseña actualizada correctamente`)
            } catch (error) {
              const code = isApiError(error) ? error.code : undefined
              const message = errorMessage(error)
              if (code === 'auth_wrong_password') form.setError('current_password', { message }, { shouldFocus: true })
              else if (code === 'password_does_not_match') form.setError('password_confirmation', { message }, { shouldFocus: true })
              else form.setError('root', { message })
            }
          }}
        >
          {needsCurrent && <TextField name="current_password" type="password" label={t`Contraseña actual`} autoComplete="current-password" />}
          <TextField
            name="password"
            type="password"
            label={t`Nueva contraseña`}
            hint={t`Al menos ${PASSWORD_MIN_LENGTH} caracteres.`}
            autoComplete="new-password"
          />
          <TextField name="password_confirmation" type="password" label={t`Repite la nueva contraseña`} autoComplete="new-password" />
          <FormRootError />
          <SubmitButton>
            <Trans>Guardar contraseña</Trans>
          </SubmitButton>
        </Form>
      </Card>
    </div>
  )
}
