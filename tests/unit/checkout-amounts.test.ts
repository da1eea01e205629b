// Every amount the checkout shows before the server prices the booking: hand-worked cases, then the
// same functions against the mock's own rules (bookingTotal, cartView, voucherDiscount, scheduleTerms)
// on many generated baskets, so the summary's total is the booking's total.
import { describe, expect, it } from 'vitest'
import {
  bookingPenaltyOn,
  type CartChoice,
  cartPreview,
  discountAmount,
  firstPayment,
  isInstalmentPlan,
  type PriceList,
  roomsPeople,
  roomSupplement,
  scheduleTerms,
  withLateTermPenalty,
} from '@/features/checkout/amounts'
import { bookingPenaltyOn as mockPenaltyOn, voucherDiscount } from '../../mock/src/world/checkout-rules'
import { bookingTotal } from '../../mock/src/world/pricing'
import { createWorld, scheduleTerms as mockSchedule } from '../../mock/src/world/seed'
import type { BookingRecord, MemberRecord, TravelGroupRecord } from '../../mock/src/world/types'
import { cartView, type ViewContext } from '../../mock/src/world/views'

const prices: PriceList = {
  packs: [
    { id: 'p1', name: 'Pack básico', price: 95000 },
    { id: 'p2', name: 'Pack completo', price: 125000 },
  ],
  hosting_rooms: [
    { id: 'h1', name: 'Individual', capacity: 1, price: 15000 },
    { id: 'h2', name: 'Doble', capacity: 2, price: 6000 },
    { id: 'h3', name: 'Triple', capacity: 3, price: 3000 },
    { id: 'h4', name: 'Cuádruple', capacity: 4, price: 0 },
  ],
  extras: [
    { id: 'e1', name: 'Excursión', price: 4500 },
    { id: 'e2', name: 'Espectáculo', price: 6500 },
  ],
  insurances: [
    { id: 'i1', name: 'Cancelación', price: 3500 },
    { id: 'i2', name: 'Ampliado', price: 5900 },
  ],
  management_fee: 1500,
  booking_penalty: { amount: 3000, limit_date: '2026-11-06' },
}

const choice = (over: Partial<CartChoice> = {}): CartChoice => ({
  packId: 'p1',
  members: 2,
  rooms: [{ hosting_id: 'h2', quantity: 1 }],
  extras: [],
  insurances: [],
  discount: null,
  ...over,
})

const BEFORE = '2026-11-01' // before the late-booking limit
const ON = '2026-11-06' // the limit day itself: no penalty yet
const AFTER = '2026-11-07'

describe('roomsPeople and roomSupplement', () => {
  it.each([
    [[], 0],
    [[{ hosting_id: 'h2', quantity: 1 }], 2],
    [[{ hosting_id: 'h2', quantity: 2 }], 4],
    [
      [
        { hosting_id: 'h2', quantity: 1 },
        { hosting_id: 'h3', quantity: 1 },
      ],
      5,
    ],
    [[{ hosting_id: 'h1', quantity: 3 }], 3],
    [
      [
        { hosting_id: 'h4', quantity: 1 },
        { hosting_id: 'h1', quantity: 2 },
      ],
      6,
    ],
    [[{ hosting_id: 'nope', quantity: 4 }], 0],
    [[{ hosting_id: 'h2', quantity: -1 }], 0],
  ])('%j sleeps %i', (rooms, people) => {
    expect(roomsPeople(prices.hosting_rooms, rooms)).toBe(people)
  })

  it.each([
    ['h1', 1, 15000],
    ['h1', 3, 45000],
    ['h2', 1, 12000],
    ['h2', 2, 24000],
    ['h3', 1, 9000],
    ['h4', 2, 0],
    ['h2', 0, 0],
  ])('%s × %i costs %i (price × capacity × quantity)', (id, quantity, amount) => {
    expect(
      roomSupplement(
        prices.hosting_rooms.find((h) => h.id === id)!,
        quantity,
      ),
    ).toBe(amount)
  })
})

