// The invitation form (SPEC §3, §5): name, e-mail, phone required; the commercial consent answered yes or no.
import { t } from '@lingui/core/macro'
import { z } from 'zod'

const isEmail = (value: string) => z.email().safeParse(value).success

export const invitationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t`Debes introducir tu nombre` })
    .max(200, { error: () => t`Es demasiado largo` }),
  email: z
    .string()
    .trim()
    .min(1, { error: () => t`Debes introducir tu email` })
    .max(254, { error: () => t`Es demasiado largo` })
    .refine((value) => value === '' || isEmail(value), { error: () => t`Email incorrecto` }),
  phone: z
    .string()
    .trim()
    .min(1, { error: () => t`Debes introducir tu teléfono` })
    .max(30, { error: () => t`Es demasiado largo` }),
  commercial_consent: z.string().refine((value) => value === 'yes' || value === 'no', {
    error: () => t`Debes responder sí o no`,
  }),
  third_party_consent: z.boolean(),
})

export type InvitationValues = z.input<typeof invitationSchema>

/** Finding a group of friends: its reference and its code. */
export const groupLookupSchema = z.object({
  groupId: z
    .string()
    .trim()
    .min(1, { error: () => t`Debes indicar el grupo` }),
  code: z
    .string()
    .trim()
    .min(1, { error: () => t`Debes indicar el código del grupo` }),
})

export type GroupLookupValues = z.input<typeof groupLookupSchema>

/** Friends' e-mails typed one per line or separated by commas or spaces. */
export const splitEmails = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean)
