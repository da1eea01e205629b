import { describe, expect, it } from 'vitest'
import {
  bookingPenaltyOn,
  findVoucher,
  isBookable,
  roomsByType,
  roomsPeople,
  sameRooms,
  travelGroupOr404,
  voucherDiscount,
} from '../../../../mock/src/world/offer/travel-group-offer.ts'
import { freshWorld, refusal, TODAY, worldContext } from '../world-fixture.ts'

// A travel group's offer: whether it takes bookings, its rooms, its coupons, its late-booking penalty.

const world = freshWorld()
const london = world.travelGroups.find((g) => g.id === 'tg-sol-lon')!

describe('a travel group’s offer', () => {
  it('takes bookings while open and before it leaves', () => {
    expect(isBookable(london, TODAY)).toBe(true)
    expect(isBookable(london, london.start_at)).toBe(false)
    expect(isBookable({ ...london, status: 'closed' }, TODAY)).toBe(false)
  })

  it('counts the people rooms sleep, and the same room type listed twice as one', () => {
    const [double, triple] = [london.hosting_rooms.find((h) => h.capacity === 2)!, london.hosting_rooms.find((h) => h.capacity === 3)!]
    expect(
      roomsPeople(london, [
        { hosting_id: double.id, quantity: 2 },
        { hosting_id: triple.id, quantity: 1 },
      ]),
    ).toBe(7)
    expect([
      ...roomsByType([
        { hosting_id: 'a', quantity: 1 },
        { hosting_id: 'b', quantity: 2 },
        { hosting_id: 'a', quantity: 3 },
      ]),
    ]).toEqual([
      ['a', 4],
      ['b', 2],
    ])
    expect(
      sameRooms(
        [{ hosting_id: 'a', quantity: 2 }],
        [
          { hosting_id: 'a', quantity: 1 },
          { hosting_id: 'a', quantity: 1 },
        ],
      ),
    ).toBe(true)
    expect(sameRooms([{ hosting_id: 'a', quantity: 2 }], [{ hosting_id: 'b', quantity: 2 }])).toBe(false)
  })

  it('finds a coupon whatever its case and spaces, but not one past its date', () => {
    expect(findVoucher(london, '  verano10 ', TODAY)?.code).toBe('VERANO10')
    expect(findVoucher(london, 'CADUCADO', TODAY)).toBeNull()
    expect(findVoucher(london, 'NADA', TODAY)).toBeNull()
    const voucher = findVoucher(london, 'VERANO10', TODAY)!
    const discount = voucherDiscount(voucher, 100_000, 2)
    expect(discount).toMatchObject({ code: 'VERANO10', type: voucher.type, value: voucher.value })
    expect(discount.amount).toBeGreaterThan(0)
    expect(discount.amount).toBeLessThanOrEqual(200_000)
  })

  it('the late-booking penalty applies once its limit date has passed', () => {
    const late = { ...london, booking_penalty: { amount: 5_000, limit_date: '2026-11-30' } }
    expect(bookingPenaltyOn(late, '2026-11-30')).toBe(0)
    expect(bookingPenaltyOn(late, '2026-12-01')).toBe(5_000)
    expect(bookingPenaltyOn({ ...london, booking_penalty: null }, '2027-01-01')).toBe(0)
  })

  it('a travel group of another agency, or none, is 404', () => {
    expect(travelGroupOr404(worldContext(world), 'tg-sol-lon')).toBe(london)
    const norte = world.travelGroups.find((g) => g.agencyId === 'ag-norte')!
    expect(refusal(() => travelGroupOr404(worldContext(world), norte.id))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => travelGroupOr404(worldContext(world), undefined))).toEqual({ status: 404, code: 'not_found' })
  })
})
