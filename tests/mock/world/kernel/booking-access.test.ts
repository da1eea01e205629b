import { describe, expect, it } from 'vitest'
import {
  bookingFor,
  changeableBookingFor,
  customerBookingsIn,
  groupOf,
  guardianEmailsOfMinors,
  memberFor,
  notifyGuardians,
  roleOf,
  visibleBookings,
} from '../../../../mock/src/world/kernel/booking-access.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Who sees which booking: a customer sees a booking of the request's agency only when its access lists
// them; anything else is 404, never 403.

describe('booking access', () => {
  it('a customer sees their own bookings of this agency, and no one else’s', () => {
    const world = freshWorld()
    const ana = worldContext(world)
    const mine = visibleBookings(ana)
    expect(mine.map((b) => b.id)).toContain('bkg-sol-1001')
    expect(mine.every((b) => b.agencyId === 'ag-sol' && b.access.some((a) => a.customerId === ana.me().id))).toBe(true)
    const other = world.bookings.find((b) => b.agencyId === 'ag-sol' && !b.access.some((a) => a.customerId === ana.me().id))!
    expect(refusal(() => bookingFor(ana, other.id))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => bookingFor(ana, 'bkg-nobody'))).toEqual({ status: 404, code: 'not_found' })
  })

  it('the same e-mail in another agency is another customer: her bookings there are not seen here', () => {
    const world = freshWorld()
    const norteAna = worldContext(world, { agencyId: 'ag-norte' })
    const solBooking = visibleBookings(worldContext(world))[0]!
    expect(refusal(() => bookingFor(norteAna, solBooking.id))?.status).toBe(404)
  })

  it('without a session: 401', () => {
    expect(refusal(() => visibleBookings(worldContext(freshWorld(), { email: null })))).toEqual({ status: 401, code: 'unauthorized' })
  })

  it('a canceled booking can be read but no longer changed: 409 booking_canceled', () => {
    const ana = worldContext(freshWorld())
    expect(bookingFor(ana, 'bkg-sol-1004').status).toBe('canceled')
    expect(refusal(() => changeableBookingFor(ana, 'bkg-sol-1004'))).toEqual({ status: 409, code: 'booking_canceled' })
    expect(changeableBookingFor(ana, 'bkg-sol-1001').id).toBe('bkg-sol-1001')
  })

  it('a booking’s travel group, the role a customer has on it, and its members by id', () => {
    const world = freshWorld()
    const ana = worldContext(world)
    const booking = bookingFor(ana, 'bkg-sol-1001')
    expect(groupOf(world, booking).id).toBe('tg-sol-lon')
    expect(roleOf(booking, ana.me().id)).toBe('buyer')
    expect(roleOf(booking, 'cus-nobody')).toBeNull()
    expect(memberFor(booking, booking.members[0]!.id)).toBe(booking.members[0])
    const otherMember = bookingFor(ana, 'bkg-sol-1002').members[0]!
    expect(refusal(() => memberFor(booking, otherMember.id))).toEqual({ status: 404, code: 'not_found' })
  })

  it('the customer’s bookings in one travel group', () => {
    const world = freshWorld()
    const ana = worldContext(world)
    const london = world.travelGroups.find((g) => g.id === 'tg-sol-lon')!
    expect(
      customerBookingsIn(ana, ana.me(), london)
        .map((b) => b.id)
        .sort(),
    ).toEqual(['bkg-sol-1001', 'bkg-sol-1004', 'bkg-sol-1006'])
  })

  it('a minor’s guardians are told of a change to the minor’s documentation; an adult’s change tells no one', () => {
    const world = freshWorld()
    const ana = worldContext(world)
    const booking = visibleBookings(ana).find((b) => guardianEmailsOfMinors(ana, b).length > 0)!
    const minor = booking.members.find((m) => m.guardians.length > 0 && guardianEmailsOfMinors(ana, booking).includes(m.guardians[0]!.email.toLowerCase()))!
    const before = world.outbox.length
    notifyGuardians(ana, booking, minor, 'el pasaporte')
    const sent = world.outbox.slice(before)
    expect(sent.map((mail) => mail.to).sort()).toEqual([...new Set(minor.guardians.map((g) => g.email.toLowerCase()))].sort())
    expect(sent[0]!.text).toContain('el pasaporte')
    const adult = booking.members.find((m) => m.guardians.length === 0) ?? { ...minor, birthdate: '1980-01-01' }
    notifyGuardians(ana, booking, adult, 'el DNI')
    expect(world.outbox.length).toBe(before + sent.length)
  })
})
