// The bookings of Viajes Norte's demo customer.
import { planTermRecords } from '../money/payment-plan.ts'
import { bookingTotal } from '../offer/booking-price.ts'
import type { TravelGroupRecord, World } from '../kernel/types.ts'
import { customer } from './demo-accounts.ts'
import { type Ids, bookingBase, member, payTerm } from './bookings.ts'

export const seedNorteDemo = (world: World, groups: Map<string, TravelGroupRecord>, ids: Ids, today: Date) => {
  const laura = customer('ag-norte', 'cus-norte-laura', 'Laura', 'Martín', 'Soto', 'laura.martin@example.com')
  const anaNorte = customer('ag-norte', 'cus-norte-ana', 'Ana', 'García', 'Norte', 'ana.garcia@example.com')
  world.customers.push(laura, anaNorte)
  const isl = groups.get('tg-norte-isl')!
  const b = bookingBase(isl, 'bkg-norte-2001', 'AN-ISL01', new Date(today.getTime() - 10 * 86_400_000).toISOString())
  b.status = 'pending'
  b.access = [{ customerId: laura.id, role: 'buyer' }]
  b.members = [
    member('mem-norte-laura', {
      customerId: laura.id,
      name: 'Laura',
      surname1: 'Martín',
      surname2: 'Soto',
      gender: 'female',
      birthdate: '1990-05-05',
      email: laura.email,
    }),
  ]
  b.buyer = {
    type: 'person',
    name: 'Laura',
    surname1: 'Martín',
    company_name: null,
    tax_id: '56789012B',
    address: 'Gran Vía 10',
    zip: '48001',
    country: 'ES',
    state: 'ES-BI',
    city: 'Bilbao',
    email: laura.email,
    phone: '+34600999888',
    declares_capacity: true,
  }
  b.paymentPlanId = isl.paymentPlans[1]!.id
  b.terms = planTermRecords(isl.paymentPlans[1]!, bookingTotal(isl, b), ids)
  payTerm(world, b, b.terms[0]!, b.createdAt, ids)
  world.bookings.push(b)
}
