// The bookings of Viajes Sol's demo customers that QA and the e2e tests rely on (README).
import type { Faker } from '@faker-js/faker'
import { addDays, addYears, utcDay } from '../../../../core/calendar.ts'
import { english } from '../../../../core/translations.ts'
import { planTermRecords } from '../money/payment-plan.ts'
import { bookingTotal } from '../offer/booking-price.ts'
import type { MemberRecord, TravelGroupRecord, World } from '../kernel/types.ts'
import { customer } from './demo-accounts.ts'
import { type Ids, bookingBase, member, payTerm, raffleBlock } from './bookings.ts'

/** A Spanish passport on file, issued and expiring the given number of years around today. */
const spanishPassport = (
  number: string,
  today: Date,
  { issuedYearsAgo, yearsLeft }: { issuedYearsAgo: number; yearsLeft: number },
): MemberRecord['documents'][number] => ({
  type: 'passport',
  number,
  expiry_date: addYears(utcDay(today), yearsLeft),
  issue_date: addYears(utcDay(today), -issuedYearsAgo),
  country: 'ES',
  support_number: null,
  file: null,
})

export const seedSolDemo = (world: World, groups: Map<string, TravelGroupRecord>, faker: Faker, ids: Ids, today: Date) => {
  const todayIso = utcDay(today)
  const ana = customer('ag-sol', 'cus-sol-ana', 'Ana', 'García', 'López', 'ana.garcia@example.com', { phone: '+34600111222' })
  const marta = customer('ag-sol', 'cus-sol-marta', 'Marta', 'López', 'Ruiz', 'marta.lopez@example.com', { phone: '+34600222333' })
  const nuevo = customer('ag-sol', 'cus-sol-nuevo', '', '', null, 'nuevo@example.com', { phone: null })
  const pendiente = customer('ag-sol', 'cus-sol-pendiente', 'Pedro', 'Sanz', null, 'pendiente@example.com', {
    validated: false,
    validationToken: 'validate-pendiente',
  })
  const enlace = customer('ag-sol', 'cus-sol-enlace', 'Elena', 'Vidal', 'Roca', 'enlace@example.com', { passwordHash: null, lang: 'en' })
  world.customers.push(ana, marta, nuevo, pendiente, enlace)

  const buyerAna = {
    type: 'person' as const,
    name: 'Ana',
    surname1: 'García',
    company_name: null,
    tax_id: '12345678Z',
    address: 'Calle Mayor 1',
    zip: '28001',
    country: 'ES',
    state: 'ES-M',
    city: 'Madrid',
    email: ana.email,
    phone: '+34600111222',
    declares_capacity: true as const,
  }

  // 1. London, confirmed and paid: a minor (Lucía, 15) whose documentation is still partly missing.
  const lon = groups.get('tg-sol-lon')!
  const b1 = bookingBase(lon, 'bkg-sol-1001', 'VS-LON01', new Date(today.getTime() - 60 * 86_400_000).toISOString())
  b1.access = [
    { customerId: ana.id, role: 'buyer' },
    { customerId: marta.id, role: 'guardian' },
  ]
  b1.buyer = buyerAna
  b1.rooms = [{ hosting_id: `${lon.id}-hst-2`, quantity: 1 }]
  b1.members = [
    member('mem-sol-lucia', {
      name: 'Lucía',
      surname1: 'García',
      surname2: 'López',
      gender: 'female',
      birthdate: addYears(addDays(utcDay(today), -200), -15),
      document_number: '23456789D',
      has_dni: true,
      documents: [],
      guardian_type: 'mother_and_father',
      guardians: [
        { id: 'grd-sol-1', name: 'Marta', surname1: 'López', surname2: 'Ruiz', email: marta.email, phone: '+34600222333', document_number: '87654321X' },
        { id: 'grd-sol-2', name: 'Ana', surname1: 'García', surname2: 'López', email: ana.email, phone: '+34600111222', document_number: '12345678Z' },
      ],
      extras: [`${lon.id}-ext-1`],
    }),
    member('mem-sol-pablo', {
      name: 'Pablo',
      surname1: 'García',
      surname2: 'López',
      gender: 'male',
      birthdate: addYears(addDays(utcDay(today), 30), -19),
      document_number: '34567890V',
      documents: [spanishPassport('PAB123456', today, { issuedYearsAgo: 4, yearsLeft: 6 })],
      emergency_contacts: [{ name: 'Ana', surname1: 'García', surname2: 'López', email: ana.email, phone: '+34600111222' }],
    }),
  ]
  b1.paymentPlanId = lon.paymentPlans[0]!.id
  b1.terms = planTermRecords(lon.paymentPlans[0]!, bookingTotal(lon, b1), ids)
  payTerm(world, b1, b1.terms[0]!, b1.createdAt, ids)
  b1.notices = [
    {
      id: 'ntc-sol-1',
      title: 'Reunión informativa',
      body_html: '<p>El jueves a las 19:00 en el salón de actos del colegio.</p>',
      translations: english({ title: 'Information meeting', body_html: "<p>On Thursday at 7 pm in the school's assembly hall.</p>" }),
      created_at: new Date(today.getTime() - 5 * 86_400_000).toISOString(),
      read_at: null,
    },
    {
      id: 'ntc-sol-2',
      title: 'Documentación',
      body_html: '<p>Recuerda subir el pasaporte antes de la fecha límite.</p>',
      translations: english({ title: 'Documents', body_html: '<p>Remember to upload your passport before the deadline.</p>' }),
      created_at: new Date(today.getTime() - 20 * 86_400_000).toISOString(),
      read_at: new Date(today.getTime() - 19 * 86_400_000).toISOString(),
    },
  ]
  b1.raffle_blocks = [raffleBlock(ids, b1.id, 100, faker)]
  b1.groupId = 'grp-sol-1'
  world.bookingGroups.push({
    id: 'grp-sol-1',
    agencyId: 'ag-sol',
    travelGroupId: lon.id,
    name: 'Amigos de 4ºB',
    code: 'AMIGOS-4B',
    members: [{ name: 'Ana García', email: ana.email }],
  })
  world.bookings.push(b1)

  // 2. Pyrenees, confirmed by its first payment: three instalments, the first paid, the second due; within the documentation window.
  const pir = groups.get('tg-sol-pir')!
  const b2 = bookingBase(pir, 'bkg-sol-1002', 'VS-PIR02', new Date(today.getTime() - 20 * 86_400_000).toISOString())
  b2.status = 'pending'
  b2.access = [{ customerId: ana.id, role: 'buyer' }]
  b2.buyer = buyerAna
  b2.rooms = [{ hosting_id: `${pir.id}-hst-2`, quantity: 1 }]
  b2.members = [
    member('mem-sol-ana', {
      customerId: ana.id,
      name: 'Ana',
      surname1: 'García',
      surname2: 'López',
      gender: 'female',
      birthdate: '1984-02-20',
      email: ana.email,
      phone: '+34600111222',
    }),
    // Jorge travels on his passport (no DNI on file): within the window it is the document he needs, so QA's
    // expired-passport scenario aimed at him shows where a traveller meets it.
    member('mem-sol-jorge', {
      name: 'Jorge',
      surname1: 'Martín',
      surname2: 'Gil',
      gender: 'male',
      birthdate: '1982-07-11',
      document_number: '45678901G',
      documents: [spanishPassport('JMG765432', today, { issuedYearsAgo: 3, yearsLeft: 7 })],
    }),
  ]
  const plan3 = pir.paymentPlans[1]!
  b2.paymentPlanId = plan3.id
  b2.terms = planTermRecords(plan3, bookingTotal(pir, b2), ids)
  payTerm(world, b2, b2.terms[0]!, b2.createdAt, ids)
  b2.raffle_blocks = [raffleBlock(ids, b2.id, 200, faker)]
  world.bookings.push(b2)

  // 3. Rome, invited: the agency invited Ana; she has not booked yet.
  const rom = groups.get('tg-sol-rom')!
  const b3 = bookingBase(rom, 'bkg-sol-1003', 'VS-ROM03', new Date(today.getTime() - 3 * 86_400_000).toISOString())
  b3.status = 'invited'
  b3.access = [{ customerId: ana.id, role: 'buyer' }]
  b3.members = [
    member('mem-sol-ana-rom', {
      customerId: ana.id,
      name: 'Ana',
      surname1: 'García',
      surname2: 'López',
      gender: 'female',
      birthdate: '1984-02-20',
      email: ana.email,
    }),
  ]
  b3.paymentPlanId = null
  b3.paymentMethodId = null
  world.bookings.push(b3)

  // 4. London, canceled: refunds in every status.
  const b4 = bookingBase(lon, 'bkg-sol-1004', 'VS-LON04', new Date(today.getTime() - 90 * 86_400_000).toISOString())
  b4.status = 'canceled'
  b4.access = [{ customerId: ana.id, role: 'buyer' }]
  b4.buyer = buyerAna
  b4.members = [
    member('mem-sol-ana-lon', {
      customerId: ana.id,
      name: 'Ana',
      surname1: 'García',
      surname2: 'López',
      gender: 'female',
      birthdate: '1984-02-20',
      email: ana.email,
    }),
  ]
  b4.terms = planTermRecords(lon.paymentPlans[0]!, bookingTotal(lon, b4), ids)
  payTerm(world, b4, b4.terms[0]!, b4.createdAt, ids)
  b4.bank_account = { owner: 'Ana García López', iban: 'ES9121000418450200051332' }
  const canceledAt = new Date(today.getTime() - 30 * 86_400_000).toISOString()
  const paid = b4.terms[0]!.amount
  const breakdown = {
    total_paid: paid,
    deposit: lon.deposit,
    penalty: { type: 'percentage' as const, value: 5, amount: Math.round(paid * 0.05) },
    late_payment_surcharge: 0,
    terminal_fees: Math.round(paid * 0.005),
    management_fee: lon.management_fee,
    cancellation_fee: { days_before_departure: 140, percentage: 0, amount: 0 },
    total_refund: 0,
  }
  breakdown.total_refund = paid - breakdown.deposit - breakdown.penalty.amount - breakdown.terminal_fees - breakdown.management_fee
  b4.cancel_refund = {
    reason: 'exams',
    comment: 'Coincide con los exámenes finales',
    owner: 'Ana García López',
    iban: 'ES9121000418450200051332',
    requested_at: canceledAt,
    breakdown,
  }
  const third = Math.floor(breakdown.total_refund / 3)
  b4.refunds = [
    {
      id: 'rfd-sol-1',
      reason: 'cancelation',
      amount: third,
      type: 'transfer',
      status: 'paid',
      created_at: canceledAt,
      paid_at: new Date(today.getTime() - 20 * 86_400_000).toISOString(),
    },
    { id: 'rfd-sol-2', reason: 'cancelation', amount: third, type: 'tpv', status: 'in_batch', created_at: canceledAt, paid_at: null },
    { id: 'rfd-sol-3', reason: 'other', amount: breakdown.total_refund - 2 * third, type: 'cash', status: 'pending', created_at: canceledAt, paid_at: null },
  ]
  world.bookings.push(b4)

  // 6. London, pending: booked two days ago, its card payment declined; nothing paid yet, so not confirmed
  // (decision 011). The payments tab offers the first instalment again.
  const b6 = bookingBase(lon, 'bkg-sol-1006', 'VS-LON06', new Date(today.getTime() - 2 * 86_400_000).toISOString())
  b6.status = 'pending'
  b6.access = [{ customerId: ana.id, role: 'buyer' }]
  b6.buyer = buyerAna
  b6.members = [
    member('mem-sol-ana-lon6', {
      customerId: ana.id,
      name: 'Ana',
      surname1: 'García',
      surname2: 'López',
      gender: 'female',
      birthdate: '1984-02-20',
      email: ana.email,
    }),
  ]
  b6.paymentPlanId = lon.paymentPlans[0]!.id
  b6.terms = planTermRecords(lon.paymentPlans[0]!, bookingTotal(lon, b6), ids)
  world.payments.push({
    id: ids.next('pay'),
    agencyId: b6.agencyId,
    bookingId: b6.id,
    termIds: [b6.terms[0]!.id],
    amount: b6.terms[0]!.amount,
    method: 'tpv',
    status: 'failed',
    created_at: b6.createdAt,
    paid_at: null,
    error_code: 'card_declined',
    returnUrl: 'http://localhost:5173/payment',
    retriedBy: null,
  })
  world.bookings.push(b6)

  // 5. Paris, completed: the trip ended more than a day ago; can be reviewed.
  const par = groups.get('tg-sol-par')!
  const b5 = bookingBase(par, 'bkg-sol-1005', 'VS-PAR05', new Date(today.getTime() - 150 * 86_400_000).toISOString())
  b5.access = [{ customerId: ana.id, role: 'buyer' }]
  b5.buyer = buyerAna
  b5.members = [
    member('mem-sol-ana-par', {
      customerId: ana.id,
      name: 'Ana',
      surname1: 'García',
      surname2: 'López',
      gender: 'female',
      birthdate: '1984-02-20',
      email: ana.email,
      documents: [
        {
          type: 'dni',
          number: '12345678Z',
          expiry_date: addYears(utcDay(today), 3),
          issue_date: addYears(utcDay(today), -7),
          country: 'ES',
          support_number: 'BAA000111',
          file: null,
        },
      ],
    }),
  ]
  b5.terms = planTermRecords(par.paymentPlans[0]!, bookingTotal(par, b5), ids)
  payTerm(world, b5, b5.terms[0]!, b5.createdAt, ids)
  world.bookings.push(b5)

  void todayIso
}
