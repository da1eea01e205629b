// Seeded bookings: members, confirmed bookings already paid in part, and the faker-made fellow
// travellers that fill each group.
import { traveller } from './traveller.ts'
import type { Faker } from '@faker-js/faker'
import { utcDay } from '../../../../core/calendar.ts'
import { statusAfterPayment } from '../../../../core/booking-status.ts'
import { english } from '../../../../core/translations.ts'
import { planTermRecords } from '../money/payment-plan.ts'
import { blankBooking, newMember } from '../booking/new-booking.ts'
import { bookingTotal } from '../offer/booking-price.ts'
import type { BookingRecord, MemberRecord, PaymentRecord, RoomingListRecord, TermRecord, TravelGroupRecord, World } from '../kernel/types.ts'
import { customer } from './demo-accounts.ts'

export type Ids = { next: (prefix: string) => string }

export const makeIds = (world: { counter: number }): Ids => ({
  next: (prefix) => {
    world.counter += 1
    return `${prefix}-${world.counter}`
  },
})

/** A seeded member: the traveller of Madrid with a DNI (traveller.ts), unless the input says otherwise. */
export const member = (id: string, input: Partial<MemberRecord> & Pick<MemberRecord, 'name' | 'surname1' | 'birthdate' | 'gender'>): MemberRecord => ({
  ...newMember(id, null, traveller({ name: input.name, surname1: input.surname1, surname2: null, gender: input.gender, birthdate: input.birthdate })),
  ...input,
})

/** A rooming list's room, numbered: "Habitación 4", "Room 4". */
const roomingRoomName = (n: number) => ({ name: `Habitación ${n}`, translations: english({ name: `Room ${n}` }) })

/** A seeded booking starts as checkout's does, already confirmed on the group's first plan and method. */
export const bookingBase = (group: TravelGroupRecord, id: string, locator: string, createdAt: string): BookingRecord => ({
  ...blankBooking(group, id, locator, createdAt),
  status: 'confirmed',
  paymentPlanId: group.paymentPlans[0]!.id,
  paymentMethodId: group.paymentMethods[0]!.id,
})

export const payTerm = (world: World, booking: BookingRecord, term: TermRecord, paidAt: string, ids: Ids) => {
  term.paid_at = paidAt
  const payment: PaymentRecord = {
    id: ids.next('pay'),
    agencyId: booking.agencyId,
    bookingId: booking.id,
    termIds: [term.id],
    amount: term.amount,
    method: 'tpv',
    status: 'paid',
    created_at: paidAt,
    paid_at: paidAt,
    error_code: null,
    returnUrl: 'http://localhost:5173/payment',
    retriedBy: null,
  }
  world.payments.push(payment)
  booking.invoices.push({
    id: ids.next('inv'),
    number: `F${paidAt.slice(0, 4)}-${String(world.counter).padStart(5, '0')}`,
    issued_at: paidAt.slice(0, 10),
    amount: term.amount,
  })
  booking.status = statusAfterPayment(booking.status)
}

export const seedFellowTravellers = (world: World, group: TravelGroupRecord, faker: Faker, ids: Ids, count: number, today: Date) => {
  const rooming: RoomingListRecord | null = group.roomingListId
    ? { id: group.roomingListId, agencyId: group.agencyId, travelGroupId: group.id, status: 'open', rooms: [] }
    : null
  for (let i = 0; i < count; i++) {
    const sex = faker.person.sexType()
    const first = faker.person.firstName(sex)
    const last1 = faker.person.lastName()
    const last2 = faker.person.lastName()
    const cust = customer(
      group.agencyId,
      ids.next('cus'),
      faker.person.firstName(),
      last1,
      last2,
      faker.internet.email({ firstName: first, lastName: last1, provider: 'example.com' }).toLowerCase(),
      {
        passwordHash: null,
      },
    )
    world.customers.push(cust)
    const booking = bookingBase(
      group,
      ids.next('bkg'),
      `${group.code}-${faker.string.alphanumeric({ length: 5, casing: 'upper' })}`,
      new Date(today.getTime() - faker.number.int({ min: 5, max: 90 }) * 86_400_000).toISOString(),
    )
    booking.packId = group.packs[i % 4 === 0 ? 1 : 0]!.id
    booking.access = [{ customerId: cust.id, role: 'buyer' }]
    booking.members = [
      member(ids.next('mem'), {
        name: first,
        surname1: last1,
        surname2: last2,
        gender: sex === 'female' ? 'female' : 'male',
        birthdate: utcDay(faker.date.birthdate({ min: 14, max: 17, mode: 'age', refDate: today })),
        document_number: `${faker.string.numeric(8)}${faker.string.alpha({ length: 1, casing: 'upper' })}`,
        city: faker.location.city(),
        address: faker.location.streetAddress(),
        zip: faker.location.zipCode('#####'),
      }),
    ]
    booking.rooms = []
    booking.buyer = {
      type: 'person',
      name: cust.name,
      surname1: cust.surname1,
      company_name: null,
      tax_id: `${faker.string.numeric(8)}${faker.string.alpha({ length: 1, casing: 'upper' })}`,
      address: faker.location.streetAddress(),
      zip: faker.location.zipCode('#####'),
      country: 'ES',
      state: 'ES-M',
      city: 'Madrid',
      email: cust.email,
      phone: faker.phone.number({ style: 'international' }),
      declares_capacity: true,
    }
    const plan = group.paymentPlans[0]!
    booking.paymentPlanId = plan.id
    booking.terms = planTermRecords(plan, bookingTotal(group, booking), ids)
    if (group.start_at > utcDay(today) || i % 2 === 0) payTerm(world, booking, booking.terms[0]!, booking.createdAt, ids)
    world.bookings.push(booking)
    if (rooming && i < 12) {
      const roomIndex = Math.floor(i / 3)
      rooming.rooms[roomIndex] ??= { id: `${rooming.id}-r${roomIndex + 1}`, ...roomingRoomName(roomIndex + 1), capacity: 3, members: [] }
      rooming.rooms[roomIndex]!.members.push({ booking_id: booking.id, member_id: booking.members[0]!.id, name: `${first} ${last1}` })
    }
  }
  if (rooming) {
    for (let r = rooming.rooms.length; r < 10; r++)
      rooming.rooms.push({ id: `${rooming.id}-r${r + 1}`, ...roomingRoomName(r + 1), capacity: r % 2 === 0 ? 2 : 3, members: [] })
    world.roomingLists.push(rooming)
  }
}

export const raffleBlock = (ids: Ids, bookingId: string, from: number, faker: Faker) => ({
  id: ids.next('rfb'),
  name: `Talonario ${from}–${from + 9}`,
  ballots: Array.from({ length: 10 }, (_, i) => ({
    id: `${bookingId}-bal-${from + i}`,
    number: from + i,
    code: `${faker.string.alphanumeric({ length: 4, casing: 'upper' })}-${faker.string.numeric(2)}`,
    sold: i < 3,
  })),
})