describe('bookingPenaltyOn (per traveller, strictly after the limit date)', () => {
  it.each([
    [BEFORE, 0],
    [ON, 0],
    [AFTER, 3000],
    ['2027-01-01', 3000],
  ])('on %s → %i', (today, amount) => {
    expect(bookingPenaltyOn(prices.booking_penalty, today)).toBe(amount)
  })
  it('no penalty configured → 0', () => expect(bookingPenaltyOn(null, AFTER)).toBe(0))
})

describe('discountAmount (on pack × travellers only)', () => {
  it.each([
    [{ type: 'percentage', value: 10 }, 95000, 2, 19000],
    [{ type: 'percentage', value: 10 }, 48000, 3, 14400],
    [{ type: 'percentage', value: 15 }, 33333, 1, 5000], // 4999.95 → rounds to the cent
    [{ type: 'percentage', value: 12.5 }, 1001, 1, 125], // 125.125 → 125
    [{ type: 'percentage', value: 50 }, 1, 1, 1], // 0.5 rounds half up
    [{ type: 'percentage', value: 100 }, 95000, 2, 190000],
    [{ type: 'fixed', value: 5000 }, 95000, 2, 5000],
    [{ type: 'fixed', value: 5000 }, 3000, 1, 3000], // never more than the base
    [{ type: 'fixed', value: 0 }, 3000, 1, 0],
  ] as const)('%j on %i × %i → %i', (discount, price, members, amount) => {
    expect(discountAmount(discount, price, members)).toBe(amount)
  })
  it('no coupon → 0', () => expect(discountAmount(null, 95000, 2)).toBe(0))
})

describe('cartPreview', () => {
  it('pack × travellers, rooms, management fee', () => {
    const cart = cartPreview(prices, choice(), BEFORE)
    expect(cart.lines.map((l) => [l.type, l.amount])).toEqual([
      ['pack', 190000],
      ['hosting', 12000],
      ['management_fee', 1500],
    ])
    expect(cart.total).toBe(203500)
    expect(cart.lines[0]).toMatchObject({ quantity: 2, unit_price: 95000, concept: 'Pack básico' })
    expect(cart.lines[1]).toMatchObject({ quantity: 2, unit_price: 6000, concept: 'Doble' })
  })

  it('rooms without a supplement make no line', () => {
    const cart = cartPreview(prices, choice({ members: 4, rooms: [{ hosting_id: 'h4', quantity: 1 }] }), BEFORE)
    expect(cart.lines.some((l) => l.type === 'hosting')).toBe(false)
    expect(cart.total).toBe(95000 * 4 + 1500)
  })

  it('extras and insurance per traveller; the same extra twice counts once; the last insurance wins', () => {
    const cart = cartPreview(
      prices,
      choice({
        extras: [
          { item_id: 'e1', member_index: 0 },
          { item_id: 'e1', member_index: 0 },
          { item_id: 'e2', member_index: 1 },
          { item_id: 'e1', member_index: 5 }, // no such traveller
        ],
        insurances: [
          { item_id: 'i1', member_index: 0 },
          { item_id: 'i2', member_index: 0 },
          { item_id: 'i1', member_index: 1 },
        ],
      }),
      BEFORE,
    )
    expect(cart.extrasTotal).toBe(4500 + 6500)
    expect(cart.insurancesTotal).toBe(5900 + 3500)
    expect(cart.total).toBe(190000 + 12000 + 11000 + 9400 + 1500)
    expect(cart.lines.filter((l) => l.type === 'extra').map((l) => l.member_index)).toEqual([0, 1])
  })

  it('late-booking penalty per traveller after its limit date', () => {
    expect(cartPreview(prices, choice({ members: 3, rooms: [{ hosting_id: 'h3', quantity: 1 }] }), ON).bookingPenalty).toBe(0)
    const late = cartPreview(prices, choice({ members: 3, rooms: [{ hosting_id: 'h3', quantity: 1 }] }), AFTER)
    expect(late.bookingPenalty).toBe(9000)
    expect(late.lines.find((l) => l.type === 'booking_penalty')).toMatchObject({ quantity: 3, unit_price: 3000, amount: 9000 })
    expect(late.total).toBe(95000 * 3 + 9000 + 9000 + 1500)
  })

  it('the discount is a negative line with its code, computed on the pack only', () => {
    const cart = cartPreview(
      prices,
      choice({ discount: { code: 'VERANO10', type: 'percentage', value: 10 }, extras: [{ item_id: 'e2', member_index: 0 }] }),
      BEFORE,
    )
    expect(cart.lines.at(-1)).toEqual({ type: 'discount', concept: 'VERANO10', member_index: null, quantity: 1, unit_price: -19000, amount: -19000 })
    expect(cart.total).toBe(190000 + 12000 + 6500 + 1500 - 19000)
  })

  it('the Spanish journey of the e2e test: 1.925,00 €', () => {
    const cart = cartPreview(
      prices,
      choice({
        extras: [{ item_id: 'e1', member_index: 0 }],
        insurances: [{ item_id: 'i1', member_index: 1 }],
        discount: { code: 'VERANO10', type: 'percentage', value: 10 },
      }),
      BEFORE,
    )
    expect(cart.total).toBe(192500)
  })

  it('no pack chosen yet: only the management fee', () => {
    const cart = cartPreview(prices, choice({ packId: null, rooms: [] }), BEFORE)
    expect(cart.total).toBe(1500)
    expect(cart.discount).toBe(0)
  })

  it('lines add up to the total', () => {
    const cart = cartPreview(
      prices,
      choice({
        members: 5,
        rooms: [
          { hosting_id: 'h2', quantity: 1 },
          { hosting_id: 'h3', quantity: 1 },
        ],
      }),
      AFTER,
    )
    expect(cart.lines.reduce((s, l) => s + l.amount, 0)).toBe(cart.total)
    expect(cart.packTotal + cart.roomsTotal + cart.extrasTotal + cart.insurancesTotal + cart.bookingPenalty + cart.managementFee - cart.discount).toBe(
      cart.total,
    )
  })
})

