import { t } from '@lingui/core/macro'
import { z } from '@/lib/forms/zod'

/** The ballot's look-up: the number and code printed on it. */
export const ballotLookupSchema = () =>
  z.object({
    id: z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes introducir el número de la papeleta` })),
    code: z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes introducir el código` })),
  })
