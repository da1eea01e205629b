// Which parts of a booking the page shows, decided from the booking alone (docs/decisions/006).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Booking } from '@contract/generated/model/booking'
import { displayStatus } from '@core/booking-status'

export const TAB_IDS = [
  'experience',
  'payments',
  'refunds',
  'documentation',
  'rooming',
  'review',
  'notices',
  'contact',
  'group',
  'packs',
  'ballots',
  'qr',
] as const
export type TabId = (typeof TAB_IDS)[number]
export const isTabId = (value: unknown): value is TabId => typeof value === 'string' && (TAB_IDS as readonly string[]).includes(value)

export const tabLabels: Record<TabId, MessageDescriptor> = {
  experience: msg`Experiencia`,
  payments: msg`Pagos`,
  refunds: msg`Reembolsos y facturas`,
  documentation: msg`Documentación`,
  rooming: msg`Habitaciones`,
  review: msg`Valoración`,
  notices: msg`Avisos`,
  contact: msg`Contacto`,
  group: msg`Datos del grupo`,
  packs: msg`Packs`,
  ballots: msg`Papeletas`,
  qr: msg`Código QR`,
}

type StatusInput = Pick<Booking, 'status'> & { travel_group: Pick<Booking['travel_group'], 'start_at' | 'end_at'> }

/** The trip has started (departure day included): from then on nothing can be cancelled or changed. */
export const tripStarted = (booking: StatusInput, today: string) => booking.travel_group.start_at <= today

/** A booking that holds seats (not an invitation, not canceled). */
const active = (booking: StatusInput) => booking.status === 'pending' || booking.status === 'confirmed'

/** Cancelling is offered before the trip only, on a booking that holds seats (SPEC §4). */
export const canCancel = (booking: StatusInput, today: string) => active(booking) && !tripStarted(booking, today)

type TabInput = StatusInput & Pick<Booking, 'group' | 'raffle_blocks'> & { travel_group: Pick<Booking['travel_group'], 'rooming_enabled' | 'rooming_list_id'> }

/**
 * The tabs a booking has, in the order of SPEC §2:
 * - experience, notices, contact: always;
 * - payments, refunds (with invoices and the bank account): not on an invitation (nothing booked yet);
 * - documentation, QR: on a booking that holds seats, until the trip is completed;
 * - rooming: the same, and only when the group allows rooming and has a list;
 * - review: once the trip is completed;
 * - group data: when the booking belongs to a booking group;
 * - packs: before the trip, on anything not canceled (an invitation may choose its pack too);
 * - ballots: when the booking has raffle blocks and is not canceled.
 */
export function visibleTabs(booking: TabInput, today: string): TabId[] {
  const status = displayStatus(booking, today)
  const holdsSeats = active(booking) && status !== 'completed'
  const shown: Record<TabId, boolean> = {
    experience: true,
    payments: booking.status !== 'invited',
    refunds: booking.status !== 'invited',
    documentation: holdsSeats,
    rooming: holdsSeats && booking.travel_group.rooming_enabled && booking.travel_group.rooming_list_id !== null,
    review: status === 'completed',
    notices: true,
    contact: true,
    group: booking.group !== null,
    packs: booking.status !== 'canceled' && !tripStarted(booking, today),
    ballots: booking.raffle_blocks.length > 0 && booking.status !== 'canceled',
    qr: holdsSeats,
  }
  return TAB_IDS.filter((id) => shown[id])
}
