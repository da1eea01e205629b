// Builds the mock world from a seed: the same seed on the same day gives the same world.
// Fixed demo content (tenants, logins, the bookings QA relies on) plus faker-made fellow travellers.
import type { Faker } from '@faker-js/faker'
// The Spanish entry point: a Faker over the es, en and base definitions, as `new Faker({ locale: [es, en,
// base] })` would be, without loading the other seventy locales (about 100 ms of the mock's start-up).
import { faker as spanishFaker } from '@faker-js/faker/locale/es'
import type { PaymentMethod, PaymentPlan, TravelItem } from '../../../contract/generated/model/index.ts'
import { addDays, addYears, utcDay } from '../../../core/calendar.ts'
import { statusAfterPayment } from '../../../core/booking-status.ts'
import { english } from '../../../core/translations.ts'
import { hashPassword } from './accounts.ts'
import { planTermRecords } from './booking-terms.ts'
import { blankBooking } from './checkout-rules.ts'
import { bookingTotal } from './pricing.ts'
import type {
  AgencyRecord,
  BookingRecord,
  CustomerRecord,
  HostingRecord,
  MemberRecord,
  PaymentRecord,
  RoomingListRecord,
  ServiceRecord,
  TermRecord,
  TravelGroupRecord,
  World,
} from './types.ts'

export const DEMO_PASSWORD = 'viaje2026'

/** The one Faker, reseeded: the same values as a new instance with that seed (worlds are built one at a time). */
const seededFaker = (seed: number): Faker => {
  spanishFaker.seed(seed)
  return spanishFaker
}

/** The fixed logins listed in the README; QA and the e2e tests rely on them. */
export const DEMO_LOGINS = [
  {
    agency: 'Viajes Sol',
    host: 'localhost',
    email: 'ana.garcia@example.com',
    password: DEMO_PASSWORD,
    what: 'buyer with bookings in every status; mother of a minor',
  },
  { agency: 'Viajes Sol', host: 'localhost', email: 'marta.lopez@example.com', password: DEMO_PASSWORD, what: 'legal guardian of a minor passenger' },
  { agency: 'Viajes Sol', host: 'localhost', email: 'nuevo@example.com', password: DEMO_PASSWORD, what: 'no bookings yet (empty state, books from scratch)' },
  { agency: 'Viajes Sol', host: 'localhost', email: 'pendiente@example.com', password: DEMO_PASSWORD, what: 'e-mail not validated (user_not_validated)' },
  { agency: 'Viajes Sol', host: 'localhost', email: 'enlace@example.com', password: '(sign-in link only)', what: 'no password: signs in by e-mail link' },
  {
    agency: 'Aventura Norte',
    host: 'norte.localhost',
    email: 'laura.martin@example.com',
    password: DEMO_PASSWORD,
    what: 'the other tenant: one pending booking',
  },
  {
    agency: 'Aventura Norte',
    host: 'norte.localhost',
    email: 'ana.garcia@example.com',
    password: DEMO_PASSWORD,
    what: 'same e-mail, other tenant, other account',
  },
] as const

