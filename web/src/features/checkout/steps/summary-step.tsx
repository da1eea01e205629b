import { i18n as linguiI18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type RefObject, useEffect, useId, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Callout } from '@/components/callout'
import { Button } from '@/components/button'
import { CheckboxField } from '@/components/form/checkbox-field'
import { Form, SubmitButton } from '@/components/form/form'
import { RadioGroupField } from '@/components/form/radio-group-field'
import { useDialog } from '@/hooks/use-dialog'
import { useZodForm } from '@/hooks/use-zod-form'
import { checkVoucher } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import { errorMessage, messageForCode } from '@/lib/error-messages'
import { formatAmount, formatDate, formatTime, fullName } from '@/lib/format'
import { cartPreview, firstPayment, scheduleTerms } from '@/features/checkout/amounts'
import { CartTable } from '@/features/checkout/cart-table'
import { ConditionsDialog } from '@/features/checkout/conditions-dialog'
import { localDay } from '@core/calendar'
import { cartChoice, type Offer, priceList } from '@/features/checkout/offer'
import { ScheduleDialog } from '@/features/checkout/schedule-dialog'
import { summarySchema } from '@/features/checkout/schemas'
import { StepFrame } from '@/features/checkout/step-frame'
import type { DraftApi } from '@/features/checkout/use-checkout-draft'
import type { Problem } from '@/features/checkout/use-checkout-payment'
import { useMethodLabels, usePlanLabel } from '@/features/checkout/labels'
import type { StepId } from '@/features/checkout/draft'
import { usePassed } from '@/hooks/use-passed'
import { useLocale } from '@/hooks/use-locale'

