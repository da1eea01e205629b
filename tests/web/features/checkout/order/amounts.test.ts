// Every amount the checkout shows before the server prices the booking (features/checkout/amounts.ts
// over the one pricing rule, core/pricing.ts): the cart from what was picked, and the payment schedule.
import { describe, expect, it } from 'vitest'
import { prices } from '../../../../support/price-list.ts'
import { scheduleTerms } from '@core/payment-schedule'
import { type CartChoice, cartPreview, firstPayment, isInstalmentPlan, withLateTermPenalty } from '@/features/checkout/order/amounts'

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

describe('cartPreview', () => {
  it('pack × travellers, rooms, management fee', () => {
    const cart = cartPreview(prices, choice(), BEFORE)
    // one pack line per traveller, as the booking's own cart shows them afterwards
    expect(cart.lines.map((l) => [l.type, l.traveller, l.amount])).toEqual([
      ['pack', 0, 95000],
      ['pack', 1, 95000],
      ['hosting', null, 12000],
      ['management_fee', null, 1500],
    ])
    expect(cart.total).toBe(203500)
    expect(cart.lines[0]).toMatchObject({ quantity: 1, unit_price: 95000, concept: 'Pack básico' })
    expect(cart.lines[2]).toMatchObject({ quantity: 2, unit_price: 6000, concept: 'Doble' })
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
    const sum = (type: string) => cart.lines.filter((l) => l.type === type).reduce((total, l) => total + l.amount, 0)
    expect(sum('extra')).toBe(4500 + 6500)
    expect(sum('insurance')).toBe(5900 + 3500)
    expect(cart.total).toBe(190000 + 12000 + 11000 + 9400 + 1500)
    expect(cart.lines.filter((l) => l.type === 'extra').map((l) => l.traveller)).toEqual([0, 1])
  })

  it('late-booking penalty per traveller after its limit date', () => {
    expect(cartPreview(prices, choice({ members: 3, rooms: [{ hosting_id: 'h3', quantity: 1 }] }), ON).lines.some((l) => l.type === 'booking_penalty')).toBe(
      false,
    )
    const late = cartPreview(prices, choice({ members: 3, rooms: [{ hosting_id: 'h3', quantity: 1 }] }), AFTER)
    expect(late.lines.find((l) => l.type === 'booking_penalty')).toMatchObject({ quantity: 3, unit_price: 3000, amount: 9000 })
    expect(late.total).toBe(95000 * 3 + 9000 + 9000 + 1500)
  })

  it('the discount is a negative line with its code, computed on the pack only', () => {
    const cart = cartPreview(
      prices,
      choice({ discount: { code: 'VERANO10', type: 'percentage', value: 10 }, extras: [{ item_id: 'e2', member_index: 0 }] }),
      BEFORE,
    )
    expect(cart.lines.at(-1)).toEqual({
      type: 'discount',
      concept: 'VERANO10',
      translations: {},
      traveller: null,
      quantity: 1,
      unit_price: -19000,
      amount: -19000,
    })
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
    expect(cart.lines.map((l) => l.type)).toEqual(['management_fee'])
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
