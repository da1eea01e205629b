import { t } from '@lingui/core/macro'
import { type FormRules, rules } from '@/hooks/use-light-form'

// The sign-in page's forms (first bundle: plain rules, not zod; see use-light-form.ts). Same SPEC §5
// texts as schemas.ts. Messages are functions: translated when validation runs.
const email = () => [rules.trim(), rules.required(() => t`Debes introducir tu email`), rules.email(() => t`Email incorrecto`)]

export type LinkLoginValues = { email: string }
export const linkLoginRules: FormRules<LinkLoginValues> = { email: email() }

export type PasswordLoginValues = { email: string; password: string }
export const passwordLoginRules: FormRules<PasswordLoginValues> = {
  email: email(),
  password: [rules.required(() => t`Debes introducir una contraseña`)],
}
