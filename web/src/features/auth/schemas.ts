import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { z } from '@/lib/forms/zod'
import { messageForCode } from '@/lib/i18n/error-messages'

// The sign-in page's own forms use sign-in-rules.ts (first bundle, no zod).
// Messages are functions: translated when validation runs (SPEC §5 texts, exactly).
const email = () =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes introducir tu email` })), z.email({ error: () => t`Email incorrecto` }))

export const rememberSchema = z.object({ email: email() })
export type RememberValues = z.input<typeof rememberSchema>

export const PASSWORD_MIN_LENGTH = 8

/** The current password is asked unless the session came from a mailed link (a reset). */
export const passwordChangeSchema = (needsCurrent: boolean) =>
  z
    .object({
      current_password: needsCurrent ? z.string().check(z.minLength(1, { error: () => t`Debes introducir tu contraseña actual` })) : z.optional(z.string()),
      password: z
        .string()
        .check(
          z.minLength(1, { error: () => t`Debes introducir una contraseña` }),
          z.minLength(PASSWORD_MIN_LENGTH, { error: () => t`La contraseña debe tener al menos 8 caracteres` }),
        ),
      password_confirmation: z.string().check(z.minLength(1, { error: () => t`Debes repetir la contraseña anterior` })),
    })
    .check(
      z.refine((values) => !values.password_confirmation || values.password === values.password_confirmation, {
        path: ['password_confirmation'],
        error: () => i18n._(messageForCode('password_does_not_match')),
      }),
    )
export type PasswordChangeValues = z.input<ReturnType<typeof passwordChangeSchema>>
