import { describe, expect, it } from 'vitest'
import { blankBooking, locatorFor, newMember } from '../../../../mock/src/world/booking/new-booking.ts'
import { freshWorld } from '../world-fixture.ts'
import { traveller } from '../../../../mock/src/world/seed/traveller.ts'

// A new booking and its members, as checkout, invitations and the seed start them.

const group = freshWorld().travelGroups.find((g) => g.id === 'tg-sol-lon')!

describe('a new booking', () => {
  it('starts invited, in its group’s first pack, with nothing on it', () => {
    const booking = blankBooking(group, 'bkg-1', 'LON-00001', '2026-11-21T10:00:00Z')
    expect(booking).toMatchObject({ id: 'bkg-1', agencyId: 'ag-sol', travelGroupId: group.id, status: 'invited', packId: group.packs[0]!.id, buyer: null })
    expect([booking.members, booking.terms, booking.access, booking.invoices, booking.refunds]).toEqual([[], [], [], [], []])
  })

  it('a member is what was given and nothing on file yet; a DNI holder is marked as one', () => {
    const data = traveller({ birthdate: '2011-05-05' })
    const member = newMember('mem-1', 'cus-1', data)
    expect(member).toMatchObject({ ...data, id: 'mem-1', customerId: 'cus-1', has_dni: true, documents: [], guardians: [], extras: [], insurance_id: null })
    expect(newMember('mem-2', null, { ...data, document_type: 'passport' }).has_dni).toBe(false)
  })

  it('its locator is the group’s code and a number in base 36, five wide', () => {
    expect(locatorFor(group, 1234)).toBe(`${group.code}-000YA`)
    expect(locatorFor(group, 36 ** 5)).toBe(`${group.code}-100000`)
  })
})
