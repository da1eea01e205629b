// A travel group's offer: whether it still takes bookings, its rooms, its coupons and its late-booking
// penalty, and the tenant's travel group by id. Shared by the seat locks, the checkout, invitations and
// the travel-group handlers.
import { bookingPenaltyOn as penaltyOn, discountAmount, roomsPeople as peopleInRooms } from '../../../../core/pricing.ts'
import type { Discount, RoomSelection } from '../../../../contract/generated/model/index.ts'
import type { TravelGroupRecord, VoucherRecord } from '../kernel/types.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** A group takes bookings while it is open and has not departed. */
export const isBookable = (group: TravelGroupRecord, today: string) => group.status === 'open' && group.start_at > today

/** People the chosen rooms sleep: the checkout's "HAY UN PROBLEMA DE PLAZAS" compares it with the travellers. */
export const roomsPeople = (group: TravelGroupRecord, rooms: readonly RoomSelection[]) => peopleInRooms(group.hosting_rooms, rooms)

/** Quantities per room type, so the same type listed twice is counted once against what is left. */
export const roomsByType = (rooms: readonly RoomSelection[]) => {
  const merged = new Map<string, number>()
  for (const r of rooms) merged.set(r.hosting_id, (merged.get(r.hosting_id) ?? 0) + r.quantity)
  return merged
}

export const sameRooms = (a: readonly RoomSelection[], b: readonly RoomSelection[]) => {
  const ma = roomsByType(a)
  const mb = roomsByType(b)
  return ma.size === mb.size && [...ma].every(([id, qty]) => mb.get(id) === qty)
}

/** A coupon that exists in the group and has not expired (codes are typed by people: case and spaces do not matter). */
export const findVoucher = (group: TravelGroupRecord, code: string, today: string): VoucherRecord | null =>
  group.vouchers.find((v) => v.code.toUpperCase() === code.trim().toUpperCase() && (v.valid_until === null || v.valid_until >= today)) ?? null

/** A coupon as applied to a booking: what it takes off (core/pricing.ts's discountAmount). */
export const voucherDiscount = (voucher: VoucherRecord, packPrice: number, members: number): Discount => ({
  code: voucher.code,
  type: voucher.type,
  value: voucher.value,
  amount: discountAmount(voucher, packPrice, members),
})

/** The late-booking penalty per person that applies when booking today. */
export const bookingPenaltyOn = (group: TravelGroupRecord, today: string) => penaltyOn(group.booking_penalty, today)

/** A travel group of the tenant, or 404. */
export const travelGroupOr404 = (ctx: WorldContext, id: string | undefined): TravelGroupRecord =>
  ctx.world.travelGroups.find((g) => g.id === id && g.agencyId === ctx.agency.id) ?? fail(404, 'not_found', 'No such travel group.')
