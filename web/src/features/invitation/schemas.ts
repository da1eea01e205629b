// The invitation form (SPEC §3, §5): name, e-mail, phone required; the commercial consent answered yes or no.
import { t } from '@lingui/core/macro'
import { z } from '@/lib/forms/zod'
import { requiredEmail, requiredText } from '@/lib/forms/form-fields'
import { sendInvitationBodyEmailMax, sendInvitationBodyNameMax, sendInvitationBodyPhoneMax } from '@contract/generated/field-limits'

export const invitationSchema = z.object({
  name: requiredText(() => t`Debes introducir tu nombre`, sendInvitationBodyNameMax),
  email: requiredEmail(() => t`Debes introducir tu email`, sendInvitationBodyEmailMax),
  phone: requiredText(() => t`Debes introducir tu teléfono`, sendInvitationBodyPhoneMax),
  // classic zod's .refine narrowed the output to the guarded values; mini's .check keeps string, so say so
  // a radio pair: null until one is chosen, which must say the same
  commercial_consent: z.string({ error: () => t`Debes responder sí o no` }).check(
    z.refine((value) => value === 'yes' || value === 'no', {
      error: () => t`Debes responder sí o no`,
    }),
  ) as z.ZodMiniType<'yes' | 'no', string>,
  third_party_consent: z.boolean(),
})

export type InvitationValues = z.input<typeof invitationSchema>

/** Finding a group of friends: its reference and its code. */
export const groupLookupSchema = z.object({
  groupId: z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes indicar el grupo` })),
  code: z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes indicar el código del grupo` })),
})

export type GroupLookupValues = z.input<typeof groupLookupSchema>

/** Joining a found group: friends to invite, optional (the API checks each address and says which fail). */
export const groupJoinSchema = z.object({ emails: z.string() })
export type GroupJoinValues = z.input<typeof groupJoinSchema>

/** Friends' e-mails typed one per line or separated by commas or spaces. */
export const splitEmails = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean)
