import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/controls/button'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import { downloadCalendar } from '@/lib/domain/calendar-file'
import { toast } from '@/lib/browser/toast'
import { useTranslated } from '@/hooks/use-translated'

/** The trip's dates in the traveller's calendar, before they even have a booking. */
export function TripDatesToCalendar({ group }: { group: TravelGroup }) {
  const { t } = useLingui()
  const tr = useTranslated()
  const download = async () => {
    const trip = tr(group, 'name')
    try {
      await downloadCalendar(trip, [
        {
          uid: `${group.id}-trip@${window.location.host}`,
          title: trip,
          first: group.start_at,
          last: group.end_at,
          location: tr(group, 'destination'),
          url: `${window.location.origin}/travelgroup/${encodeURIComponent(group.id)}`,
        },
      ])
    } catch {
      toast.error(t`No hemos podido crear el archivo del calendario. Inténtalo de nuevo.`)
    }
  }
  return (
    <p className="inv-calendar">
      <Button variant="ghost" size="sm" onClick={download}>
        <Trans>Añadir las fechas al calendario</Trans>
      </Button>
    </p>
  )
}
