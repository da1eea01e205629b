import { t } from '@lingui/core/macro'
import { choice, z } from '@/lib/zod'
import { isValidIban } from '@core/iban'

// The booking tabs' forms (refunds' bank account, review, rooming), with SPEC §5's texts. Messages are
// functions: translated when validation runs.

export const bankAccountSchema = () =>
  z.object({
    owner: z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes indicar el beneficiario` }), z.maxLength(200)),
    iban: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: () => t`Debes indicar el número de cuenta` }),
        z.maxLength(42),
        z.refine(isValidIban, { error: () => t`El número de cuenta (IBAN) no es válido` }),
      ),
  })

export const reviewSchema = () =>
  z.object({
    // no star chosen yet: required fails on it (SPEC §5)
    rating: choice(() => t`Selecciona una puntuación`),
    text: z.string().check(z.maxLength(2000)),
  })

export const roomingSchema = () =>
  z.object({
    rooms: z.array(z.object({ memberId: z.string(), roomId: choice(() => t`Elige una habitación`) })),
  })
