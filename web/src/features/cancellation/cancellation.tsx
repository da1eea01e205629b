import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/controls/button'
import { useDialog } from '@/hooks/use-dialog'
import type { Booking } from '@contract/generated/model/booking'
import { formatDate } from '@/lib/i18n/format'
import { maskIban } from '@core/iban-text'
import { lazyComponent } from '@/lib/i18n/lazy-component'
import { BreakdownTable } from '@/features/cancellation/breakdown-table'
import { reasonLabels } from '@/features/cancellation/reasons'
import './cancellation.css'
import { useLocale } from '@/hooks/use-locale'
import { Fact, Facts } from '@/components/content/facts'

// The form (and zod with it) loads when the customer heads for the button, not with the booking page.
const CancellationDialog = lazyComponent(() => import('@/features/cancellation/cancellation-dialog').then((m) => m.CancellationDialog))

const billingComplete = (booking: Booking) => booking.buyer?.valid === true

/**
 * Cancelling a booking (SPEC §4, §5): offered before the trip on a booking that holds seats, with the
 * billing data complete; the refund breakdown is shown line by line before confirming. Once canceled,
 * the request and its breakdown.
 */
export function CancellationSection({ booking, today }: { booking: Booking; today: string }) {
  if (booking.status === 'canceled') return booking.cancel_refund ? <CancellationRequested booking={booking} /> : null
  const cancelable = (booking.status === 'pending' || booking.status === 'confirmed') && booking.travel_group.start_at > today
  if (!cancelable) return null
  return <CancelCard booking={booking} />
}

function CancelCard({ booking }: { booking: Booking }) {
  const dialog = useDialog()
  const [opened, setOpened] = useState(false)
  const complete = billingComplete(booking)
  return (
    <section className="tab-section cancel-card" aria-labelledby="cancel-title">
      <h2 id="cancel-title" className="tab-section__title">
        <Trans>Cancelar la reserva</Trans>
      </h2>
      <p className="muted">
        <Trans>Puedes cancelar hasta el día de la salida. Antes de confirmar verás, línea a línea, cuánto te devolvemos.</Trans>
      </p>
      {!complete && (
        <p className="notice-box">
          <Trans>
            Para cancelar, completa antes los datos de facturación en <Link to="?tab=documentation">Documentación</Link>.
          </Trans>
        </p>
      )}
      <div>
        <Button
          variant="danger"
          disabled={!complete}
          onPointerEnter={CancellationDialog.preload}
          onFocus={CancellationDialog.preload}
          onClick={() => {
            setOpened(true)
            dialog.open()
          }}
        >
          <Trans>Cancelar la reserva</Trans>
        </Button>
      </div>
      {/* mounted once first opened, and kept: what was typed survives closing and reopening */}
      {(opened || dialog.isOpen) && (
        <Suspense fallback={null}>
          <CancellationDialog booking={booking} dialog={dialog} />
        </Suspense>
      )}
    </section>
  )
}

function CancellationRequested({ booking }: { booking: Booking }) {
  const { i18n } = useLingui()
  const request = booking.cancel_refund!
  const locale = useLocale()
  return (
    <section className="tab-section" aria-labelledby="canceled-title">
      <h2 id="canceled-title" className="tab-section__title">
        <Trans>Reserva cancelada</Trans>
      </h2>
      <Facts>
        <Fact label={<Trans>Solicitada el</Trans>}>{formatDate(request.requested_at, locale, 'long')}</Fact>
        <Fact label={<Trans>Motivo</Trans>}>{i18n._(reasonLabels[request.reason])}</Fact>
        <Fact label={<Trans>Cuenta para el reembolso</Trans>}>
          {request.owner} · <span className="mono">{maskIban(request.iban)}</span>
        </Fact>
      </Facts>
      {request.comment && <p className="muted">«{request.comment}»</p>}
      <BreakdownTable breakdown={request.breakdown} />
      <p>
        <Link to="?tab=refunds">
          <Trans>Ver el estado del reembolso</Trans>
        </Link>
      </p>
    </section>
  )
}
