import { t } from '@lingui/core/macro'
import { z } from '@/lib/forms/zod'
import { ibanInputMax, optionalText, requiredText } from '@/lib/forms/form-fields'
import { cancelBookingBodyCommentMax, cancelBookingBodyIbanMax, cancelBookingBodyOwnerMax } from '@contract/generated/field-limits'
import { isValidIban } from '@core/iban'
import { REASONS } from '@/features/cancellation/reasons'

export const cancellationSchema = () =>
  z.object({
    reason: z.enum(REASONS, { error: () => t`Debes indicar el motivo de la cancelación.` }),
    comment: optionalText(cancelBookingBodyCommentMax),
    owner: requiredText(() => t`Debes indicar el titular de la cuenta`, cancelBookingBodyOwnerMax),
    iban: z.string().check(
      z.trim(),
      z.minLength(1, { error: () => t`Debes indicar el IBAN` }),
      z.maxLength(ibanInputMax(cancelBookingBodyIbanMax)),
      z.refine((v) => v === '' || isValidIban(v), { error: () => t`El IBAN no es válido` }),
    ),
  })
export type CancellationValues = z.output<ReturnType<typeof cancellationSchema>>
