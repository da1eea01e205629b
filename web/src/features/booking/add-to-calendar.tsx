import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import type { Booking } from '@contract/generated/model/booking'
import { isDay } from '@core/calendar'
import { type CalendarDays, downloadCalendar } from '@/lib/domain/calendar-file'
import { formatAmount } from '@core/money'
import { termDue } from '@core/pricing'
import { toast } from '@/lib/browser/toast'
import { useTranslated } from '@/hooks/use-translated'

/**
 * The booking in the traveller's calendar, in their language: the trip from departure to return, and
 * the last day of each instalment still to pay.
 */
export function AddToCalendar({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const tr = useTranslated()
  const group = booking.travel_group

  const download = async () => {
    const trip = tr(group, 'name')
    const host = window.location.host
    const url = `${window.location.origin}/booking/${encodeURIComponent(booking.id)}`
    const events: CalendarDays[] = [
      {
        uid: `${booking.id}-trip@${host}`,
        title: trip,
        first: group.start_at,
        last: group.end_at,
        location: tr(group, 'destination'),
        description: t`Reserva ${booking.locator}`,
        url,
      },
      ...booking.terms
        .filter((term) => term.kind === 'plan' && term.status === 'pending' && term.limit_date !== null && isDay(term.limit_date))
        .map((term) => {
          const number = term.number
          const amount = formatAmount(termDue(term))
          return {
            uid: `${term.id}-deadline@${host}`,
            title: t`Último día para pagar el plazo ${number} · ${trip}`,
            first: term.limit_date!,
            last: term.limit_date!,
            description: t`Importe: ${amount}. Reserva ${booking.locator}`,
            url: `${url}/payments`,
          }
        }),
    ]
    try {
      await downloadCalendar(trip, events)
    } catch {
      toast.error(t`No hemos podido crear el archivo del calendario. Inténtalo de nuevo.`)
    }
  }

  return (
    <div className="add-to-calendar">
      <Button variant="secondary" size="sm" onClick={download} aria-describedby={`calendar-${booking.id}`}>
        <Trans>Añadir al calendario</Trans>
      </Button>
      <p id={`calendar-${booking.id}`} className="muted">
        <Trans>La salida, el regreso y el último día de cada plazo pendiente (archivo .ics).</Trans>
      </p>
    </div>
  )
}
