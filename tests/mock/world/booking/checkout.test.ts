import { describe, expect, it } from 'vitest'
import { checkout } from '../../../../mock/src/world/booking/checkout.ts'
import { lockSeats } from '../../../../mock/src/world/offer/seat-locks.ts'
import { bookingTotal } from '../../../../mock/src/world/offer/booking-price.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'
import { traveller } from '../../../../mock/src/world/seed/traveller.ts'

// The checkout: a body checked whole, the customer's own live hold, the booking written, its terms, its
// first payment and the e-mail; the same key twice is the same booking.

const member = (name: string, birthdate: string, document_number: string) => traveller({ name, surname1: 'Nuevo', surname2: null, birthdate, document_number })

const setUp = (options: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const me = worldContext(world, { email: 'nuevo@example.com', ...options })
  const group = world.travelGroups.find((g) => g.id === 'tg-sol-rom')!
  const double = group.hosting_rooms.find((h) => h.capacity === 2)!
  const base = { pack_id: group.packs[0]!.id, members: 2, rooms: [{ hosting_id: double.id, quantity: 1 }] }
  const lock = lockSeats(me, group, me.me(), base)
  const body = {
    lock_id: lock.id,
    pack_id: base.pack_id,
    rooms: base.rooms,
    members: [member('Eva', '1990-01-01', '12345678z'), member('Sara', '1992-02-02', '87654321X')],
    buyer: {
      type: 'person' as const,
      name: 'Eva',
      surname1: 'Nuevo',
      company_name: null,
      tax_id: ' 12345678z ',
      address: 'Calle Mayor 1',
      zip: '28001',
      country: 'ES',
      state: 'ES-M',
      city: 'Madrid',
      email: 'nuevo@example.com',
      phone: '+34600000000',
      declares_capacity: true as const,
    },
    extras: [],
    insurances: [],
    voucher_code: 'verano10',
    payment_plan_id: group.paymentPlans[0]!.id,
    payment_method_id: group.paymentMethods.find((m) => m.type === 'tpv')!.id,
    accept_terms: true as const,
    return_url: 'http://localhost:5173/payment',
    idempotency_key: 'key-checkout-test-0001',
  }
  return { world, me, group, lock, body }
}

describe('checkout', () => {
  it('books: a pending booking priced by the one rule, the hold used, the first term’s payment, the e-mail', () => {
    const { world, me, group, lock, body } = setUp()
    const { result } = checkout(me, group, me.me(), body)
    const booking = world.bookings.find((b) => b.id === result.booking_id)!
    expect(booking).toMatchObject({ status: 'pending', packId: body.pack_id, paymentPlanId: body.payment_plan_id, idempotencyKey: body.idempotency_key })
    expect(booking.access).toEqual([{ customerId: me.me().id, role: 'buyer' }])
    expect(booking.members.map((m) => m.document_number)).toEqual(['12345678Z', '87654321X'])
    expect(booking.buyer?.tax_id).toBe('12345678Z')
    expect(booking.discount?.code).toBe('VERANO10')
    expect(booking.terms.reduce((sum, t) => sum + t.amount, 0)).toBe(bookingTotal(group, booking))
    expect(lock.usedBy).toBe(booking.id)
    expect(result.action.amount).toBe(booking.terms[0]!.amount)
    expect(world.outbox.at(-1)).toMatchObject({ to: 'nuevo@example.com', link: `http://localhost:5173/booking/${booking.id}` })
  })

  it('the same key again is the same booking and the same payment, never a second one', () => {
    const { world, me, group, body } = setUp()
    const first = checkout(me, group, me.me(), body).result
    const bookings = world.bookings.length
    const payments = world.payments.length
    expect(checkout(me, group, me.me(), body).result).toEqual(first)
    expect([world.bookings.length, world.payments.length]).toEqual([bookings, payments])
  })

  it('refuses, field by field: a coupon that is not valid, a minor buyer, a document number badly formed', () => {
    const { me, group, body } = setUp()
    expect(refusal(() => checkout(me, group, me.me(), { ...body, voucher_code: 'NADA' }))).toEqual({ status: 422, code: 'voucher_invalid' })
    expect(refusal(() => checkout(me, group, me.me(), { ...body, members: [body.members[0]!, member('Sara', '1992-02-02', '87-65')] }))).toEqual({
      status: 422,
      code: 'dni_wrong_format',
    })
    const minor = setUp({ scenarios: ['minor-buyer'] })
    expect(refusal(() => checkout(minor.me, minor.group, minor.me.me(), minor.body))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('without a live hold of this customer, or for another party than it held: 422 on the field', () => {
    const { world, me, group, body } = setUp()
    expect(refusal(() => checkout(me, group, me.me(), { ...body, lock_id: 'lck-none' }))).toEqual({ status: 422, code: 'validation_error' })
    const other = worldContext(world, { email: 'ana.garcia@example.com' })
    expect(refusal(() => checkout(other, group, other.me(), { ...body, idempotency_key: 'key-someone-else-0001' }))).toEqual({
      status: 422,
      code: 'validation_error',
    })
    expect(refusal(() => checkout(me, group, me.me(), { ...body, pack_id: group.packs[1]!.id }))).toEqual({ status: 422, code: 'validation_error' })
  })

  it('sold out meanwhile: 409, and nothing is booked', () => {
    const { world, me, group, body } = setUp()
    const bookings = world.bookings.length
    expect(refusal(() => checkout({ ...me, scenarios: new Set(['sold-out']) }, group, me.me(), body))).toEqual({ status: 409, code: 'cant_lock_enough_seats' })
    expect(world.bookings.length).toBe(bookings)
  })
})