const single = { terms: [{ number: 1, percentage: 100, limit_date: null, penalty_limit_date: null }] }
const three = {
  terms: [
    { number: 1, percentage: 30, limit_date: null, penalty_limit_date: null },
    { number: 2, percentage: 35, limit_date: '2027-01-15', penalty_limit_date: '2027-01-25' },
    { number: 3, percentage: 35, limit_date: '2027-02-18', penalty_limit_date: '2027-02-25' },
  ],
}

describe('scheduleTerms (percentages of the total; the last absorbs rounding)', () => {
  it.each([
    [single, 192500, [192500]],
    [three, 158500, [47550, 55475, 55475]],
    [three, 100, [30, 35, 35]],
    [three, 101, [30, 35, 36]],
    [three, 1, [0, 0, 1]],
    [three, 0, [0, 0, 0]],
    [three, 99999, [30000, 35000, 34999]],
    [{ terms: [1, 2, 3].map((n) => ({ number: n, percentage: 33.33, limit_date: null, penalty_limit_date: null })) }, 1000, [333, 333, 334]],
  ])('%# → %j', (plan, total, amounts) => {
    const schedule = scheduleTerms(plan, total)
    expect(schedule.map((t) => t.amount)).toEqual(amounts)
    expect(schedule.reduce((s, t) => s + t.amount, 0)).toBe(total)
  })

  it('keeps the dates and percentages of each term', () => {
    expect(scheduleTerms(three, 1000)[1]).toEqual({ number: 2, percentage: 35, amount: 350, limit_date: '2027-01-15', penalty_limit_date: '2027-01-25' })
  })

  it('what checkout charges now is the first term', () => {
    expect(firstPayment(scheduleTerms(single, 192500))).toBe(192500)
    expect(firstPayment(scheduleTerms(three, 158500))).toBe(47550)
    expect(firstPayment([])).toBe(0)
    expect(isInstalmentPlan(single)).toBe(false)
    expect(isInstalmentPlan(three)).toBe(true)
  })

  it('the late-term penalty goes on the last term only', () => {
    const withPenalty = withLateTermPenalty(scheduleTerms(three, 1000), 2500)
    expect(withPenalty.map((t) => t.penalty)).toEqual([0, 0, 2500])
    expect(withLateTermPenalty(scheduleTerms(single, 1000), 2500).map((t) => t.penalty)).toEqual([2500])
  })
})

