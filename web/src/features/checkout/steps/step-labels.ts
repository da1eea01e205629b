import { useLingui } from '@lingui/react/macro'
import type { StepId } from '@/features/checkout/order/draft'

/** The six steps' names (SPEC §2: pack, rooms, personal data, customization, rooming, summary). */
export function useStepLabels(): Record<StepId, string> {
  const { t } = useLingui()
  return {
    pack: t`Pack`,
    rooms: t({ message: 'Habitaciones', context: 'checkout step' }),
    personal: t`Datos personales`,
    customization: t`Personalización`,
    rooming: t({ message: 'Rooming', context: 'checkout step' }),
    summary: t`Resumen`,
  }
}
