import { useLingui } from '@lingui/react/macro'
import type { PaymentMethodType } from '@contract/generated/model/paymentMethodType'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'

/** A plan's name in the customer's language, from its shape (the API's name is the agency's Spanish one). */
export function usePlanLabel(): (plan: Pick<PaymentPlan, 'terms'>) => string {
  const { t } = useLingui()
  return (plan) => {
    const count = plan.terms.length
    return count <= 1 ? t`Pago único` : t`${count} plazos`
  }
}

export function useMethodLabels(): Record<PaymentMethodType, { name: string; description: string }> {
  const { t } = useLingui()
  return {
    tpv: { name: t`Tarjeta`, description: t`Pago seguro con tarjeta de crédito o débito en la pasarela del banco.` },
    transfer: { name: t`Transferencia bancaria`, description: t`Te enviaremos por email los datos de la cuenta. La plaza se confirma al recibir el pago.` },
  }
}
