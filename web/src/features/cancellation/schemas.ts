import { t } from '@lingui/core/macro'
import { z } from '@/lib/zod'
import { isValidIban } from '@core/iban'
import { REASONS } from '@/features/cancellation/reasons'

export const cancellationSchema = () =>
  z.object({
    reason: z.enum(REASONS, { error: () => t`Debes indicar el motivo de la cancelación.` }),
    comment: z.string().check(z.trim(), z.maxLength(2000)),
    owner: z.string().check(z.trim(), z.minLength(1, { error: () => t`Debes indicar el titular de la cuenta` }), z.maxLength(200)),
    iban: z.string().check(
      z.trim(),
      z.minLength(1, { error: () => t`Debes indicar el IBAN` }),
      z.maxLength(42),
      z.refine((v) => v === '' || isValidIban(v), { error: () => t`El IBAN no es válido` }),
    ),
  })
export type CancellationValues = z.output<ReturnType<typeof cancellationSchema>>
