// Checkout rules that are not amounts: rooming groups, the request body, the minor buyer, form
// validation messages (SPEC §5 texts) and which step the customer may reach.
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLocale } from '@/lib/i18n/lingui'
import { checkoutBody } from '@/features/checkout/order/checkout-body'
import { emptyBuyer, emptyTraveller, newDraft, type TravellerDraft } from '@/features/checkout/order/draft'
import { cartChoice, cartPriceList, firstIncompleteStep, type LaterOffer, stepComplete, type TripOffer } from '@/features/checkout/order/offer'
import { cartPreview } from '@/features/checkout/order/amounts'
import { prices } from '../../../support/price-list.ts'
import { problemOf } from '@/features/checkout/order/use-checkout-payment'
import { overfullSlots, roomingGroups, roomSlots, validAssignment } from '@/features/checkout/order/rooming'
import { buyerIsMinor } from '@core/document-number'
import { buyerSchema, personalSchema, summarySchema, travellerSchema } from '@/features/checkout/schemas'
import { ApiError } from '@/lib/api/api-error'

beforeAll(() => activateLocale('es'))

const rooms = [
  { id: 'h1', name: 'Individual', capacity: 1 },
  { id: 'h2', name: 'Doble', capacity: 2 },
  { id: 'h3', name: 'Triple', capacity: 3 },
]

describe('rooming', () => {
  const slots = roomSlots(rooms, [
    { hosting_id: 'h2', quantity: 2 },
    { hosting_id: 'h3', quantity: 1 },
    { hosting_id: 'nope', quantity: 1 },
  ])
  it('each booked room on its own', () => {
    expect(slots.map((s) => [s.index, s.name, s.ordinal, s.capacity])).toEqual([
      [0, 'Doble', 1, 2],
      [1, 'Doble', 2, 2],
      [2, 'Triple', 1, 3],
    ])
  })
  it('groups travellers by the room they share; no preference is left out', () => {
    expect(roomingGroups([2, 0, 2, null, 0], 5)).toEqual([
      [1, 4],
      [0, 2],
    ])
    expect(roomingGroups([null, null], 2)).toEqual([])
    expect(roomingGroups([0, 0, 0], 2)).toEqual([[0, 1]])
  })
  it('finds rooms holding more than they sleep', () => {
    expect(overfullSlots(slots, [0, 0, 0]).map((s) => s.index)).toEqual([0])
    expect(overfullSlots(slots, [2, 2, 2])).toEqual([])
  })
  it('drops places in rooms no longer booked', () => {
    expect(validAssignment([0, 3, null, 2], slots)).toEqual([0, null, null, 2])
  })
})

const adult: TravellerDraft = {
  ...emptyTraveller(),
  name: ' Marta ',
  surname1: 'López',
  gender: 'female',
  birthdate: '1982-03-14',
  document_number: '87654321x',
  state: 'ES-M',
  city: 'Madrid',
  zip: '28001',
  address: 'Calle Mayor 1',
}
const child: TravellerDraft = { ...adult, name: 'Lucía', birthdate: '2013-04-12', document_number: '23456789D' }
const buyer = {
  ...emptyBuyer(),
  name: 'Marta',
  surname1: 'López',
  tax_id: '87654321X',
  address: 'Calle Mayor 1',
  zip: '28001',
  state: 'ES-M',
  city: 'Madrid',
  email: 'marta@example.com',
  phone: '600',
  declares_capacity: true,
}

describe('the checkout body', () => {
  const draft = {
    ...newDraft('tg'),
    packId: 'p1',
    members: 2,
    rooms: [
      { hosting_id: 'h2', quantity: 1 },
      { hosting_id: 'h3', quantity: 0 },
    ],
    travellers: [adult, child],
    buyer,
    extras: [
      { item_id: 'e1', member_index: 0 },
      { item_id: 'e1', member_index: 0 },
      { item_id: 'e1', member_index: 3 },
    ],
    insurances: [
      { item_id: 'i1', member_index: 1 },
      { item_id: 'i2', member_index: 1 },
    ],
    rooming: [0, 0],
    voucher: { code: 'VERANO10', type: 'percentage' as const, value: 10, amount: 0 },
    planId: 'plan',
    methodId: 'pm',
    commercialSectors: ['travel' as const],
  }
  const body = checkoutBody(draft, 'lock-1', 'http://localhost:5173/payment', true)
  it('trims, upper-cases ids, turns empty optional fields into null', () => {
    expect(body.members[0]).toMatchObject({ name: 'Marta', surname2: null, email: null, phone: null, allergies: null, document_number: '87654321X' })
  })
  it('only rooms actually chosen; each extra once; one insurance per traveller (the last)', () => {
    expect(body.rooms).toEqual([{ hosting_id: 'h2', quantity: 1 }])
    expect(body.extras).toEqual([{ item_id: 'e1', member_index: 0 }])
    expect(body.insurances).toEqual([{ item_id: 'i2', member_index: 1 }])
  })
  it('the lock, the key, the coupon, the return address, the rooming and the acceptance', () => {
    expect(body).toMatchObject({
      lock_id: 'lock-1',
      idempotency_key: draft.idempotencyKey,
      voucher_code: 'VERANO10',
      return_url: 'http://localhost:5173/payment',
      rooming: [[0, 1]],
      accept_terms: true,
      payment_plan_id: 'plan',
      payment_method_id: 'pm',
      commercial_sectors: ['travel'],
    })
    expect(body.buyer).toMatchObject({ company_name: null, declares_capacity: true })
  })
  it('no rooming when the group does not take it', () => {
    expect(checkoutBody(draft, 'l', 'u', false).rooming).toBeUndefined()
  })
})

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  // the first message of each field, as the form shows it
  Object.fromEntries((result.error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]))

