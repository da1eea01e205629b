// Every amount the checkout shows before the server has priced the booking. Pure functions on
// integer euro cents that mirror the backend's rules exactly (the mock's bookingTotal, cartView,
// voucherDiscount, bookingPenaltyOn and scheduleTerms), so the total on the summary is the total of
// the booking that checkout creates. Any change to a pricing rule must change both sides.
import type { CartLineType } from '@contract/generated/model/cartLineType'
import type { Discount } from '@contract/generated/model/discount'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'

export type PricedItem = { id: string; name: string; price: number }
export type PricedRoom = PricedItem & { capacity: number }

/** What the travel group charges for: its packs, rooms, extras, insurances and fees. */
export type PriceList = {
  packs: readonly PricedItem[]
  hosting_rooms: readonly PricedRoom[]
  extras: readonly PricedItem[]
  insurances: readonly PricedItem[]
  /** Per booking. */
  management_fee: number
  /** Per traveller, when booking after its limit date. */
  booking_penalty: { amount: number; limit_date: string } | null
}

export type RoomChoice = { hosting_id: string; quantity: number }
export type ItemChoice = { item_id: string; member_index: number }

/** What the customer picked. `discount` is the coupon the server accepted (type and value). */
export type CartChoice = {
  packId: string | null
  members: number
  rooms: readonly RoomChoice[]
  extras: readonly ItemChoice[]
  insurances: readonly ItemChoice[]
  discount: Pick<Discount, 'code' | 'type' | 'value'> | null
}

export type PreviewLine = {
  type: CartLineType
  /** The item's name (pack, room, extra, insurance) or the coupon code; null for fees and penalties. */
  concept: string | null
  /** The traveller an extra or insurance is for. */
  member_index: number | null
  quantity: number
  unit_price: number
  /** Negative for the discount. */
  amount: number
}

export type CartPreview = {
  lines: PreviewLine[]
  packTotal: number
  roomsTotal: number
  extrasTotal: number
  insurancesTotal: number
  bookingPenalty: number
  managementFee: number
  discount: number
  total: number
}

/** People the chosen rooms sleep: capacity × quantity. Unknown rooms sleep nobody. */
export const roomsPeople = (rooms: readonly PricedRoom[], choice: readonly RoomChoice[]): number =>
  choice.reduce((sum, r) => sum + (rooms.find((h) => h.id === r.hosting_id)?.capacity ?? 0) * Math.max(0, r.quantity), 0)

/** Room supplement of one choice: price per person × capacity × quantity (every bed is paid). */
export const roomSupplement = (room: PricedRoom, quantity: number): number => room.price * room.capacity * Math.max(0, quantity)

/** The late-booking penalty per traveller that applies when booking on `today` (after its limit date). */
export const bookingPenaltyOn = (penalty: PriceList['booking_penalty'], today: string): number => (penalty && today > penalty.limit_date ? penalty.amount : 0)

/**
 * What a coupon takes off: computed on the pack price times the travellers only (never on rooms,
 * extras or fees); a percentage is rounded to the cent, a fixed amount never exceeds that base.
 */
export const discountAmount = (discount: Pick<Discount, 'type' | 'value'> | null, packPrice: number, members: number): number => {
  if (!discount) return 0
  const base = packPrice * members
  return discount.type === 'percentage' ? Math.round((base * discount.value) / 100) : Math.min(discount.value, base)
}

/** The cart as checkout will price it, line by line, in the backend's order. */
export function cartPreview(prices: PriceList, choice: CartChoice, today: string): CartPreview {
  const lines: PreviewLine[] = []
  const members = Math.max(0, Math.floor(choice.members))
  const pack = prices.packs.find((p) => p.id === choice.packId) ?? null

  const packTotal = pack ? pack.price * members : 0
  if (pack && members > 0) lines.push({ type: 'pack', concept: pack.name, member_index: null, quantity: members, unit_price: pack.price, amount: packTotal })

  let roomsTotal = 0
  for (const r of choice.rooms) {
    const room = prices.hosting_rooms.find((h) => h.id === r.hosting_id)
    if (!room || room.price <= 0 || r.quantity <= 0) continue
    const amount = roomSupplement(room, r.quantity)
    roomsTotal += amount
    lines.push({ type: 'hosting', concept: room.name, member_index: null, quantity: room.capacity * r.quantity, unit_price: room.price, amount })
  }

  // Per traveller: each extra once, one insurance (as checkout stores them).
  let extrasTotal = 0
  let insurancesTotal = 0
  for (let index = 0; index < members; index++) {
    const seen = new Set<string>()
    for (const sel of choice.extras) {
      if (sel.member_index !== index || seen.has(sel.item_id)) continue
      seen.add(sel.item_id)
      const extra = prices.extras.find((e) => e.id === sel.item_id)
      if (!extra) continue
      extrasTotal += extra.price
      lines.push({ type: 'extra', concept: extra.name, member_index: index, quantity: 1, unit_price: extra.price, amount: extra.price })
    }
    const chosen = [...choice.insurances].reverse().find((sel) => sel.member_index === index)
    const insurance = chosen ? prices.insurances.find((i) => i.id === chosen.item_id) : undefined
    if (insurance) {
      insurancesTotal += insurance.price
      lines.push({ type: 'insurance', concept: insurance.name, member_index: index, quantity: 1, unit_price: insurance.price, amount: insurance.price })
    }
  }

  const perPerson = bookingPenaltyOn(prices.booking_penalty, today)
  const bookingPenalty = perPerson * members
  if (bookingPenalty > 0)
    lines.push({ type: 'booking_penalty', concept: null, member_index: null, quantity: members, unit_price: perPerson, amount: bookingPenalty })

  const managementFee = prices.management_fee
  lines.push({ type: 'management_fee', concept: null, member_index: null, quantity: 1, unit_price: managementFee, amount: managementFee })

  const discount = pack ? discountAmount(choice.discount, pack.price, members) : 0
  if (choice.discount && discount > 0) {
    lines.push({ type: 'discount', concept: choice.discount.code, member_index: null, quantity: 1, unit_price: -discount, amount: -discount })
  }

  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  return { lines, packTotal, roomsTotal, extrasTotal, insurancesTotal, bookingPenalty, managementFee, discount, total }
}

export type ScheduledTerm = {
  number: number
  percentage: number
  amount: number
  limit_date: string | null
  penalty_limit_date: string | null
}

/** Splits a total over a plan's terms by their percentages; the last term absorbs the rounding. */
export function scheduleTerms(plan: Pick<PaymentPlan, 'terms'>, total: number): ScheduledTerm[] {
  let assigned = 0
  return plan.terms.map((term, index) => {
    const isLast = index === plan.terms.length - 1
    const amount = isLast ? total - assigned : Math.round((total * term.percentage) / 100)
    assigned += amount
    return { number: term.number, percentage: term.percentage, amount, limit_date: term.limit_date, penalty_limit_date: term.penalty_limit_date }
  })
}

/** What checkout charges now: the first term of the schedule. */
export const firstPayment = (schedule: readonly ScheduledTerm[]): number => schedule[0]?.amount ?? 0

/** True when the plan splits the payment (more than one term). */
export const isInstalmentPlan = (plan: Pick<PaymentPlan, 'terms'>): boolean => plan.terms.length > 1

/** The schedule as it would stand with the plan's late-term penalty charged at the last term. */
export function withLateTermPenalty(schedule: readonly ScheduledTerm[], penalty: number): (ScheduledTerm & { penalty: number })[] {
  return schedule.map((term, index) => ({ ...term, penalty: index === schedule.length - 1 ? penalty : 0 }))
}
