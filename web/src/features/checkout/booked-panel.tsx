import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/controls/button'
import { Callout } from '@/components/content/callout'
import { PageSpinner } from '@/components/status/page-spinner'
import { isApiError } from '@/lib/api/api-error'
import { getRedirectPaymentMutationOptions } from '@/lib/api/generated/endpoints/payment/payment'
import { errorMessage } from '@/lib/i18n/error-messages'
import { rememberPaymentReturn, submitPaymentAction } from '@/lib/domain/payment-action'
import type { TripOffer } from '@/features/checkout/order/offer'
import { useTranslated } from '@/hooks/use-translated'

/** After checkout created the booking: on to the provider, or back to it after leaving the provider page. */
export function BookedPanel({
  offer,
  booked,
  leaving,
  onRestart,
}: {
  offer: TripOffer
  booked: { bookingId: string; paymentId: string }
  leaving: boolean
  onRestart: () => void
}) {
  const { t } = useLingui()
  const tr = useTranslated()
  const [error, setError] = useState<string | null>(null)
  const redirect = useMutation(getRedirectPaymentMutationOptions())
  const resume = async () => {
    setError(null)
    try {
      const action = await redirect.mutateAsync({ id: booked.paymentId })
      rememberPaymentReturn(action.payment_id, { kind: 'checkout', travelGroupId: offer.group.id, bookingId: booked.bookingId })
      if (!submitPaymentAction(action)) window.location.assign(`/payment/${encodeURIComponent(action.payment_id)}`)
      await new Promise(() => undefined)
    } catch (e) {
      // Already paid (another tab, or the provider's page): the result page says so.
      if (isApiError(e) && e.code === 'payment_already_completed') {
        window.location.assign(`/payment/${encodeURIComponent(booked.paymentId)}`)
        return
      }
      setError(errorMessage(e))
    }
  }
  return (
    <div className="ck-checkout-page">
      <header className="page-header">
        <h1 className="page-header__title">{leaving ? <Trans>Te llevamos al pago…</Trans> : <Trans>Tu reserva está creada</Trans>}</h1>
      </header>
      <div className="ck-panel ck-booked">
        {leaving ? (
          <PageSpinner label={t`Abriendo la pasarela de pago…`} />
        ) : (
          <>
            <p>
              <Trans>Hemos guardado tu reserva en {tr(offer.group, 'name')}. Falta completar el primer pago para confirmarla.</Trans>
            </p>
            {error && (
              <Callout tone="danger" announce="alert">
                {error}
              </Callout>
            )}
            <div className="ck-booked__actions">
              <Button needsNetwork onClick={resume}>
                <Trans>Continuar con el pago</Trans>
              </Button>
              <Link className="button button--secondary button--md" to={`/booking/${encodeURIComponent(booked.bookingId)}`}>
                <Trans>Ver la reserva</Trans>
              </Link>
              <Button variant="ghost" onClick={onRestart}>
                <Trans>Hacer otra reserva</Trans>
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  )
}
