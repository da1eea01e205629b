// The text fields of the portal's forms, one way: trimmed; a required one says its own message when
// empty; a length limit only where the contract sets one, with the contract's number (the generated
// zod's exported limits), so a form never accepts what the API refuses nor refuses what it takes.
// Too long or a malformed e-mail get lib/zod's messages (validationMessage), in the traveller's language.
import { t } from '@lingui/core/macro'
import { z } from '@/lib/forms/zod'

const within = (max: number | undefined) => (max === undefined ? [] : [z.maxLength(max)])

/** A text the traveller must fill in. */
export const requiredText = (message: () => string, max?: number) => z.string().check(z.trim(), z.minLength(1, { error: message }), ...within(max))

/** A text that may stay empty. */
export const optionalText = (max?: number) => z.string().check(z.trim(), ...within(max))

/** An e-mail address the traveller must give (the contract's limit: 254). */
export const requiredEmail = (message: () => string, max: number) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max)), z.email({ error: () => t`Email incorrecto` }))

/** An e-mail address that may stay empty. */
export const optionalEmail = (max: number) =>
  z.union([z.literal(''), z.pipe(z.string().check(z.trim(), z.maxLength(max)), z.email({ error: () => t`Email incorrecto` }))])

/** An IBAN as typed: the contract's electronic form (at most 34) plus a space every four characters. */
export const ibanInputMax = (contractMax: number) => contractMax + Math.floor(contractMax / 4)
