// The booking rules of the travel group offer: who can still book, seat holds, coupons, rooms, a new
// booking and its members, and which of a group's bookings a customer sees. Shared by the seat locks,
// the checkout, invitations, booking groups and the travel-group handlers.
import { bookingPenaltyOn as penaltyOn, discountAmount, roomsPeople as peopleInRooms } from '../../../core/pricing.ts'
import type { Discount, MemberInput, RoomSelection } from '../../../contract/generated/model/index.ts'
import type { BookingRecord, CustomerRecord, LockRecord, MemberRecord, TravelGroupRecord, VoucherRecord } from './types.ts'
import { fail } from './rule-failure.ts'
import type { WorldContext } from './world-context.ts'

/** How long POST /travelgroup/{id}/lock holds seats. */
export const LOCK_TTL_MS = 15 * 60_000

/** A group takes bookings while it is open and has not departed. */
export const isBookable = (group: TravelGroupRecord, today: string) => group.status === 'open' && group.start_at > today

export const isActiveLock = (lock: LockRecord, now: Date) => !lock.usedBy && Date.parse(lock.expiresAt) > now.getTime()

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

/** An empty booking of a group, as checkout and invitations start it. */
export const blankBooking = (group: TravelGroupRecord, id: string, locator: string, createdAt: string): BookingRecord => ({
  id,
  agencyId: group.agencyId,
  travelGroupId: group.id,
  locator,
  status: 'invited',
  createdAt,
  access: [],
  packId: group.packs[0]!.id,
  rooms: [],
  members: [],
  buyer: null,
  bank_account: null,
  paymentPlanId: null,
  paymentMethodId: null,
  terms: [],
  discount: null,
  bookingPenalty: 0,
  invoices: [],
  notices: [],
  review: null,
  cancel_refund: null,
  refunds: [],
  groupId: null,
  raffle_blocks: [],
  commercial_sectors: [],
  idempotencyKey: null,
})

/** A new booking member: the data given and nothing on file yet (documents, guardians, signatures, contacts, extras). */
export const newMember = (id: string, customerId: string | null, data: MemberInput): MemberRecord => ({
  ...data,
  id,
  customerId,
  has_dni: data.document_type === 'dni',
  documents: [],
  guardian_type: null,
  guardians: [],
  authorizations: [],
  emergency_contacts: [],
  extras: [],
  insurance_id: null,
})

/** A readable booking reference from the group code and a world-unique number: LON27-000RS. */
export const locatorFor = (group: TravelGroupRecord, unique: number) => `${group.code}-${unique.toString(36).toUpperCase().padStart(5, '0')}`

/** A travel group of the tenant, or 404. */
export const travelGroupOr404 = (ctx: WorldContext, id: string | undefined): TravelGroupRecord =>
  ctx.world.travelGroups.find((g) => g.id === id && g.agencyId === ctx.agency.id) ?? fail(404, 'not_found', 'No such travel group.')

/** Bookings of a group the customer can see: as buyer, passenger or guardian. */
export const customerBookingsIn = (ctx: WorldContext, customer: CustomerRecord, group: TravelGroupRecord) =>
  ctx.world.bookings.filter((b) => b.agencyId === ctx.agency.id && b.travelGroupId === group.id && b.access.some((a) => a.customerId === customer.id))

/** A booking that holds its seats: pending or confirmed. */
export const holdsSeats = (b: BookingRecord) => b.status === 'pending' || b.status === 'confirmed'