// ── the same rules as the backend (the mock), on many baskets ──

const world = createWorld(20261121, new Date('2026-11-21T10:00:00Z'))
const today = '2026-11-21'
const vctx: ViewContext = { world, today, now: new Date('2026-11-21T10:00:00Z'), scenarios: new Set() }

/** A small deterministic generator (mulberry32), so failures reproduce. */
const rng = (seed: number) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const priceListOf = (g: TravelGroupRecord): PriceList => ({
  packs: g.packs,
  hosting_rooms: g.hosting_rooms,
  extras: g.extras,
  insurances: g.insurances,
  management_fee: g.management_fee,
  booking_penalty: g.booking_penalty,
})

describe('the same totals as the backend', () => {
  const groups = world.travelGroups.filter((g) => g.start_at > today)
  const random = rng(42)
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const cases = Array.from({ length: 300 }, (_, i) => {
    const g = groups[i % groups.length]!
    const members = 1 + Math.floor(random() * g.max_members)
    const rooms = g.hosting_rooms.filter(() => random() < 0.4).map((h) => ({ hosting_id: h.id, quantity: 1 + Math.floor(random() * 2) }))
    const extras = Array.from({ length: Math.floor(random() * 4) }, () => ({ item_id: pick(g.extras).id, member_index: Math.floor(random() * members) }))
    const insurances = Array.from({ length: Math.floor(random() * 3) }, () => ({
      item_id: pick(g.insurances).id,
      member_index: Math.floor(random() * members),
    }))
    const voucher = random() < 0.5 ? pick(g.vouchers.filter((v) => v.valid_until === null)) : null
    const pack = pick(g.packs)
    return { g, members, rooms, extras, insurances, voucher, pack }
  })

  it.each(cases.map((c, i) => [i, c] as const))('basket %i', (_, c) => {
    const { g, members, rooms, extras, insurances, voucher, pack } = c
    const discount = voucher ? voucherDiscount(voucher, pack.price, members) : null
    const memberRecords = Array.from({ length: members }, (_, i) => {
      const mine = extras.filter((e) => e.member_index === i).map((e) => e.item_id)
      const insurance = insurances.filter((s) => s.member_index === i).at(-1)?.item_id ?? null
      return { id: `m${i}`, extras: [...new Set(mine)], insurance_id: insurance } as unknown as MemberRecord
    })
    const booking = {
      packId: pack.id,
      rooms,
      members: memberRecords,
      discount,
      bookingPenalty: mockPenaltyOn(g, today),
      terms: [],
      refunds: [],
      paymentPlanId: null,
      id: 'b',
    } as unknown as BookingRecord
    const mine = cartPreview(
      priceListOf(g),
      { packId: pack.id, members, rooms, extras, insurances, discount: voucher ? { code: voucher.code, type: voucher.type, value: voucher.value } : null },
      today,
    )
    expect(mine.total).toBe(bookingTotal(g, booking))
    expect(mine.total).toBe(cartView(vctx, g, booking).total)
    expect(mine.discount).toBe(discount?.amount ?? 0)
    expect(bookingPenaltyOn(g.booking_penalty, today)).toBe(mockPenaltyOn(g, today))
    for (const plan of g.paymentPlans) {
      let n = 0
      const theirs = mockSchedule(plan, mine.total, { next: () => `t${n++}` }, (k) => `Plazo ${k}`).map((t) => t.amount)
      expect(scheduleTerms(plan, mine.total).map((t) => t.amount)).toEqual(theirs)
    }
  })
})
