// SPEC §4: what the portal shows as a booking's status, in one place for My bookings and the booking page.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BookingStatus } from '@contract/generated/model/bookingStatus'
import { addDays, isDay, localDay } from '@core/calendar'

/** The server's status, or "completed" once a whole day has passed after the trip's end. */
export type DisplayStatus = BookingStatus | 'completed'

/**
 * A confirmed or pending booking is completed once a whole day has passed after the group's end
 * date: end_at + 1 day < today. A trip ending on 20 Nov shows completed from 22 Nov. Canceled and
 * invited bookings keep their status. `today` is the traveller's local calendar day (YYYY-MM-DD).
 */
export function displayStatus(booking: { status: BookingStatus; travel_group: { end_at: string } }, today: string = localDay()): DisplayStatus {
  if (booking.status !== 'confirmed' && booking.status !== 'pending') return booking.status
  // an end date that is not a day (bad data) never completes a booking
  const end = booking.travel_group.end_at
  return isDay(end) && addDays(end, 1) < today ? 'completed' : booking.status
}

export const statusLabels: Record<DisplayStatus, MessageDescriptor> = {
  pending: msg`Pendiente de pago`,
  confirmed: msg`Confirmada`,
  invited: msg`Invitación`,
  canceled: msg`Cancelada`,
  completed: msg`Completada`,
}
