// Invitations to a travel group (POST /travelgroup/{id}/invite): a customer (new or known), an invited
// booking to start from, and the sign-in link mailed.
import type { z } from 'zod'
import type { SendInvitationBody } from '../../../../contract/generated/zod.ts'
import type { InvitationSent } from '../../../../contract/generated/model/index.ts'
import { mailSignInLink } from '../people/accounts.ts'
import { isBookable } from '../offer/travel-group-offer.ts'
import { blankBooking, locatorFor } from './new-booking.ts'
import { customerBookingsIn } from '../kernel/booking-access.ts'
import { holdsSeats } from '../offer/seats-left.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { CustomerRecord, TravelGroupRecord } from '../kernel/types.ts'
import type { WorldContext } from '../kernel/world-context.ts'

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  return { name: first, surname1: rest.join(' ') }
}

export const invite = (ctx: WorldContext, group: TravelGroupRecord, body: z.infer<typeof SendInvitationBody>): InvitationSent => {
  if (!group.invitation_enabled || !group.invitation.enabled) fail(404, 'not_found', 'This travel group does not take invitations.')
  if (!isBookable(group, ctx.today)) fail(409, 'conflict', 'This travel group no longer takes bookings.')
  const email = body.email.trim()
  let customer = ctx.world.customers.find((c) => c.agencyId === ctx.agency.id && c.email.toLowerCase() === email.toLowerCase())
  // booked as buyer or passenger; being the guardian of a passenger does not book oneself
  const booked = (c: CustomerRecord) =>
    customerBookingsIn(ctx, c, group).some((b) => holdsSeats(b) && b.access.some((a) => a.customerId === c.id && a.role !== 'guardian'))
  if (customer && booked(customer)) {
    fail(409, 'conflict', 'You already have a booking in this travel group: sign in to see it.')
  }
  if (!customer) {
    customer = {
      id: ctx.id('cus'),
      agencyId: ctx.agency.id,
      ...splitName(body.name),
      surname2: null,
      email,
      phone: body.phone,
      lang: ctx.lang,
      // following the mailed link validates the address
      validated: false,
      passwordHash: null,
      validationToken: null,
    }
    ctx.insert('customers', customer)
  }
  if (!customerBookingsIn(ctx, customer, group).some((b) => b.status === 'invited')) {
    const booking = blankBooking(group, ctx.id('bkg'), '', ctx.now.toISOString())
    booking.locator = locatorFor(group, ctx.world.counter)
    booking.access = [{ customerId: customer.id, role: 'buyer' }]
    ctx.insert('bookings', booking)
  }
  const invitation = {
    id: ctx.id('inv'),
    agencyId: ctx.agency.id,
    travelGroupId: group.id,
    name: body.name,
    email,
    phone: body.phone,
    commercial_consent: body.commercial_consent,
    third_party_consent: body.third_party_consent,
    createdAt: ctx.now.toISOString(),
  }
  ctx.insert('invitations', invitation)
  mailSignInLink(ctx, customer, 'login_link', `/travelgroup/${group.id}/checkout`)
  return { id: invitation.id, email }
}
