import { describe, expect, it } from 'vitest'
import { bookingGroupOr404, bookingGroupView, joinBookingGroup } from '../../../../mock/src/world/booking/booking-groups.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Booking groups: friends who book apart and travel together, joined with the group's code.

const setUp = () => {
  const world = freshWorld()
  const ana = worldContext(world)
  const bookingGroup = world.bookingGroups.find((g) => g.id === 'grp-sol-1')!
  const group = world.travelGroups.find((g) => g.id === bookingGroup.travelGroupId)!
  return { world, ana, bookingGroup, group }
}

describe('booking groups', () => {
  it('found by id and code, the code in any case; a wrong code is as unknown as a wrong id', () => {
    const { ana, bookingGroup, group } = setUp()
    expect(bookingGroupOr404(ana, group, bookingGroup.id, ` ${bookingGroup.code.toLowerCase()} `)).toBe(bookingGroup)
    expect(refusal(() => bookingGroupOr404(ana, group, bookingGroup.id, 'WRONG'))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => bookingGroupOr404(ana, group, bookingGroup.id, null))).toEqual({ status: 404, code: 'not_found' })
    expect(bookingGroupView(bookingGroup)).toEqual({
      id: bookingGroup.id,
      travel_group_id: group.id,
      name: bookingGroup.name,
      code: bookingGroup.code,
      members: bookingGroup.members,
    })
  })

  it('joining: the booking in the group, the friends named as members, each new address mailed the code once', () => {
    const { world, ana, bookingGroup, group } = setUp()
    const booking = world.bookings.find(
      (b) => b.travelGroupId === group.id && b.status !== 'canceled' && b.access.some((a) => a.customerId === ana.me().id && a.role === 'buyer'),
    )!
    const before = world.outbox.length
    joinBookingGroup(ana, ana.me(), group, bookingGroup.id, {
      code: bookingGroup.code,
      booking_id: booking.id,
      emails: [' amiga@example.com ', 'AMIGA@example.com'],
    })
    expect(booking.groupId).toBe(bookingGroup.id)
    expect(bookingGroup.members.filter((m) => m.email.toLowerCase() === 'amiga@example.com')).toHaveLength(1)
    const mails = world.outbox.slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(bookingGroup.code)
    expect(mails[0]!.link).toContain(`group=${bookingGroup.id}`)
  })

  it('an address that is not one: 422 booking_group_mail_invalid; someone else’s booking: 404', () => {
    const { world, ana, bookingGroup, group } = setUp()
    const mine = world.bookings.find((b) => b.travelGroupId === group.id && b.status !== 'canceled' && b.access.some((a) => a.customerId === ana.me().id))!
    expect(
      refusal(() => joinBookingGroup(ana, ana.me(), group, bookingGroup.id, { code: bookingGroup.code, booking_id: mine.id, emails: ['not an address'] })),
    ).toEqual({
      status: 422,
      code: 'booking_group_mail_invalid',
    })
    const theirs = world.bookings.find((b) => b.travelGroupId === group.id && !b.access.some((a) => a.customerId === ana.me().id))!
    expect(refusal(() => joinBookingGroup(ana, ana.me(), group, bookingGroup.id, { code: bookingGroup.code, booking_id: theirs.id, emails: [] }))).toEqual({
      status: 404,
      code: 'not_found',
    })
  })
})
