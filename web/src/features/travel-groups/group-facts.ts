import { useLingui } from '@lingui/react/macro'
import type { TravelGroupStatus } from '@contract/generated/model/travelGroupStatus'

/** Nights between two calendar days (start and end of the trip). */
export const nightsBetween = (start: string, end: string): number => {
  const a = Date.parse(`${start}T00:00:00Z`)
  const b = Date.parse(`${end}T00:00:00Z`)
  return Number.isFinite(a) && Number.isFinite(b) ? Math.max(0, Math.round((b - a) / 86_400_000)) : 0
}

export function useGroupStatusLabel(): (status: TravelGroupStatus) => string {
  const { t } = useLingui()
  return (status) => (status === 'open' ? t`Plazas disponibles` : status === 'sold_out' ? t`Completo` : t`Cerrado`)
}
