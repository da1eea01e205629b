// A travel group made from its specification: packs, rooms, extras, insurances, plans, payment methods,
// texts in Spanish and English, dated from the day the world is seeded.
import type { PaymentMethod, PaymentPlan, TravelItem } from '../../../../contract/generated/model/index.ts'
import { addDays, utcDay } from '../../../../core/calendar.ts'
import { english } from '../../../../core/translations.ts'
import type { HostingRecord, TravelGroupRecord } from '../kernel/types.ts'
import type { GroupSpec } from './group-specs.ts'

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

/** A room type of a group: its name and description in Spanish and English, beds, supplement per person and how many there are. */
const hostingRoom = (
  id: string,
  [name, description]: [string, string],
  [nameEn, descriptionEn]: [string, string],
  capacity: number,
  price: number,
  rooms_total: number,
): HostingRecord => ({ id, name, description, translations: english({ name: nameEn, description: descriptionEn }), capacity, price, rooms_total })

export const makeGroup = (agencyId: string, spec: GroupSpec, today: Date): TravelGroupRecord => {
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
