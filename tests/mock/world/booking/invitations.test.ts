import { describe, expect, it } from 'vitest'
import { invite } from '../../../../mock/src/world/booking/invitations.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Invitations to a travel group: a customer (new or known), an invited booking to start from, a link mailed.

const body = { name: 'Nueva Viajera', email: 'nueva.viajera@example.com', phone: '+34600000009', commercial_consent: false, third_party_consent: true }
const setUp = () => {
  const world = freshWorld()
  return { world, anyone: worldContext(world, { email: null }), group: world.travelGroups.find((g) => g.id === 'tg-sol-rom')! }
}

describe('invitations', () => {
  it('a new address: an unvalidated customer with an invited booking, and a sign-in link mailed', () => {
    const { world, anyone, group } = setUp()
    const sent = invite(anyone, group, body)
    expect(sent.email).toBe(body.email)
    const customer = world.customers.find((c) => c.email === body.email)!
    expect(customer).toMatchObject({ name: 'Nueva', surname1: 'Viajera', validated: false, passwordHash: null })
    const invited = world.bookings.filter((b) => b.travelGroupId === group.id && b.access.some((a) => a.customerId === customer.id))
    expect(invited.map((b) => b.status)).toEqual(['invited'])
    expect(world.outbox.at(-1)!.to).toBe(body.email)
    expect(world.outbox.at(-1)!.link).toBeTruthy()
  })

  it('invited twice: still one invited booking', () => {
    const { world, anyone, group } = setUp()
    invite(anyone, group, body)
    invite(anyone, group, { ...body, email: ' NUEVA.VIAJERA@example.com ' })
    const customer = world.customers.find((c) => c.email === body.email)!
    expect(world.bookings.filter((b) => b.access.some((a) => a.customerId === customer.id))).toHaveLength(1)
  })

  it('someone who already booked the group is told to sign in; a group without invitations is 404', () => {
    const { world, anyone } = setUp()
    const london = world.travelGroups.find((g) => g.id === 'tg-sol-lon')!
    expect(refusal(() => invite(anyone, london, { ...body, email: 'ana.garcia@example.com' }))).toEqual({ status: 409, code: 'conflict' })
    expect(refusal(() => invite(anyone, { ...london, invitation_enabled: false }, body))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => invite({ ...anyone, today: london.start_at }, london, body))).toEqual({ status: 409, code: 'conflict' })
  })
})
