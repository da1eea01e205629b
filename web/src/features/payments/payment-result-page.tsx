import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { Button } from '@/components/controls/button'
import { Callout } from '@/components/content/callout'
import { ErrorState } from '@/components/status/error-state'
import { PageSpinner } from '@/components/status/page-spinner'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { isApiError } from '@/lib/api/api-error'
import { getGetBookingPaymentsQueryKey, getGetBookingQueryKey, getListBookingsQueryKey } from '@/lib/api/generated/endpoints/booking/booking'
import {
  getCheckPaymentMutationOptions,
  getRedirectPaymentMutationOptions,
  getRetryPaymentMutationOptions,
} from '@/lib/api/generated/endpoints/payment/payment'
import type { Payment } from '@contract/generated/model/payment'
import type { PaymentAction } from '@contract/generated/model/paymentAction'
import { errorMessage } from '@/lib/i18n/error-messages'
import { formatAmount } from '@core/money'
import { formatDate } from '@/lib/i18n/format'
import { paymentReturn, reloadWhenRestoredFromCache, rememberPaymentReturn, submitPaymentAction } from '@/lib/domain/payment-action'
import './payments.css'
import { useLocale } from '@/hooks/use-locale'

/** /payment/{id}: back from the provider. Checks the payment; success, or the error with "Reintentar pago". */
export function PaymentResultPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Resultado del pago`)
  const { id } = useParams()
  if (!id) {
    return (
      <div className="pay-result-page">
        <div className="pay-result pay-result--neutral">
          <h1 className="pay-result__title">
            <Trans>No hay ningún pago que comprobar</Trans>
          </h1>
          <p className="pay-result__lead">
            <Trans>Entra en tu reserva para ver sus pagos.</Trans>
          </p>
          <Link className="button button--primary button--md" to="/">
            <Trans>Mis reservas</Trans>
          </Link>
        </div>
      </div>
    )
  }
  return <PaymentResult key={id} paymentId={id} />
}

function PaymentResult({ paymentId }: { paymentId: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const check = useMutation(getCheckPaymentMutationOptions())
  const { mutate } = check
  const origin = paymentReturn(paymentId)
  useEffect(reloadWhenRestoredFromCache, [])

  useEffect(() => {
    mutate({ id: paymentId })
  }, [mutate, paymentId])

  // Whatever happened, the booking's amounts may have changed.
  const payment = check.data
  useEffect(() => {
    if (!payment) return
    void queryClient.invalidateQueries({ queryKey: getGetBookingPaymentsQueryKey(payment.booking_id) })
    void queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(payment.booking_id) })
    void queryClient.invalidateQueries({ queryKey: getListBookingsQueryKey() })
  }, [payment, queryClient])

  if (check.isError) {
    const notFound = isApiError(check.error) && check.error.code === 'not_found'
    return (
      <div className="pay-result-page">
        <div className="pay-panel">
          <ErrorState
            title={notFound ? <Trans>No hemos encontrado este pago</Trans> : <Trans>No hemos podido comprobar el pago</Trans>}
            message={notFound ? <Link to="/">{t`Ir a mis reservas`}</Link> : errorMessage(check.error)}
            onRetry={notFound ? undefined : () => check.mutateAsync({ id: paymentId })}
          />
        </div>
      </div>
    )
  }
  if (!payment) return <PageSpinner label={t`Comprobando tu pago…`} />

  if (payment.status === 'paid' && origin?.kind === 'checkout') {
    return (
      <Navigate
        replace
        to={`/travelgroup/${encodeURIComponent(origin.travelGroupId)}/success?booking=${encodeURIComponent(payment.booking_id)}&payment=${encodeURIComponent(payment.id)}`}
      />
    )
  }
  if (payment.status === 'paid') return <PaidResult payment={payment} />
  return <UnpaidResult payment={payment} onCheck={() => check.mutateAsync({ id: paymentId })} />
}

function PaidResult({ payment }: { payment: Payment }) {
  const locale = useLocale()
  const amount = formatAmount(payment.amount)
  const when = payment.paid_at ? formatDate(payment.paid_at, locale, 'long') : null
  const booking = `/booking/${encodeURIComponent(payment.booking_id)}`
  return (
    <div className="pay-result-page">
      <div className="pay-result pay-result--success" role="status">
        <ResultIcon ok />
        <h1 className="pay-result__title">
          <Trans>Pago realizado correctamente</Trans>
        </h1>
        <p className="pay-result__amount">{amount}</p>
        {when && (
          <p className="pay-result__lead">
            <Trans>Pagado el {when}. Te hemos enviado el justificante por email.</Trans>
          </p>
        )}
        <div className="pay-result__actions">
          <Link className="button button--primary button--md" to={`${booking}/payments`}>
            <Trans>Ver los pagos de la reserva</Trans>
          </Link>
          <Link className="button button--secondary button--md" to={booking}>
            <Trans>Ver la reserva</Trans>
          </Link>
        </div>
      </div>
    </div>
  )
}

/** Leaves for the provider with a new action, keeping where the payer should come back to. */
const goToProvider = async (action: PaymentAction, previousId: string, bookingId: string) => {
  const origin = paymentReturn(previousId) ?? { kind: 'booking' as const, bookingId }
  rememberPaymentReturn(action.payment_id, origin)
  if (submitPaymentAction(action)) {
    // The page is leaving: keep the button busy until it has.
    await new Promise(() => undefined)
  }
  window.location.assign(`/payment/${encodeURIComponent(action.payment_id)}`)
}

function UnpaidResult({ payment, onCheck }: { payment: Payment; onCheck: () => Promise<unknown> }) {
  const [error, setError] = useState<string | null>(null)
  const retry = useMutation(getRetryPaymentMutationOptions())
  const redirect = useMutation(getRedirectPaymentMutationOptions())
  const failed = payment.status === 'failed'
  const amount = formatAmount(payment.amount)
  const booking = `/booking/${encodeURIComponent(payment.booking_id)}`

  const run = async (call: () => Promise<PaymentAction>) => {
    setError(null)
    try {
      await goToProvider(await call(), payment.id, payment.booking_id)
    } catch (e) {
      if (isApiError(e) && e.code === 'payment_already_completed') {
        await onCheck()
        return
      }
      setError(errorMessage(e))
    }
  }

  return (
    <div className="pay-result-page">
      <div className={failed ? 'pay-result pay-result--failed' : 'pay-result pay-result--neutral'}>
        <ResultIcon ok={false} />
        {failed ? (
          <div role="alert" className="pay-result__message">
            <h1 className="pay-result__title">
              <Trans>Se produjo un error en el pago.</Trans>
            </h1>
            <p className="pay-result__lead">
              <Trans>No se ha cobrado nada. Puedes volver a intentarlo con la misma u otra tarjeta: tu reserva se mantiene.</Trans>
            </p>
          </div>
        ) : (
          <>
            <h1 className="pay-result__title">
              <Trans>El pago no se ha completado</Trans>
            </h1>
            <p className="pay-result__lead">
              <Trans>Saliste de la pasarela antes de terminar. Puedes continuar con el pago ahora.</Trans>
            </p>
          </>
        )}
        <p className="pay-result__amount">{amount}</p>
        {error && (
          <Callout tone="danger" announce="alert" title={error}>
            <p>
              <Trans>Si el problema continúa, escribe a la agencia.</Trans>
            </p>
          </Callout>
        )}
        <div className="pay-result__actions">
          {failed ? (
            <Button needsNetwork loading={retry.isPending} onClick={() => run(() => retry.mutateAsync({ id: payment.id }))}>
              <Trans>Reintentar pago</Trans>
            </Button>
          ) : (
            <>
              <Button needsNetwork loading={redirect.isPending} onClick={() => run(() => redirect.mutateAsync({ id: payment.id }))}>
                <Trans>Continuar con el pago</Trans>
              </Button>
              <Button variant="secondary" needsNetwork onClick={onCheck}>
                <Trans>Comprobar de nuevo</Trans>
              </Button>
            </>
          )}
          <Link className="button button--ghost button--md" to={booking}>
            <Trans>Volver a la reserva</Trans>
          </Link>
        </div>
      </div>
    </div>
  )
}

function ResultIcon({ ok }: { ok: boolean }) {
  return (
    <div className="pay-result__icon" aria-hidden="true">
      <svg viewBox="0 0 48 48" width="48" height="48">
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
        {ok ? (
          <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M17 17l14 14M31 17L17 31" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        )}
      </svg>
    </div>
  )
}
