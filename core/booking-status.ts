// A booking's status (SPEC §4) and the one rule that moves it (decision 011). The mock moves its
// bookings with it, its seed included, and the portal shows what it reads with `displayStatus`.
import type { BookingStatus } from '../contract/generated/model/bookingStatus.ts'
import { addDays, isDay, localDay } from './calendar.ts'

/** The server's status, or "completed" once a whole day has passed after the trip's end. */
export type DisplayStatus = BookingStatus | 'completed'

/**
 * The first payment received confirms a booking: its seats are then the customer's. Until then it is
 * pending ("Pendiente de pago"), even when its seats are held. Instalments still due after that do not
 * make it pending again: what is left to pay is an amount, not a status. An invitation paid is taken
 * up and confirmed in the same step; a canceled booking stays canceled.
 */
export const statusAfterPayment = (status: BookingStatus): BookingStatus => (status === 'pending' || status === 'invited' ? 'confirmed' : status)

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

/**
 * A canceled booking is history: its data is what went to the providers, nothing on it is paid or
 * changed any more. Its documentation, buyer, plan, pack and payments answer 409 `booking_canceled`
 * (cancelling it again answers `booking_not_cancelable`); the mock still takes a new bank account for
 * its refund, which the portal does not offer (not settled yet: SPEC is silent).
 */
export const acceptsChanges = (status: BookingStatus): boolean => status !== 'canceled'
