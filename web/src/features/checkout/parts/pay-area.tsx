import { Trans, useLingui } from '@lingui/react/macro'
import { useWatch } from 'react-hook-form'
import { SubmitButton } from '@/components/form/form'
import { usePassed } from '@/hooks/use-passed'
import { formatAmount } from '@core/money'
import { formatDate, formatTime } from '@/lib/i18n/format'
import type { Locale } from '@/lib/i18n/locales.universal'
import { type cartPreview, firstPayment } from '@/features/checkout/order/amounts'
import { scheduleTerms } from '@core/payment-schedule'
import type { StepId } from '@/features/checkout/order/draft'
import type { Offer } from '@/features/checkout/order/offer'
import { ProblemAlert } from '@/features/checkout/parts/problem-alert'
import type { CheckoutPayment } from '@/features/checkout/order/use-checkout-payment'

/** The summary's foot: what is paid now for the chosen plan, the seats' hold, any problem, and the pay button. */
export function PayArea({
  preview,
  offer,
  payment,
  onGoTo,
  locale,
  heldUntil,
}: {
  preview: ReturnType<typeof cartPreview>
  offer: Offer
  payment: CheckoutPayment
  onGoTo: (step: StepId) => void
  locale: Locale
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
function TermsList({ schedule, locale }: { schedule: ReturnType<typeof scheduleTerms>; locale: Locale }) {
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