describe('validation messages (SPEC §5)', () => {
  it('an empty traveller', () => {
    const m = messages(travellerSchema().safeParse({ ...emptyTraveller(), country: '' }))
    expect(m).toMatchObject({
      name: 'Debes introducir tu nombre',
      surname1: 'Debes introducir tu apellido',
      address: 'Debes introducir tu dirección',
      zip: 'Debes indicar tu código postal',
      country: 'Debes indicar el país',
      city: 'Debes indicar la ciudad',
      state: 'Debes indicar la provincia',
      gender: 'Debes indicar el sexo',
      birthdate: 'Debes indicar la fecha de nacimiento',
      document_number: 'Debes introducir el número de documento',
    })
  })
  it('formats: e-mail, birth date, document numbers with letters and digits only', () => {
    const m = messages(travellerSchema().safeParse({ ...adult, email: 'no', birthdate: '2999-01-01', document_number: '1234-5678' }))
    expect(m.email).toBe('Email incorrecto')
    expect(m.birthdate).toBe('La fecha de nacimiento no es válida')
    expect(m.document_number).toBe('El DNI solo puede contener números y letras')
    expect(messages(travellerSchema().safeParse({ ...adult, document_type: 'passport', document_number: 'AB 12' })).document_number).toBe(
      'El número de pasaporte solo puede contener números y letras',
    )
  })
  it('the buyer: person or company, tax id, capacity', () => {
    const m = messages(buyerSchema().safeParse({ ...emptyBuyer() }))
    expect(m).toMatchObject({
      name: 'Debes introducir tu nombre',
      surname1: 'Debes introducir tu apellido',
      tax_id: 'Debes introducir el NIF o pasaporte',
      email: 'Debes introducir tu email',
      phone: 'Debes introducir tu teléfono',
      declares_capacity: 'Debes declarar que eres mayor de edad',
    })
    const company = messages(buyerSchema().safeParse({ ...buyer, type: 'company', company_name: '', tax_id: 'B-1', declares_capacity: false }))
    expect(company).toMatchObject({
      company_name: 'Debes introducir el nombre de la empresa',
      tax_id: 'El CIF solo puede contener números y letras',
      declares_capacity: 'Debes declarar que representas a la empresa',
    })
  })
  it('a minor cannot make the purchase', () => {
    expect(buyerIsMinor({ buyer: { type: 'person', tax_id: '23456789d' }, travellers: [adult, child] }, '2026-11-21')).toBe(true)
    expect(buyerIsMinor({ buyer: { type: 'person', tax_id: '87654321X' }, travellers: [adult, child] }, '2026-11-21')).toBe(false)
    expect(buyerIsMinor({ buyer: { type: 'company', tax_id: '23456789D' }, travellers: [child] }, '2026-11-21')).toBe(false)
    const m = messages(personalSchema().safeParse({ travellers: [adult, child], buyer: { ...buyer, tax_id: '23456789D' }, commercialSectors: [] }))
    expect(m['buyer.declares_capacity']).toBe('El proceso de compra no puede ser realizado por un menor de edad')
  })
  it('the summary', () => {
    expect(messages(summarySchema().safeParse({ planId: '', methodId: '', acceptTerms: false }))).toEqual({
      planId: 'Debes seleccionar un plan de pago',
      methodId: 'Debes indicar el método de pago',
      acceptTerms: 'Debes aceptar los términos y condiciones',
    })
  })
})

