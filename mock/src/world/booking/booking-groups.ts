// Booking groups: friends who book apart and travel together, joined with the group's code.
import { z } from 'zod'
import { contractEmail, type JoinGroupBody } from '../../../../contract/generated/zod.ts'
import type { BookingGroup, FieldError } from '../../../../contract/generated/model/index.ts'
import { fullName } from '../../../../core/person-name.ts'
import { customerBookingsIn } from '../kernel/booking-access.ts'
import { sendMail } from '../kernel/outbox.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingGroupRecord, CustomerRecord, TravelGroupRecord } from '../kernel/types.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** The booking group with this id in the travel group, when the code is its own; else 404. */
export const bookingGroupOr404 = (ctx: WorldContext, group: TravelGroupRecord, groupId: string | undefined, code: string | null | undefined) => {
  const found = ctx.world.bookingGroups.find((g) => g.id === groupId && g.agencyId === ctx.agency.id && g.travelGroupId === group.id)
  // A wrong code answers like a missing group: the code is what proves you were invited.
  if (!found || !code || found.code.toUpperCase() !== code.trim().toUpperCase()) return fail(404, 'not_found', 'No booking group with that code.')
  return found
}

export const bookingGroupView = (g: BookingGroupRecord): BookingGroup => ({
  id: g.id,
  travel_group_id: g.travelGroupId,
  name: g.name,
  code: g.code,
  members: g.members,
})

// the contract's `format: email`, as the generated schemas check it
const emailSchema = z.email({ pattern: contractEmail })

/** How a customer is named to the friends they invite: their full name, or their address when they gave none. */
const nameOf = (c: CustomerRecord) => fullName(c) || c.email

/**
 * The customer's booking joins the group (leaving any other): they and the addresses they give become
 * its members, and each new address gets an e-mail with the group's code.
 */
export const joinBookingGroup = (
  ctx: WorldContext,
  me: CustomerRecord,
  group: TravelGroupRecord,
  groupId: string | undefined,
  body: z.infer<typeof JoinGroupBody>,
): BookingGroupRecord => {
  const bookingGroup = bookingGroupOr404(ctx, group, groupId, body.code)
  const booking =
    customerBookingsIn(ctx, me, group).find((b) => b.id === body.booking_id && b.status !== 'canceled') ??
    fail(404, 'not_found', 'No such booking of yours in this travel group.')
  const wrong: FieldError[] = body.emails.flatMap((email, i) =>
    emailSchema.safeParse(email.trim()).success ? [] : [{ field: `emails.${i}`, code: 'email', message: 'This is not a valid e-mail address.' }],
  )
  if (wrong.length) fail(422, 'booking_group_mail_invalid', 'One of the e-mails entered is not valid.', wrong)

  const known = new Set(bookingGroup.members.map((m) => m.email.toLowerCase()))
  const add = (name: string, email: string) => {
    if (known.has(email.toLowerCase())) return false
    known.add(email.toLowerCase())
    bookingGroup.members.push({ name, email })
    return true
  }
  add(nameOf(me), me.email)
  for (const raw of body.emails) {
    const email = raw.trim()
    const customer = ctx.world.customers.find((c) => c.agencyId === ctx.agency.id && c.email.toLowerCase() === email.toLowerCase())
    if (add(customer ? nameOf(customer) : email.split('@')[0]!, email)) {
      sendMail(
        ctx,
        email,
        `${ctx.agency.name}: ${nameOf(me)} te invita a viajar juntos`,
        `${nameOf(me)} quiere que viajéis juntos en ${group.name}. Al reservar, únete al grupo «${bookingGroup.name}» con el código ${bookingGroup.code}.`,
        // the portal's invitation page fills in the group and its code from the link
        `${ctx.portalOrigin()}/travelgroup/${encodeURIComponent(group.id)}/invitation?group=${encodeURIComponent(bookingGroup.id)}&code=${encodeURIComponent(bookingGroup.code)}`,
      )
    }
  }
  if (booking.groupId && booking.groupId !== bookingGroup.id) {
    // moving to another group of friends: leave the old one
    const previous = ctx.world.bookingGroups.find((g) => g.id === booking.groupId)
    if (previous) {
      previous.members = previous.members.filter((m) => m.email.toLowerCase() !== me.email.toLowerCase())
      ctx.save('bookingGroups', previous)
    }
  }
  booking.groupId = bookingGroup.id
  ctx.save('bookingGroups', bookingGroup)
  ctx.save('bookings', booking)
  return bookingGroup
}
