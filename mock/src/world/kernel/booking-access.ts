// Who sees which booking: the one rule every /booking/* handler goes through, and a booking's own
// look-ups (its travel group, a member, the role a customer has on it).
// A customer sees a booking of the request's agency only when booking.access lists them (buyer,
// passenger or guardian). Anything else answers 404, never 403, so existence does not leak.
import { acceptsChanges } from '../../../../core/booking-status.ts'
import { isMinorOn } from '../../../../core/calendar.ts'
import type { BookingRecord, CustomerRecord, MemberRecord, TravelGroupRecord, World } from './types.ts'
import { sendMail } from './outbox.ts'
import { fail } from './rule-failure.ts'
import type { WorldContext } from './world-context.ts'

const canSee = (ctx: WorldContext, customerId: string, booking: BookingRecord): boolean =>
  booking.agencyId === ctx.agency.id && booking.access.some((a) => a.customerId === customerId)

/** The signed-in customer's bookings in this agency (401 without a session). */
export const visibleBookings = (ctx: WorldContext): BookingRecord[] => {
  const me = ctx.me()
  return ctx.world.bookings.filter((b) => canSee(ctx, me.id, b))
}

/** Bookings of a travel group the customer can see: as buyer, passenger or guardian. */
export const customerBookingsIn = (ctx: WorldContext, customer: CustomerRecord, group: TravelGroupRecord): BookingRecord[] =>
  ctx.world.bookings.filter((b) => b.travelGroupId === group.id && canSee(ctx, customer.id, b))

export const bookingFor = (ctx: WorldContext, id: string): BookingRecord => {
  const me = ctx.me()
  const booking = ctx.world.bookings.find((b) => b.id === id)
  return booking !== undefined && canSee(ctx, me.id, booking) ? booking : fail(404, 'not_found', 'No such booking.')
}

/** A booking of this customer that may still change, else 404, or 409 booking_canceled (one rule for every write). */
export const changeableBookingFor = (ctx: WorldContext, id: string): BookingRecord => {
  const booking = bookingFor(ctx, id)
  return acceptsChanges(booking.status) ? booking : fail(409, 'booking_canceled', 'The booking is canceled: it can no longer change.')
}

/** The booking's travel group (the world always has it: a booking without one is a broken world). */
export const groupOf = (world: World, booking: BookingRecord): TravelGroupRecord => {
  const g = world.travelGroups.find((x) => x.id === booking.travelGroupId)
  if (!g) throw new Error(`booking ${booking.id} points at a missing travel group`)
  return g
}

/** The role a customer has on the booking (buyer, passenger, guardian), or null. */
export const roleOf = (booking: BookingRecord, customerId: string) => booking.access.find((a) => a.customerId === customerId)?.role ?? null

/** A member of the booking, else 404: ids of other bookings' passengers are as unknown as any other. */
export const memberFor = (booking: BookingRecord, memberId: string): MemberRecord =>
  booking.members.find((m) => m.id === memberId) ?? fail(404, 'not_found', 'No such passenger in this booking.')

/** E-mails of the guardians of the booking's minors (today), without repeats. */
export const guardianEmailsOfMinors = (ctx: WorldContext, booking: BookingRecord): string[] => {
  const emails = new Set<string>()
  for (const m of booking.members) if (isMinorOn(m.birthdate, ctx.today)) for (const g of m.guardians) emails.add(g.email.toLowerCase())
  return [...emails]
}

/** Minors act under their legal guardians (SPEC §1): tell each guardian when a minor's documentation changes. */
export const notifyGuardians = (ctx: WorldContext, booking: BookingRecord, member: MemberRecord, what: string): void => {
  if (!isMinorOn(member.birthdate, ctx.today)) return
  const emails = new Set(member.guardians.map((g) => g.email.toLowerCase()))
  for (const email of emails) {
    sendMail(
      ctx,
      email,
      `${ctx.agency.name}: documentación de ${member.name}`,
      `Se ha actualizado ${what} de ${member.name} ${member.surname1} en la reserva ${booking.locator}. Si no has sido tú, contacta con ${ctx.agency.name} (${ctx.agency.email}).`,
      null,
    )
  }
}
