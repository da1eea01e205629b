import { Trans, useLingui } from '@lingui/react/macro'
import { type RefObject, useEffect, useMemo, useState } from 'react'
import { Button } from '@/components/controls/button'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { useDialog } from '@/hooks/use-dialog'
import { useZodForm } from '@/hooks/use-zod-form'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import { formatAmount } from '@core/money'
import { fullName } from '@core/person-name'
import { cartPreview, firstPayment } from '@/features/checkout/order/amounts'
import { scheduleTerms } from '@core/payment-schedule'
import { CartTable } from '@/components/content/cart-table'
import { ConditionsDialog } from '@/features/checkout/parts/conditions-dialog'
import { localDay } from '@core/calendar'
import { cartChoice, type Offer, priceList } from '@/features/checkout/order/offer'
import { ScheduleDialog } from '@/features/checkout/parts/schedule-dialog'
import { summarySchema } from '@/features/checkout/schemas'
import { StepFrame } from '@/features/checkout/steps/step-frame'
import type { DraftApi } from '@/features/checkout/order/use-checkout-draft'
import type { CheckoutPayment } from '@/features/checkout/order/use-checkout-payment'
import { PayArea } from '@/features/checkout/parts/pay-area'
import { TripReview } from '@/features/checkout/parts/trip-review'
import { VoucherForm } from '@/features/checkout/parts/voucher-form'
import { useMethodLabels, usePlanLabel } from '@/features/checkout/labels'
import type { StepId } from '@/features/checkout/order/draft'
import { useLocale } from '@/hooks/use-locale'

type Props = {
  offer: Offer
  draftApi: DraftApi
  headingRef: RefObject<HTMLHeadingElement | null>
  onBack: () => void
  onGoTo: (step: StepId) => void
  payment: CheckoutPayment
}

/** Step 6: the whole cart, coupon, payment plan and method, conditions, and paying. */
export function SummaryStep({ offer, draftApi, headingRef, onBack, onGoTo, payment }: Props) {
  const { t } = useLingui()
  const locale = useLocale()
  const { group } = offer
  const { draft, update, persist } = draftApi
  const today = localDay()
  const preview = useMemo(() => cartPreview(priceList(offer), cartChoice(draft), today), [offer, draft, today])
  const planLabel = usePlanLabel()
  const methodLabels = useMethodLabels()
  const scheduleDialog = useDialog()
  const conditionsDialog = useDialog()
  const [schedulePlan, setSchedulePlan] = useState<PaymentPlan | null>(null)

  const form = useZodForm(summarySchema(), {
    defaultValues: { planId: draft.planId ?? '', methodId: draft.methodId ?? '', acceptTerms: draft.acceptTerms },
  })

  useEffect(() => {
    const subscription = form.watch((values) => {
      persist((d) => ({ ...d, planId: values.planId || null, methodId: values.methodId || null, acceptTerms: Boolean(values.acceptTerms) }))
    })
    return () => subscription.unsubscribe()
  }, [form, persist])

  // The seats are held on arriving here (15 minutes), so paying cannot fail for lack of seats meanwhile.
  const { hold } = payment
  useEffect(() => {
    void hold()
  }, [hold])

  const planOptions = offer.plans.map((plan) => {
    const schedule = scheduleTerms(plan, preview.total)
    const now = formatAmount(firstPayment(schedule))
    return {
      value: plan.id,
      label: planLabel(plan),
      description: (
        <span className="ck-plan-option">
          {schedule.length > 1 ? <Trans>Hoy pagas {now} y el resto en los plazos del calendario.</Trans> : <Trans>Pagas {now} hoy.</Trans>}
        </span>
      ),
    }
  })

  const methodOptions = offer.methods.map((method) => ({
    value: method.id,
    label: methodLabels[method.type].name,
    description: methodLabels[method.type].description,
  }))

  return (
    <StepFrame
      title={<Trans>Resumen y pago</Trans>}
      intro={<Trans>Revisa tu reserva, elige cómo pagar y acepta las condiciones.</Trans>}
      headingRef={headingRef}
      onBack={onBack}
    >
      <div className="ck-summary__review">
        <TripReview offer={offer} draftApi={draftApi} onGoTo={onGoTo} />

        <section className="ck-summary-block" aria-labelledby="cart-title">
          <h3 className="ck-summary-block__title" id="cart-title">
            <Trans>Importe de la reserva</Trans>
          </h3>
          <CartTable
            lines={preview.lines.map((line) => ({
              ...line,
              who: line.traveller === null ? undefined : fullName(draft.travellers[line.traveller] ?? {}) || t`Viajero ${line.traveller + 1}`,
            }))}
            total={preview.total}
            caption={t`Desglose del importe`}
            totalTestId="summary-total"
          />
          <VoucherForm offer={offer} draftApi={draftApi} problem={payment.problem} />
        </section>
      </div>

      <Form
        className="ck-summary__pay"
        id="checkout-summary"
        form={form}
        aria-labelledby="checkout-step-title"
        onSubmit={async (values) => {
          update((d) => ({ ...d, planId: values.planId, methodId: values.methodId, acceptTerms: values.acceptTerms }))
          await payment.pay()
        }}
      >
        <section className="ck-summary-block" aria-labelledby="plan-title">
          <h3 className="ck-summary-block__title" id="plan-title">
            {t({ message: 'Forma de pago', context: 'checkout' })}
          </h3>
          <RadioGroupField name="planId" legend={t`Plan de pago`} options={planOptions} />
          <div className="ck-plan-schedules">
            {offer.plans
              .filter((plan) => plan.terms.length > 1)
              .map((plan) => (
                <Button
                  key={plan.id}
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setSchedulePlan(plan)
                    scheduleDialog.open()
                  }}
                >
                  <Trans>Ver el calendario de pagos: {planLabel(plan)}</Trans>
                </Button>
              ))}
          </div>
          <RadioGroupField name="methodId" legend={t`Método de pago`} options={methodOptions} />
        </section>

        <section className="ck-summary-block" aria-labelledby="terms-title">
          <h3 className="ck-summary-block__title" id="terms-title">
            <Trans>Condiciones</Trans>
          </h3>
          <p className="ck-summary-block__text">
            <Trans>Antes de pagar, lee las condiciones generales del viaje y la política de privacidad.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => conditionsDialog.open()}>
            <Trans>Leer las condiciones y la privacidad</Trans>
          </Button>
          <CheckboxField name="acceptTerms" label={t`He leído y acepto las condiciones generales y la política de privacidad`} />
        </section>

        <PayArea preview={preview} offer={offer} payment={payment} onGoTo={onGoTo} locale={locale} heldUntil={draft.hold?.expiresAt ?? null} />
      </Form>

      <ScheduleDialog dialog={scheduleDialog} plan={schedulePlan} total={preview.total} />
      <ConditionsDialog
        dialog={conditionsDialog}
        groupId={group.id}
        onAccept={() => form.setValue('acceptTerms', true, { shouldValidate: true, shouldDirty: true })}
      />
    </StepFrame>
  )
}
