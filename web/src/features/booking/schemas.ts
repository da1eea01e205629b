import { t } from '@lingui/core/macro'
import { choice, z } from '@/lib/forms/zod'
import { ibanInputMax, optionalText, requiredText } from '@/lib/forms/form-fields'
import { createReviewBodyTextMax, updateBankAccountBodyIbanMax, updateBankAccountBodyOwnerMax } from '@contract/generated/field-limits'
import { isValidIban } from '@core/iban'

// The booking tabs' forms (refunds' bank account, review, rooming), with SPEC §5's texts. Messages are
// functions: translated when validation runs.

export const bankAccountSchema = () =>
  z.object({
    owner: requiredText(() => t`Debes indicar el beneficiario`, updateBankAccountBodyOwnerMax),
    iban: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: () => t`Debes indicar el número de cuenta` }),
        z.maxLength(ibanInputMax(updateBankAccountBodyIbanMax)),
        z.refine(isValidIban, { error: () => t`El número de cuenta (IBAN) no es válido` }),
      ),
  })

export const reviewSchema = () =>
  z.object({
    // no star chosen yet: required fails on it (SPEC §5)
    rating: choice(() => t`Selecciona una puntuación`),
    text: optionalText(createReviewBodyTextMax),
  })

export const roomingSchema = () =>
  z.object({
    rooms: z.array(z.object({ memberId: z.string(), roomId: choice(() => t`Elige una habitación`) })),
  })
