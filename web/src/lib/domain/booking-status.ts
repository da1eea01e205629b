// SPEC §4: the words for a booking's status, in one place for My bookings and the booking page. The rule
// itself (what each status means, and "completed") is core/booking-status.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DisplayStatus } from '@core/booking-status'

export const statusLabels: Record<DisplayStatus, MessageDescriptor> = {
  pending: msg`Pendiente de pago`,
  confirmed: msg`Confirmada`,
  invited: msg`Invitación`,
  canceled: msg`Cancelada`,
  completed: msg`Completada`,
}