type Props = {
  offer: Offer
  draftApi: DraftApi
  headingRef: RefObject<HTMLHeadingElement | null>
  onBack: () => void
  onGoTo: (step: StepId) => void
  payment: {
    problem: Problem | null
    holding: boolean
    hold: (force?: boolean) => Promise<unknown>
    pay: () => Promise<void>
  }
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

  const form = useZodForm(summarySchema, {
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
        <TripFacts offer={offer} draftApi={draftApi} onGoTo={onGoTo} />

        <section className="ck-summary-block" aria-labelledby="cart-title">
          <h3 className="ck-summary-block__title" id="cart-title">
            <Trans>Importe de la reserva</Trans>
          </h3>
          <CartTable preview={preview} travellers={draft.travellers} caption={t`Desglose del importe`} />
          <VoucherBox offer={offer} draftApi={draftApi} problem={payment.problem} />
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

function TripFacts({ offer, draftApi, onGoTo }: { offer: Offer; draftApi: DraftApi; onGoTo: (step: StepId) => void }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { group } = offer
  const { draft } = draftApi
  const pack = group.packs.find((p) => p.id === draft.packId)
  const rooms = draft.rooms
    .filter((r) => r.quantity > 0)
    .map((r) => {
      const room = group.hosting_rooms.find((h) => h.id === r.hosting_id)
      return room ? `${r.quantity} × ${room.name}` : null
    })
    .filter(Boolean)
    .join(', ')
  const start = formatDate(group.start_at, locale, 'long')
  const end = formatDate(group.end_at, locale, 'long')
  return (
    <section className="ck-summary-block" aria-labelledby="trip-title">
      <h3 className="ck-summary-block__title" id="trip-title">
        <Trans>Tu viaje</Trans>
      </h3>
      <dl className="ck-facts">
        <div>
          <dt>
            <Trans>Viaje</Trans>
          </dt>
          <dd>
            {group.name} · {start} – {end}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Pack</Trans>
          </dt>
          <dd>
            {pack?.name}{' '}
            <button type="button" className="ck-link-button" onClick={() => onGoTo('pack')}>
              <Trans>Cambiar pack</Trans>
            </button>
          </dd>
        </div>
        {rooms && (
          <div>
            <dt>{t({ message: 'Habitaciones', context: 'checkout step' })}</dt>
            <dd>
              {rooms}{' '}
              <button type="button" className="ck-link-button" onClick={() => onGoTo('rooms')}>
                <Trans>Cambiar habitaciones</Trans>
              </button>
            </dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Viajeros</Trans>
          </dt>
          <dd>
            {draft.travellers.map((tr, i) => fullName(tr) || t`Viajero ${i + 1}`).join(', ')}{' '}
            <button type="button" className="ck-link-button" onClick={() => onGoTo('personal')}>
              <Trans>Cambiar datos</Trans>
            </button>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Comprador</Trans>
          </dt>
          <dd>{draft.buyer.type === 'company' ? draft.buyer.company_name : fullName(draft.buyer)}</dd>
        </div>
      </dl>
    </section>
  )
}

function VoucherBox({ offer, draftApi, problem }: { offer: Offer; draftApi: DraftApi; problem: Problem | null }) {
  const { t } = useLingui()
  const { draft, update } = draftApi
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const shownError = error ?? (problem?.kind === 'voucher' ? problem.message : null)

  const apply = async () => {
    const value = code.trim()
    if (!value) {
      setError(t`Escribe el código del cupón`)
      return
    }
    setError(null)
    try {
      const discount = await checkVoucher(offer.group.id, { code: value, pack_id: draft.packId ?? '', members: draft.members })
      update((d) => ({ ...d, voucher: discount }))
      setCode('')
    } catch (e) {
      setError(errorMessage(e))
    }
  }

  if (draft.voucher) {
    const voucherCode = draft.voucher.code
    return (
      <div className="ck-voucher ck-voucher--applied" role="status">
        <span>
          <Trans>Cupón {voucherCode} aplicado.</Trans>
        </span>
        <button type="button" className="ck-link-button" onClick={() => update((d) => ({ ...d, voucher: null }))}>
          <Trans>Quitar el cupón</Trans>
        </button>
      </div>
    )
  }

  return (
    <div className={shownError ? 'ck-voucher field field--invalid' : 'ck-voucher field'}>
      <label htmlFor={id} className="field__label">
        <Trans>Cupón de descuento</Trans>
        <span className="field__optional">
          {' '}
          <Trans>(opcional)</Trans>
        </span>
      </label>
      <div className="ck-voucher__row">
        <input
          id={id}
          className="field__control"
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event) => {
            setCode(event.target.value)
            setError(null)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              void apply()
            }
          }}
        />
        <Button variant="secondary" onClick={apply}>
          <Trans>Aplicar</Trans>
        </Button>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="field__error" role="alert">
          <span>{shownError}</span>
        </p>
      )}
    </div>
  )
}

