import { t } from '@lingui/core/macro'
import { z } from 'zod'

// Messages are functions: translated when validation runs, in the language
// active at that moment, not the one active when this module loaded.
export const contactSchema = z.object({
  name: z.string().trim().min(1, { error: () => t`Debes introducir tu nombre` }),
  email: z.email({ error: () => t`Introduce un email válido` }),
  consent: z.enum(['yes', 'no'], { error: () => t`Indica si quieres recibir novedades` }),
  terms: z.boolean().refine((accepted) => accepted, { error: () => t`Debes aceptar los términos y condiciones` }),
})

export type ContactValues = z.input<typeof contactSchema>
