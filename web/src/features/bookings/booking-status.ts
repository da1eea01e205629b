import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BookingStatus } from '@/lib/api/generated/model/bookingStatus'

/** What the portal shows: the server's status, or "completed" once the trip is over (SPEC §4). */
export type DisplayStatus = BookingStatus | 'completed'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/

/** The local calendar day of `date` as YYYY-MM-DD. */
export const localDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** `day` (YYYY-MM-DD) plus `days`, as YYYY-MM-DD (calendar arithmetic, no time zone). */
export const addDays = (day: string, days: number): string | null => {
  const m = DATE_ONLY.exec(day)
  if (!m) return null
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days))
  return date.toISOString().slice(0, 10)
}

/**
 * A confirmed or pending booking is completed once a whole day has passed after the group's end
 * date: end_at + 1 day < today. A trip ending on 20 Nov shows completed from 22 Nov. Canceled and
 * invited bookings keep their status.
 */
export function displayStatus(booking: { status: BookingStatus; travel_group: { end_at: string } }, today: Date = new Date()): DisplayStatus {
  if (booking.status !== 'confirmed' && booking.status !== 'pending') return booking.status
  const dayAfterEnd = addDays(booking.travel_group.end_at, 1)
  if (dayAfterEnd !== null && dayAfterEnd < localDay(today)) return 'completed'
  return booking.status
}

export const statusLabels: Record<DisplayStatus, MessageDescriptor> = {
  pending: msg`Pendiente de pago`,
  confirmed: msg`Confirmada`,
  invited: msg`Invitación`,
  canceled: msg`Cancelada`,
  completed: msg`Completada`,
}
