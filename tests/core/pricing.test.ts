// The one pricing rule (core/pricing.ts), shared by the mock's carts and bookings and the portal's checkout.
import { describe, expect, it } from 'vitest'
import { bookingPenaltyOn, discountAmount, isOnSale, linesTotal, priceLines, roomsPeople, roomSupplement, splitByTerms } from '../../core/pricing.ts'
import { prices } from '../support/price-list.ts'

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

describe('priceLines', () => {
  const selection = {
    packId: 'p1',
    travellers: [
      { key: 'm1', extras: ['e1', 'e1'], insurance_id: 'i1' },
      { key: 'm2', extras: [], insurance_id: null },
    ],
    rooms: [
      { hosting_id: 'h2', quantity: 1 },
      { hosting_id: 'h4', quantity: 1 },
    ],
    bookingPenalty: 3000,
    discount: { code: 'VERANO10', amount: 19000 },
  }

  it('the cart’s order: packs per traveller, rooms with a price, extras once each, insurance, surcharges, fee, discount', () => {
    const lines = priceLines(prices, selection, 2500)
    expect(lines.map((l) => [l.type, l.traveller, l.amount])).toEqual([
      ['pack', 'm1', 95000],
      ['pack', 'm2', 95000],
      ['hosting', null, 12000],
      ['extra', 'm1', 4500],
      ['insurance', 'm1', 3500],
      ['booking_penalty', null, 6000],
      ['term_penalty', null, 2500],
      ['management_fee', null, 1500],
      ['discount', null, -19000],
    ])
    expect(linesTotal(lines)).toBe(95000 * 2 + 12000 + 4500 + 3500 + 6000 + 2500 + 1500 - 19000)
  })

  it('a coupon that takes nothing off is no line; no travellers, no surcharge', () => {
    const lines = priceLines(prices, { ...selection, travellers: [], discount: { code: 'CERO', amount: 0 } })
    expect(lines.map((l) => l.type)).toEqual(['hosting', 'management_fee'])
  })
})

describe('splitByTerms (percentages of the total; the last absorbs rounding)', () => {
  it('adds up to the total, whatever the rounding', () => {
    expect(splitByTerms([{ percentage: 30 }, { percentage: 35 }, { percentage: 35 }], 99999)).toEqual([30000, 35000, 34999])
    expect(splitByTerms([{ percentage: 100 }], 12345)).toEqual([12345])
    expect(splitByTerms([{ percentage: 33 }, { percentage: 33 }, { percentage: 34 }], 100)).toEqual([33, 33, 34])
  })
})

describe('isOnSale (an extra or insurance can still be bought)', () => {
  it.each([
    [{ limit_date: '2026-11-20' }, '2026-11-20', '2026-12-01', true], // its last day included
    [{ limit_date: '2026-11-20' }, '2026-11-21', '2026-12-01', false],
    [{ limit_date: null }, '2026-11-21', '2026-12-01', true],
    [{ limit_date: null }, '2026-12-02', '2026-12-01', false], // the trip is over
    [{ limit_date: '2026-12-31' }, '2026-12-02', '2026-12-01', false],
  ] as const)('%j on %s (trip ends %s) → %s', (item, today, end, expected) => {
    expect(isOnSale(item, today, end)).toBe(expected)
  })
})
