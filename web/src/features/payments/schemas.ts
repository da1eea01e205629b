import { t } from '@lingui/core/macro'
import { choice, z } from '@/lib/forms/zod'

/** Adding an extra or an insurance for one traveller after booking. */
export const extraTermSchema = () =>
  z.object({
    memberId: z.string(),
    itemId: choice(() => t`Elige qué quieres añadir`),
  })
