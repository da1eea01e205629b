import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useMutation } from '@tanstack/react-query'
import { startTransition, useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/controls/button'
import { Callout } from '@/components/content/callout'
import { ErrorState } from '@/components/status/error-state'
import { CartTable } from '@/components/content/cart-table'
import { Spinner } from '@/components/status/spinner'
import { isApiError } from '@/lib/api/api-error'
import {
  getGetBookingPaymentsQueryKey,
  getGetBookingQueryKey,
  getPayExtraTermMutationOptions,
  getPurchaseTermsMutationOptions,
  useGetBooking,
  useGetBookingPayments,
} from '@/lib/api/generated/endpoints/booking/booking'
import { useListPaymentMethods } from '@/lib/api/generated/endpoints/travelgroup/travelgroup'
import type { Booking } from '@contract/generated/model/booking'
import type { PaymentAction } from '@contract/generated/model/paymentAction'
import type { PaymentMethod } from '@contract/generated/model/paymentMethod'
import type { PaymentsOverview } from '@contract/generated/model/paymentsOverview'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { fullName } from '@core/person-name'
import { formatDate } from '@/lib/i18n/format'
import { reloadWhenRestoredFromCache, rememberPaymentReturn, submitPaymentAction } from '@/lib/domain/payment-action'
import { isPayable, lastPlanTerm, payableTerms, termsDue } from '@/features/payments/amounts'
import { lateTermPenalty } from '@core/payment-schedule'
import { ExtraTermForm } from '@/features/payments/extra-term-form'
import { TermCard } from '@/features/payments/term-card'
import { localDay } from '@core/calendar'
import { afterNextPaint } from '@/lib/browser/main-thread.universal'
import './payments.css'
import { useLocale } from '@/hooks/use-locale'

/**
 * The payments of a booking: its terms (limit date, penalty limit date, amount, paid date), paying a
 * pending term or an extra, the cart and the payments made. Composed by /booking/{id}/payments and
 * by the booking page's payments tab.
 */
export function BookingPayments({ bookingId }: { bookingId: string }) {
  const booking = useGetBooking(bookingId)
  const overview = useGetBookingPayments(bookingId)
  const failed = [booking, overview].find((q) => q.isError)
  if (failed) {
    return (
      <div className="pay-panel">
        <ErrorState message={errorMessage(failed.error)} onRetry={() => Promise.all([booking.refetch(), overview.refetch()])} />
      </div>
    )
  }
  if (!booking.data || !overview.data) return <Spinner size="lg" />
  return <PaymentsContent booking={booking.data} overview={overview.data} />
}

type Notice = { tone: 'danger' | 'success' | 'info'; title: string; text?: string }

function PaymentsContent({ booking, overview }: { booking: Booking; overview: PaymentsOverview }) {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const groupId = booking.travel_group.id
  const methods = useListPaymentMethods(groupId, { bookingId: booking.id }, { query: { staleTime: 5 * 60_000 } })
  const [methodId, setMethodId] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const purchase = useMutation(getPurchaseTermsMutationOptions())
  const buyExtra = useMutation(getPayExtraTermMutationOptions())
  // a ref, not the mutations' state: two clicks in one frame must not pay twice
  const paying = useRef(false)
  // every pay button busy while one payment is on its way (the mutations' state comes later)
  const [busy, setBusy] = useState(false)
  const methodName = useId()
  useEffect(reloadWhenRestoredFromCache, [])
  const canceled = booking.status === 'canceled'
  const terms = overview.terms
  const payable = payableTerms(terms)
  const cart = overview.cart
  const today = localDay()
  const penalty = lateTermPenalty(booking.payment_plan, terms, today)
  const last = lastPlanTerm(terms)
  const method: PaymentMethod | undefined =
    methods.data?.find((m) => m.id === methodId) ??
    methods.data?.find((m) => m.id === booking.payment_method_id) ??
    methods.data?.find((m) => m.type === 'tpv') ??
    methods.data?.[0]

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetBookingPaymentsQueryKey(booking.id) }),
      queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(booking.id) }),
    ])

  /** Off to the provider, or (transfer) a note that the details were mailed. */
  const follow = async (action: PaymentAction) => {
    rememberPaymentReturn(action.payment_id, { kind: 'booking', bookingId: booking.id })
    if (submitPaymentAction(action)) {
      await new Promise(() => undefined)
      return
    }
    setNotice({ tone: 'success', title: t`Pago registrado`, text: t`Te hemos enviado por email los datos para la transferencia.` })
    await refresh()
  }

  const fail = async (error: unknown) => {
    setNotice({ tone: 'danger', title: errorMessage(error), text: nextStepFor(error) })
    if (isApiError(error) && error.status === 409) await refresh()
  }

  const nextStepFor = (error: unknown) => {
    if (!isApiError(error)) return undefined
    switch (error.code) {
      case 'payment_term_limit_date_excedeed':
      case 'insurance_limit_date_excedeed':
      case 'extra_limit_date_excedeed':
        return t`Escribe a la agencia para saber cómo pagarlo.`
      case 'network_error':
      case 'service_unavailable':
        return t`Comprueba tu conexión y vuelve a intentarlo.`
      default:
        return undefined
    }
  }

  const once = async (send: (methodId: string, returnUrl: string) => Promise<PaymentAction>) => {
    if (!method || paying.current) return
    paying.current = true
    // The pressed button draws its own spinner in the tap's frame (Button); the rest of the tab (the other buttons
    // disabled, an old notice gone) follows in the frames after, the ref refusing a second payment meanwhile.
    // Drawn in the tap, the whole tab's render was most of the tap's time on a slow phone.
    startTransition(() => {
      setNotice(null)
      setBusy(true)
    })
    try {
      // the busy button is drawn first, then the payment goes (see afterNextPaint)
      await afterNextPaint()
      await follow(await send(method.id, `${window.location.origin}/payment`))
    } catch (error) {
      await fail(error)
    } finally {
      paying.current = false
      setBusy(false)
    }
  }
  const pay = (termIds: string[]) =>
    once((methodId, returnUrl) => purchase.mutateAsync({ id: booking.id, data: { term_ids: termIds, payment_method_id: methodId, return_url: returnUrl } }))
  const payExtra = (memberId: string, itemId: string) =>
    once((methodId, returnUrl) =>
      buyExtra.mutateAsync({ id: booking.id, data: { member_id: memberId, item_id: itemId, payment_method_id: methodId, return_url: returnUrl } }),
    )
  const memberName = (id: string | null) => {
    const member = id ? booking.members.find((m) => m.id === id) : undefined
    return member ? fullName(member) : undefined
  }

  const total = formatAmount(cart.total)
  const paid = formatAmount(cart.paid)
  const pending = formatAmount(cart.pending)
  const allDue = formatAmount(termsDue(payable))
  const penaltyText = formatAmount(penalty)

  return (
    <div className="pay-content">
      <section className="pay-panel pay-totals" aria-labelledby="pay-totals-title">
        <h2 className="pay-panel__title" id="pay-totals-title">
          <Trans>Resumen de pagos</Trans>
        </h2>
        <dl className="pay-totals__list">
          <div>
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd>{total}</dd>
          </div>
          <div>
            <dt>
              <Trans>Pagado</Trans>
            </dt>
            <dd>{paid}</dd>
          </div>
          <div className="pay-totals__pending">
            <dt>
              <Trans>Pendiente</Trans>
            </dt>
            <dd data-testid="payments-pending">{pending}</dd>
          </div>
        </dl>
        {!canceled && payable.length > 1 && (
          <Button block needsNetwork loading={busy} onClick={() => pay(payable.map((term) => term.id))} disabled={!method}>
            <Trans>Pagar todo lo pendiente ({allDue})</Trans>
          </Button>
        )}
      </section>

      {notice && (
        <Callout tone={notice.tone} announce={notice.tone === 'danger' ? 'alert' : 'status'} title={notice.title}>
          {notice.text && <p>{notice.text}</p>}
        </Callout>
      )}
      {penalty > 0 && last && (
        <Callout tone="warning" title={<Trans>Recargo por pago fuera de plazo</Trans>}>
          <p>
            <Trans>Un plazo se ha pagado (o sigue sin pagar) después de su fecha con recargo: se añaden {penaltyText} al último plazo.</Trans>
          </p>
        </Callout>
      )}

      {!canceled && methods.data && methods.data.length > 1 && (payable.length > 0 || !canceled) && (
        <fieldset className="pay-panel pay-methods">
          <legend className="pay-panel__title">
            <Trans>Método de pago</Trans>
          </legend>
          <div className="pay-methods__options">
            {methods.data.map((m) => (
              <label key={m.id} className={method?.id === m.id ? 'pay-method pay-method--on' : 'pay-method'}>
                <input type="radio" name={methodName} value={m.id} checked={method?.id === m.id} onChange={() => setMethodId(m.id)} />
                <span>{m.type === 'tpv' ? <Trans>Tarjeta</Trans> : <Trans>Transferencia bancaria</Trans>}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <section className="pay-panel" aria-labelledby="pay-terms-title">
        <h2 className="pay-panel__title" id="pay-terms-title">
          <Trans>Plazos</Trans>
        </h2>
        {terms.length === 0 ? (
          <p className="pay-muted">
            <Trans>Esta reserva todavía no tiene plazos de pago.</Trans>
          </p>
        ) : (
          <ol className="card-grid">
            {terms.map((term) => (
              <TermCard
                key={term.id}
                term={term}
                locale={locale}
                isLast={term.id === last?.id}
                canPay={!canceled && isPayable(term) && Boolean(method)}
                onPay={() => pay([term.id])}
                busy={busy}
              />
            ))}
          </ol>
        )}
      </section>

      {!canceled && <ExtraTermForm booking={booking} groupId={groupId} onPay={payExtra} disabled={!method} locale={locale} today={today} />}

      <section className="pay-panel" aria-labelledby="pay-cart-title">
        <h2 className="pay-panel__title" id="pay-cart-title">
          <Trans>Desglose</Trans>
        </h2>
        <CartTable lines={cart.lines.map((line) => ({ ...line, who: memberName(line.member_id) }))} total={cart.total} caption={t`Desglose del importe`} />
      </section>

      {overview.payments.length > 0 && (
        <section className="pay-panel" aria-labelledby="pay-history-title">
          <h2 className="pay-panel__title" id="pay-history-title">
            <Trans>Pagos realizados</Trans>
          </h2>
          <ul className="pay-history">
            {overview.payments.map((p) => (
              <li key={p.id} className={`pay-history__item pay-history__item--${p.status}`}>
                <span>{formatDate(p.paid_at ?? p.created_at, locale, 'long')}</span>
                <span className="pay-history__method">{p.method === 'tpv' ? <Trans>Tarjeta</Trans> : <Trans>Transferencia</Trans>}</span>
                <span className="pay-history__status">
                  {p.status === 'paid' ? <Trans>Pagado</Trans> : p.status === 'failed' ? <Trans>Fallido</Trans> : <Trans>Sin completar</Trans>}
                </span>
                <strong>{formatAmount(p.amount)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