function PayArea({
  preview,
  offer,
  payment,
  onGoTo,
  locale,
  heldUntil,
}: {
  preview: ReturnType<typeof cartPreview>
  offer: Offer
  payment: Props['payment']
  onGoTo: (step: StepId) => void
  locale: 'es' | 'en'
  heldUntil: string | null
}) {
  const planId = useWatch({ name: 'planId' }) as string
  const methodId = useWatch({ name: 'methodId' }) as string
  const plan = offer.plans.find((p) => p.id === planId)
  const method = offer.methods.find((m) => m.id === methodId)
  const schedule = plan ? scheduleTerms(plan, preview.total) : []
  const now = plan ? firstPayment(schedule) : preview.total
  const amount = formatAmount(now)
  const { problem } = payment
  return (
    <div className="ck-pay-area">
      {schedule.length > 1 && <TermsList schedule={schedule} locale={locale} />}
      <dl className="ck-pay-area__totals">
        <div>
          <dt>
            <Trans>Pagado</Trans>
          </dt>
          <dd>{formatAmount(0)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Pendiente</Trans>
          </dt>
          <dd>{formatAmount(preview.total)}</dd>
        </div>
        <div className="ck-pay-area__now">
          <dt>
            <Trans>A pagar ahora</Trans>
          </dt>
          <dd data-testid="pay-now">{amount}</dd>
        </div>
      </dl>
      <HoldStatus key={heldUntil ?? 'none'} holding={payment.holding} heldUntil={problem ? null : heldUntil} />
      {problem && <ProblemAlert problem={problem} onGoTo={onGoTo} onRetryHold={() => payment.hold(true)} />}
      <SubmitButton block form="checkout-summary" disabled={problem?.kind === 'sold_out'}>
        {method?.type === 'transfer' ? <Trans>Confirmar la reserva</Trans> : <Trans>Pagar {amount}</Trans>}
      </SubmitButton>
      <p className="ck-pay-area__note">
        {method?.type === 'transfer' ? (
          <Trans>Te enviaremos por email los datos para hacer la transferencia.</Trans>
        ) : (
          <Trans>Pagarás en la pasarela segura del banco: aquí nunca se escriben ni se guardan los datos de tu tarjeta.</Trans>
        )}
      </p>
    </div>
  )
}

/** The chosen plan's terms, in the summary itself (the schedule dialog has the details). */
function TermsList({ schedule, locale }: { schedule: ReturnType<typeof scheduleTerms>; locale: 'es' | 'en' }) {
  const { t } = useLingui()
  return (
    <ol className="ck-terms" aria-label={t`Plazos`}>
      {schedule.map((term) => {
        const number = term.number
        return (
          <li key={term.number}>
            <span>
              <Trans>Plazo {number}</Trans>
              <span className="ck-terms__when">
                {term.limit_date ? <Trans>antes del {formatDate(term.limit_date, locale, 'long')}</Trans> : <Trans>al reservar</Trans>}
              </span>
            </span>
            <span className="ck-terms__amount">{formatAmount(term.amount)}</span>
          </li>
        )
      })}
    </ol>
  )
}

function HoldStatus({ holding, heldUntil }: { holding: boolean; heldUntil: string | null }) {
  const lapsed = usePassed(heldUntil)
  if (holding) {
    return (
      <p className="ck-hold-status" role="status">
        <Trans>Reservando tus plazas…</Trans>
      </p>
    )
  }
  if (!heldUntil || lapsed) return null
  const time = formatTime(heldUntil)
  return (
    <p className="ck-hold-status ck-hold-status--held" role="status">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>
        <Trans>Tus plazas están reservadas hasta las {time}.</Trans>
      </span>
    </p>
  )
}

export function ProblemAlert({ problem, onGoTo, onRetryHold }: { problem: Problem; onGoTo: (step: StepId) => void; onRetryHold: () => unknown }) {
  const packFull = linguiI18n._(messageForCode('travel_group_pack_full'))
  switch (problem.kind) {
    case 'sold_out':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">
            <Trans>Ya no quedan plazas disponibles en este grupo</Trans>
          </p>
          <p>
            <Trans>Lo sentimos: otras personas han reservado las últimas plazas. Tus datos se han guardado por si se liberan plazas.</Trans>
          </p>
        </Callout>
      )
    case 'pack_full':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{packFull}</p>
          <p>
            <Trans>Elige otro pack: el resto de tu reserva se mantiene.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => onGoTo('pack')}>
            <Trans>Cambiar de pack</Trans>
          </Button>
        </Callout>
      )
    case 'network':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <p>
            <Trans>No se ha perdido nada de lo que has escrito. Comprueba la conexión y vuelve a pulsar el botón de pago.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => onRetryHold()}>
            <Trans>Reintentar</Trans>
          </Button>
        </Callout>
      )
    case 'voucher':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <p>
            <Trans>Quita el cupón o escribe otro y vuelve a pagar.</Trans>
          </p>
        </Callout>
      )
    case 'step':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <Button variant="secondary" size="sm" onClick={() => onGoTo(problem.step)}>
            <Trans>Corregirlo</Trans>
          </Button>
        </Callout>
      )
    case 'other':
      return (
        <Callout tone="danger" announce="alert">
          <p className="callout__title">{problem.message}</p>
          <p>
            <Trans>Tus datos se han guardado. Inténtalo de nuevo en unos minutos.</Trans>
          </p>
        </Callout>
      )
  }
}