describe('how far the customer may go', () => {
  const offer = {
    group: { max_members: 6, packs: [{ id: 'p1' }], hosting_rooms: rooms },
  } as unknown as TripOffer
  const draft = {
    ...newDraft('tg'),
    packId: 'p1',
    members: 2,
    rooms: [{ hosting_id: 'h2', quantity: 1 }],
    travellers: [adult, adult],
    buyer,
    rooming: [null, null],
  }
  it.each([
    ['no pack', { packId: null }, 'pack'],
    ['rooms for 3, 2 travelling', { rooms: [{ hosting_id: 'h3', quantity: 1 }] }, 'rooms'],
    ['a traveller without a name', { travellers: [adult, { ...adult, name: '' }] }, 'personal'],
    ['the buyer a minor', { travellers: [adult, child], buyer: { ...buyer, tax_id: child.document_number } }, 'personal'],
    [
      'three in a double',
      {
        members: 3,
        travellers: [adult, adult, adult],
        rooms: [
          { hosting_id: 'h3', quantity: 1 },
          { hosting_id: 'h2', quantity: 0 },
        ],
        rooming: [0, 0, 0],
      },
      'summary',
    ],
    ['all done', {}, 'summary'],
  ])('%s → %s', (_, over, step) => {
    expect(firstIncompleteStep({ ...draft, ...over } as typeof draft, offer)).toBe(step)
  })
  it('an over-full room blocks the rooming step', () => {
    expect(stepComplete('rooming', { ...draft, rooming: [0, 0] }, offer)).toBe(true)
    expect(
      stepComplete(
        'rooming',
        {
          ...draft,
          members: 3,
          travellers: [adult, adult, adult],
          rooms: [
            { hosting_id: 'h2', quantity: 1 },
            { hosting_id: 'h1', quantity: 1 },
          ],
          rooming: [0, 0, 0],
        },
        offer,
      ),
    ).toBe(false)
  })
})

describe('the cart’s price before the later steps’ reads have come (decision 041)', () => {
  const trip = { group: prices } as unknown as TripOffer
  const later = { extras: prices.extras, insurances: prices.insurances, plans: [], methods: [] } as unknown as LaterOffer
  const draft = { ...newDraft('tg'), packId: 'p1', members: 2, rooms: [{ hosting_id: 'h2', quantity: 1 }] }
  const total = (list: ReturnType<typeof cartPriceList>, d: typeof draft) => list && cartPreview(list, cartChoice(d), '2026-11-01').total

  it('a cart without extras or insurance has its price at once, the same as once they are read', () => {
    expect(total(cartPriceList(trip, undefined, draft), draft)).toBe(203500)
    expect(total(cartPriceList(trip, later, draft), draft)).toBe(203500)
  })
  it('a cart with an extra or an insurance chosen has none until they are read, then counts them', () => {
    const withExtra = { ...draft, extras: [{ item_id: 'e1', member_index: 0 }] }
    const withInsurance = { ...draft, insurances: [{ item_id: 'i1', member_index: 1 }] }
    expect(cartPriceList(trip, undefined, withExtra)).toBeUndefined()
    expect(cartPriceList(trip, undefined, withInsurance)).toBeUndefined()
    expect(total(cartPriceList(trip, later, withExtra), withExtra)).toBe(203500 + 4500)
    expect(total(cartPriceList(trip, later, withInsurance), withInsurance)).toBe(203500 + 3500)
  })
})

describe('what a failed lock or checkout means', () => {
  const err = (status: number, code: string, fields: { field: string; code: string; message: string }[] = []) =>
    new ApiError(status, code as never, 'x', fields)
  it.each([
    [err(0, 'network_error'), 'network'],
    [err(503, 'service_unavailable'), 'network'],
    [err(409, 'cant_lock_enough_seats'), 'sold_out'],
    [err(409, 'travel_group_pack_full'), 'pack_full'],
    [err(422, 'voucher_invalid'), 'voucher'],
    [err(422, 'validation_error', [{ field: 'voucher_code', code: 'voucher_invalid', message: '' }]), 'voucher'],
    [err(500, 'internal_error'), 'other'],
  ])('%s → %s', (error, kind) => {
    expect(problemOf(error).problem.kind).toBe(kind)
  })
  it('field errors send the customer to the step that fixes them', () => {
    const minor = problemOf(err(422, 'validation_error', [{ field: 'buyer.declares_capacity', code: 'minor_buyer', message: '' }]))
    expect(minor.problem).toEqual({ kind: 'step', step: 'personal', message: 'El proceso de compra no puede ser realizado por un menor de edad' })
    expect(minor.stepErrors).toMatchObject({ minor: true, personal: [] })
    const format = problemOf(err(422, 'dni_wrong_format', [{ field: 'members.1.document_number', code: 'dni_wrong_format', message: 'Only numbers…' }]))
    expect(format.stepErrors?.personal).toEqual([
      { field: 'members.1.document_number', code: 'dni_wrong_format', message: 'El DNI solo puede contener números y letras' },
    ])
    expect(problemOf(err(422, 'validation_error', [{ field: 'rooms.0.quantity', code: 'sold_out', message: '' }])).problem).toMatchObject({
      kind: 'step',
      step: 'rooms',
    })
    expect(problemOf(err(422, 'validation_error', [{ field: 'extras.0.item_id', code: 'extra_limit_date_excedeed', message: '' }])).problem).toEqual({
      kind: 'step',
      step: 'customization',
      message: 'Ha vencido el plazo para pagar el extra',
    })
    expect(problemOf(err(422, 'validation_error', [{ field: 'rooming.0', code: 'format', message: '' }])).problem).toMatchObject({
      kind: 'step',
      step: 'rooming',
    })
  })
})