const logoSvg = (text: string, colour: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48"><circle cx="24" cy="24" r="18" fill="${colour}"/><text x="50" y="31" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="${colour}">${text}</text></svg>`,
  )}`

const faqFor = (agencyName: string) => ({
  es: [
    {
      id: 'faq-1',
      question: '¿Cuándo tengo que pagar?',
      answer_html: '<p>Puedes pagar en un único pago o en plazos. Cada plazo tiene una fecha límite; después se aplica un recargo en el último plazo.</p>',
    },
    {
      id: 'faq-2',
      question: '¿Qué documentación necesito?',
      answer_html:
        '<p>Depende del destino: DNI o pasaporte en vigor hasta después de la vuelta. Los menores necesitan autorización de sus tutores legales.</p>',
    },
    {
      id: 'faq-3',
      question: '¿Puedo cancelar?',
      answer_html: `<p>Sí, antes del viaje. ${agencyName} te mostrará el desglose del reembolso antes de confirmar.</p>`,
    },
  ],
  en: [
    {
      id: 'faq-1',
      question: 'When do I pay?',
      answer_html: '<p>In a single payment or in instalments. Each instalment has a due date; paying late adds a surcharge to the last one.</p>',
    },
    {
      id: 'faq-2',
      question: 'Which documents do I need?',
      answer_html:
        '<p>It depends on the destination: an ID card or passport valid until after you return. Minors need their legal guardians\u2019 authorization.</p>',
    },
    { id: 'faq-3', question: 'Can I cancel?', answer_html: `<p>Yes, before the trip. ${agencyName} shows the refund breakdown before you confirm.</p>` },
  ],
})

const legalFor = (name: string, cif: string) => ({
  legal_notice_html: `<h2>Aviso legal</h2><p>${name}, con CIF ${cif}, es la agencia organizadora de los viajes de este portal.</p><p>Los datos personales se tratan para gestionar tu reserva y, si lo aceptas, para enviarte comunicaciones comerciales.</p>`,
  translations: english({
    legal_notice_html: `<h2>Legal notice</h2><p>${name}, tax id ${cif}, is the agency organising the trips on this portal.</p><p>Personal data is processed to manage your booking and, if you agree, to send you commercial communications.</p>`,
  }),
})

const makeAgencies = (): AgencyRecord[] => [
  {
    id: 'ag-sol',
    name: 'Viajes Sol',
    hosts: ['localhost', '127.0.0.1', 'sol.localhost'],
    logo: logoSvg('Viajes Sol', '#c2410c'),
    color1: '#c2410c',
    color3: '#1e3a5f',
    color4: '#fff7ed',
    css_extra: '.site-header { box-shadow: 0 1px 0 rgba(0,0,0,.08); }',
    email: 'hola@viajessol.example',
    phone: '+34 910 000 111',
    ...legalFor('Viajes Sol S.L.', 'B12345678'),
    faq: faqFor('Viajes Sol'),
    build: '2026.11.21-1',
    debug_login: false,
  },
  {
    id: 'ag-norte',
    name: 'Aventura Norte',
    hosts: ['norte.localhost'],
    logo: null,
    color1: '#0f766e',
    color3: '#042f2e',
    color4: '#ecfeff',
    css_extra: null,
    email: 'info@aventuranorte.example',
    phone: '+34 944 000 222',
    ...legalFor('Aventura Norte S.A.', 'A87654321'),
    faq: faqFor('Aventura Norte'),
    build: '2026.11.21-1',
    debug_login: false,
  },
  {
    id: 'ag-mar',
    name: 'Mar Azul Viajes',
    hosts: ['mar.localhost'],
    logo: logoSvg('Mar Azul', '#1d4ed8'),
    color1: '#1d4ed8',
    color3: '#fbbf24',
    color4: '#eff6ff',
    css_extra: null,
    email: 'reservas@marazul.example',
    phone: '+34 963 000 333',
    ...legalFor('Mar Azul Viajes S.L.', 'B11223344'),
    faq: faqFor('Mar Azul Viajes'),
    build: '2026.11.21-1',
    debug_login: false,
  },
]

const servicesFor = (agencyId: string): ServiceRecord[] => [
  { agencyId, id: `${agencyId}-srv-int`, name: 'Viaje internacional', dni_required: false, documentation_days: 60, emergency_contact_required: 2 },
  { agencyId, id: `${agencyId}-srv-nac`, name: 'Viaje nacional', dni_required: true, documentation_days: 45, emergency_contact_required: 1 },
  { agencyId, id: `${agencyId}-srv-dia`, name: 'Excursión de un día', dni_required: true, documentation_days: 7, emergency_contact_required: 0 },
]

const plansFor = (prefix: string, start: string, today: string): PaymentPlan[] => {
  const last = addDays(start, -21)
  // halfway to departure, but always at least a week before the last instalment
  const halfway = addDays(today, Math.max(10, Math.floor((Date.parse(start) - Date.parse(today)) / 86_400_000 / 2)))
  const mid = halfway < addDays(last, -7) ? halfway : addDays(last, -7)
  return [
    {
      id: `${prefix}-plan-1`,
      name: 'Pago único',
      instalments: 1,
      late_term_penalty: 0,
      terms: [{ number: 1, percentage: 100, limit_date: null, penalty_limit_date: null }],
      translations: english({ name: 'Single payment' }),
    },
    {
      id: `${prefix}-plan-3`,
      name: 'Tres plazos',
      instalments: 3,
      late_term_penalty: 2500,
      terms: [
        { number: 1, percentage: 30, limit_date: null, penalty_limit_date: null },
        { number: 2, percentage: 35, limit_date: mid, penalty_limit_date: addDays(mid, 10) },
        { number: 3, percentage: 35, limit_date: last, penalty_limit_date: addDays(last, 7) },
      ],
      translations: english({ name: 'Three instalments' }),
    },
  ]
}

const methodsFor = (prefix: string): PaymentMethod[] => [
  {
    id: `${prefix}-pm-card`,
    type: 'tpv',
    name: 'Tarjeta',
    description: 'Pago seguro con tarjeta de crédito o débito',
    sandbox: true,
    translations: english({ name: 'Card', description: 'Secure payment by credit or debit card' }),
  },
  {
    id: `${prefix}-pm-transfer`,
    type: 'transfer',
    name: 'Transferencia bancaria',
    description: 'Te enviaremos los datos de la cuenta por e-mail',
    sandbox: true,
    translations: english({ name: 'Bank transfer', description: 'We will e-mail you the account details' }),
  },
]

type GroupSpec = {
  key: string
  name: string
  destination: string
  /** the name and destination in English */
  en: { name: string; destination: string }
  code: string
  startInDays: number
  nights: number
  service: 'int' | 'nac' | 'dia'
  basePrice: number
  capacity: number
}

const groupSpecs: Record<string, GroupSpec[]> = {
  'ag-sol': [
    {
      key: 'lon',
      name: 'Londres 4º ESO',
      destination: 'Londres',
      en: { name: 'London, Year 10', destination: 'London' },
      code: 'LON27',
      startInDays: 110,
      nights: 5,
      service: 'int',
      basePrice: 95000,
      capacity: 48,
    },
    {
      key: 'pir',
      name: 'Pirineos en la nieve',
      destination: 'Jaca',
      en: { name: 'Pyrenees in the snow', destination: 'Jaca' },
      code: 'PIR27',
      startInDays: 30,
      nights: 4,
      service: 'nac',
      basePrice: 48000,
      capacity: 30,
    },
    {
      key: 'rom',
      name: 'Roma fin de curso',
      destination: 'Roma',
      en: { name: 'Rome, end of school year', destination: 'Rome' },
      code: 'ROM27',
      startInDays: 200,
      nights: 6,
      service: 'int',
      basePrice: 89000,
      capacity: 40,
    },
    {
      key: 'par',
      name: 'París 2026',
      destination: 'París',
      en: { name: 'Paris 2026', destination: 'Paris' },
      code: 'PAR26',
      startInDays: -40,
      nights: 4,
      service: 'int',
      basePrice: 78000,
      capacity: 36,
    },
  ],
  'ag-norte': [
    {
      key: 'isl',
      // longer than the 60 characters a card shows (SPEC §9): cut there, in full on the trip and booking pages
      name: 'Islandia: auroras boreales, glaciares y la costa sur en seis noches',
      destination: 'Reikiavik',
      en: { name: 'Iceland: northern lights, glaciers and the south coast in six nights', destination: 'Reykjavik' },
      code: 'ISL27',
      startInDays: 95,
      nights: 6,
      service: 'int',
      basePrice: 149000,
      capacity: 24,
    },
    {
      key: 'pic',
      name: 'Picos de Europa activo',
      destination: 'Cangas de Onís',
      en: { name: 'Active Picos de Europa', destination: 'Cangas de Onís' },
      code: 'PIC27',
      startInDays: 60,
      nights: 3,
      service: 'nac',
      basePrice: 39000,
      capacity: 30,
    },
  ],
  'ag-mar': [
    {
      key: 'mal',
      name: 'Malta idiomas',
      destination: 'La Valeta',
      en: { name: 'Malta language course', destination: 'Valletta' },
      code: 'MAL27',
      startInDays: 150,
      nights: 14,
      service: 'int',
      basePrice: 169000,
      capacity: 32,
    },
  ],
}

/** A room type of a group: its name and description in Spanish and English, beds, supplement per person and how many there are. */
const hostingRoom = (
  id: string,
  [name, description]: [string, string],
  [nameEn, descriptionEn]: [string, string],
  capacity: number,
  price: number,
  rooms_total: number,
): HostingRecord => ({ id, name, description, translations: english({ name: nameEn, description: descriptionEn }), capacity, price, rooms_total })

const makeGroup = (agencyId: string, spec: GroupSpec, today: Date): TravelGroupRecord => {
  const id = `${agencyId.replace('ag-', 'tg-')}-${spec.key}`
  const start = addDays(utcDay(today), spec.startInDays)
  const end = addDays(start, spec.nights)
  const todayIso = utcDay(today)
  const extras: TravelItem[] = [
    {
      id: `${id}-ext-1`,
      type: 'activity',
      name: `Excursión de un día desde ${spec.destination}`,
      description: 'Día completo con guía y comida',
      translations: english({ name: `Day trip from ${spec.en.destination}`, description: 'A full day with a guide and lunch' }),
      price: 4500,
      limit_date: addDays(start, -15),
      optional: true,
    },
    {
      id: `${id}-ext-2`,
      type: 'activity',
      name: 'Espectáculo nocturno',
      description: 'Entrada y traslado',
      translations: english({ name: 'Evening show', description: 'Ticket and transfer' }),
      price: 6500,
      limit_date: addDays(start, -15),
      optional: true,
    },
    {
      id: `${id}-ext-3`,
      type: 'transport',
      name: 'Traslado desde tu ciudad',
      description: 'Autobús hasta el punto de salida',
      translations: english({ name: 'Transfer from your town', description: 'Coach to the departure point' }),
      price: 2500,
      limit_date: addDays(start, -10),
      optional: true,
    },
  ]
  const insurances: TravelItem[] = [
    {
      id: `${id}-ins-1`,
      type: 'insurance',
      name: 'Seguro de cancelación',
      description: 'Reembolso si cancelas por una causa cubierta',
      translations: english({ name: 'Cancellation insurance', description: 'A refund if you cancel for a covered reason' }),
      price: 3500,
      limit_date: addDays(start, -30),
      optional: true,
    },
    {
      id: `${id}-ins-2`,
      type: 'insurance',
      name: 'Seguro ampliado',
      description: 'Cancelación, equipaje y asistencia médica ampliada',
      translations: english({ name: 'Extended insurance', description: 'Cancellation, luggage and extended medical assistance' }),
      price: 5900,
      limit_date: addDays(start, -30),
      optional: true,
    },
  ]
  return {
    id,
    agencyId,
    code: spec.code,
    name: spec.name,
    destination: spec.destination,
    image: null,
    start_at: start,
    end_at: end,
    status: 'open',
    description_html: `<p>${spec.nights + 1} días en ${spec.destination} con el grupo, monitores de la agencia y todo organizado.</p><ul><li>Transporte de ida y vuelta</li><li>Alojamiento</li><li>Actividades del programa</li></ul>`,
    translations: english({
      name: spec.en.name,
      destination: spec.en.destination,
      description_html: `<p>${spec.nights + 1} days in ${spec.en.destination} with the group, the agency's leaders and everything arranged.</p><ul><li>Return transport</li><li>Accommodation</li><li>The programme's activities</li></ul>`,
    }),
    serviceId: `${agencyId}-srv-${spec.service}`,
    capacity: spec.capacity,
    packs: [
      {
        id: `${id}-pck-1`,
        name: 'Pack básico',
        description: 'Transporte, alojamiento en régimen de media pensión y actividades del programa',
        translations: english({ name: 'Basic pack', description: "Transport, half-board accommodation and the programme's activities" }),
        price: spec.basePrice,
        seats_total: Math.round(spec.capacity * 0.75),
        includes: [
          {
            id: `${id}-inc-1`,
            type: 'transport',
            name: 'Transporte de ida y vuelta',
            description: null,
            price: 0,
            limit_date: null,
            optional: false,
            translations: english({ name: 'Return transport' }),
          },
          {
            id: `${id}-inc-2`,
            type: 'hosting',
            name: 'Alojamiento',
            description: null,
            price: 0,
            limit_date: null,
            optional: false,
            translations: english({ name: 'Accommodation' }),
          },
        ],
      },
      {
        id: `${id}-pck-2`,
        name: 'Pack completo',
        description: 'Todo lo del básico, pensión completa y entradas incluidas',
        translations: english({ name: 'Full pack', description: 'Everything in the basic pack, full board and tickets included' }),
        price: spec.basePrice + 30000,
        seats_total: Math.round(spec.capacity * 0.25),
        includes: [
          {
            id: `${id}-inc-1`,
            type: 'transport',
            name: 'Transporte de ida y vuelta',
            description: null,
            price: 0,
            limit_date: null,
            optional: false,
            translations: english({ name: 'Return transport' }),
          },
          {
            id: `${id}-inc-2`,
            type: 'hosting',
            name: 'Alojamiento',
            description: null,
            price: 0,
            limit_date: null,
            optional: false,
            translations: english({ name: 'Accommodation' }),
          },
          {
            id: `${id}-inc-3`,
            type: 'activity',
            name: 'Entradas a museos y monumentos',
            description: null,
            price: 0,
            limit_date: null,
            optional: false,
            translations: english({ name: 'Museum and monument tickets' }),
          },
        ],
      },
    ],
    hosting_rooms: [
      hostingRoom(`${id}-hst-2`, ['Habitación doble', 'Dos camas'], ['Double room', 'Two beds'], 2, 6000, 12),
      hostingRoom(`${id}-hst-3`, ['Habitación triple', 'Tres camas'], ['Triple room', 'Three beds'], 3, 3000, 10),
      hostingRoom(`${id}-hst-4`, ['Habitación cuádruple', 'Cuatro camas'], ['Quadruple room', 'Four beds'], 4, 0, 6),
      hostingRoom(`${id}-hst-1`, ['Habitación individual', 'Una cama, con suplemento'], ['Single room', 'One bed, with a supplement'], 1, 15000, 6),
      hostingRoom(`${id}-hst-5`, ['Suite familiar', 'Cinco camas y salón'], ['Family suite', 'Five beds and a living room'], 5, 9000, 0),
    ],
    extras,
    insurances,
    paymentPlans: plansFor(id, start, todayIso),
    paymentMethods: methodsFor(id),
    rooming_enabled: spec.service !== 'dia',
    invitation_enabled: true,
    invitation: {
      enabled: true,
      intro_html: `<p>¿Quieres unirte a <strong>${spec.name}</strong>? Déjanos tus datos y te enviaremos la invitación con tu enlace de acceso.</p>`,
      commercial_consent_text: 'Quiero recibir ofertas y novedades de la agencia.',
      third_party_consent_text: 'Acepto que mis datos se cedan a los proveedores del viaje (transporte, alojamiento, seguro).',
      translations: english({
        intro_html: `<p>Would you like to join <strong>${spec.en.name}</strong>? Leave us your details and we will send you the invitation with your sign-in link.</p>`,
        commercial_consent_text: "I'd like to receive the agency's offers and news.",
        third_party_consent_text: "I agree that my data is shared with the trip's providers (transport, accommodation, insurance).",
      }),
    },
    max_members: 6,
    management_fee: 1500,
    deposit: 10000,
    booking_penalty: { amount: 3000, limit_date: addDays(start, -45) },
    terms_html: {
      es: `<h2>Condiciones generales</h2><p>El precio incluye lo descrito en el pack elegido. Los pagos fuera de plazo llevan un recargo que se cobra en el último plazo.</p><h3>Cancelación</h3><p>El depósito de 100,00 € no es reembolsable. La penalización por cancelación depende de los días que falten para la salida.</p><h3>Privacidad</h3><p>Tratamos tus datos para gestionar el viaje.</p>`,
      en: `<h2>Terms and conditions</h2><p>The price includes what the chosen pack describes. Late payments carry a surcharge charged at the last instalment.</p><h3>Cancellation</h3><p>The 100.00 € deposit is non-refundable. The cancellation fee depends on the days left before departure.</p><h3>Privacy</h3><p>We process your data to manage the trip.</p>`,
    },
    vouchers: [
      { code: 'VERANO10', type: 'percentage', value: 10, valid_until: null },
      { code: 'AMIGO50', type: 'fixed', value: 5000, valid_until: null },
      { code: 'CADUCADO', type: 'fixed', value: 5000, valid_until: addDays(utcDay(today), -1) },
    ],
    cancellation: {
      penalty: { type: 'percentage', value: 5 },
      fee_schedule: [
        { min_days: 60, percentage: 0 },
        { min_days: 30, percentage: 15 },
        { min_days: 15, percentage: 35 },
        { min_days: 3, percentage: 60 },
        { min_days: 0, percentage: 100 },
      ],
      terminal_fee_percentage: 0.5,
    },
    roomingListId: spec.service !== 'dia' ? `${id}-rml` : null,
  }
}

type Ids = { next: (prefix: string) => string }

const makeIds = (world: { counter: number }): Ids => ({
  next: (prefix) => {
    world.counter += 1
    return `${prefix}-${world.counter}`
  },
})

const customer = (
  agencyId: string,
  id: string,
  name: string,
  surname1: string,
  surname2: string | null,
  email: string,
  opts: Partial<CustomerRecord> = {},
): CustomerRecord => ({
  id,
  agencyId,
  name,
  surname1,
  surname2,
  email,
  phone: '+34600111222',
  lang: 'es',
  validated: true,
  passwordHash: hashPassword(DEMO_PASSWORD),
  validationToken: null,
  ...opts,
})

const member = (id: string, input: Partial<MemberRecord> & Pick<MemberRecord, 'name' | 'surname1' | 'birthdate' | 'gender'>): MemberRecord => ({
  id,
  customerId: null,
  surname2: null,
  phone: null,
  email: null,
  document_type: 'dni',
  document_number: '12345678Z',
  country: 'ES',
  state: 'ES-M',
  city: 'Madrid',
  zip: '28001',
  address: 'Calle Mayor 1',
  allergies: null,
  medical_notes: null,
  has_dni: true,
  documents: [],
  guardian_type: null,
  guardians: [],
  authorizations: [],
  emergency_contacts: [],
  extras: [],
  insurance_id: null,
  ...input,
})

/** A rooming list's room, numbered: "Habitación 4", "Room 4". */
const roomingRoomName = (n: number) => ({ name: `Habitación ${n}`, translations: english({ name: `Room ${n}` }) })

/** A seeded booking starts as checkout's does, already confirmed on the group's first plan and method. */
const bookingBase = (group: TravelGroupRecord, id: string, locator: string, createdAt: string): BookingRecord => ({
  ...blankBooking(group, id, locator, createdAt),
  status: 'confirmed',
  paymentPlanId: group.paymentPlans[0]!.id,
  paymentMethodId: group.paymentMethods[0]!.id,
})

const payTerm = (world: World, booking: BookingRecord, term: TermRecord, paidAt: string, ids: Ids) => {
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

const seedFellowTravellers = (world: World, group: TravelGroupRecord, faker: Faker, ids: Ids, count: number, today: Date) => {
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

const raffleBlock = (ids: Ids, bookingId: string, from: number, faker: Faker) => ({
  id: ids.next('rfb'),
  name: `Talonario ${from}–${from + 9}`,
  ballots: Array.from({ length: 10 }, (_, i) => ({
    id: `${bookingId}-bal-${from + i}`,
    number: from + i,
    code: `${faker.string.alphanumeric({ length: 4, casing: 'upper' })}-${faker.string.numeric(2)}`,
    sold: i < 3,
  })),
})

const seedSolDemo = (world: World, groups: Map<string, TravelGroupRecord>, faker: Faker, ids: Ids, today: Date) => {
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
      documents: [
        {
          type: 'passport',
          number: 'PAB123456',
          expiry_date: addYears(utcDay(today), 6),
          issue_date: addYears(utcDay(today), -4),
          country: 'ES',
          support_number: null,
          file: null,
        },
      ],
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
    member('mem-sol-jorge', { name: 'Jorge', surname1: 'Martín', surname2: 'Gil', gender: 'male', birthdate: '1982-07-11', document_number: '45678901G' }),
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

const seedNorteDemo = (world: World, groups: Map<string, TravelGroupRecord>, ids: Ids, today: Date) => {
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

/** Demo content for a tenant added at run time (control API or CLI): services and two travel groups. */
export const seedAgencyContent = (world: World, agency: AgencyRecord, today: Date = new Date(world.seededAt)) => {
  const ids = makeIds(world)
  if (!world.services.some((s) => s.agencyId === agency.id)) world.services.push(...servicesFor(agency.id))
  const specs: GroupSpec[] = groupSpecs[agency.id] ?? [
    {
      key: 'a',
      name: 'Viaje de estudios a Berlín',
      destination: 'Berlín',
      en: { name: 'School trip to Berlin', destination: 'Berlin' },
      code: 'BER27',
      startInDays: 120,
      nights: 5,
      service: 'int',
      basePrice: 99000,
      capacity: 40,
    },
    {
      key: 'b',
      name: 'Granada y la Alhambra',
      destination: 'Granada',
      en: { name: 'Granada and the Alhambra', destination: 'Granada' },
      code: 'GRA27',
      startInDays: 50,
      nights: 3,
      service: 'nac',
      basePrice: 42000,
      capacity: 30,
    },
  ]
  const faker = seededFaker(world.seed + agency.id.length * 7919)
  const made = new Map<string, TravelGroupRecord>()
  for (const spec of specs) {
    const group = makeGroup(agency.id, spec, today)
    if (world.travelGroups.some((g) => g.id === group.id)) continue
    world.travelGroups.push(group)
    made.set(group.id, group)
    seedFellowTravellers(world, group, faker, ids, faker.number.int({ min: 8, max: 16 }), today)
  }
  return made
}

export const createWorld = (seed: number, now: Date = new Date()): World => {
  const today = new Date(`${utcDay(now)}T00:00:00Z`)
  const world: World = {
    version: 2,
    seed,
    seededAt: today.toISOString(),
    counter: 1000,
    agencies: makeAgencies(),
    customers: [],
    sessions: [],
    links: [],
    services: [],
    travelGroups: [],
    bookings: [],
    payments: [],
    locks: [],
    bookingGroups: [],
    roomingLists: [],
    files: [],
    invitations: [],
    outbox: [],
    scenarios: { global: [], byAgency: {} },
  }
  const faker = seededFaker(seed)
  const ids = makeIds(world)
  const groups = new Map<string, TravelGroupRecord>()
  for (const agency of world.agencies) {
    world.services.push(...servicesFor(agency.id))
    for (const spec of groupSpecs[agency.id] ?? []) {
      const group = makeGroup(agency.id, spec, today)
      world.travelGroups.push(group)
      groups.set(group.id, group)
      seedFellowTravellers(world, group, faker, ids, faker.number.int({ min: 8, max: 16 }), today)
    }
  }
  seedSolDemo(world, groups, faker, ids, today)
  seedNorteDemo(world, groups, ids, today)
  return world
}
