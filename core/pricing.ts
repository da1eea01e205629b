// What a booking costs, in integer euro cents: the one pricing rule. The mock prices its bookings and
// carts with it (mock/src/world/offer/booking-price.ts), and the portal's checkout shows the same lines and total
// before the booking exists (web/src/features/checkout/order/amounts.ts), so the summary's total is the
// total of the booking checkout creates.
import type { CartLineType } from '../contract/generated/model/cartLineType.ts'
import type { Translations } from '../contract/generated/model/translations.ts'

export type PricedItem = { id: string; name: string; price: number; translations?: Translations }
export type PricedRoom = PricedItem & { capacity: number }

/** What a travel group charges for: its packs, rooms, extras, insurances and fees. */
export type PriceList = {
  packs: readonly PricedItem[]
  hosting_rooms: readonly PricedRoom[]
  extras: readonly PricedItem[]
  insurances: readonly PricedItem[]
  /** per booking */
  management_fee: number
  /** per traveller, when booking after its limit date */
  booking_penalty: { amount: number; limit_date: string } | null
}

export type RoomChoice = { hosting_id: string; quantity: number }

/** A traveller as priced: `key` names them in the lines (an id in a booking, an index in the checkout). */
export type PricedTraveller<Key> = { key: Key; extras: readonly string[]; insurance_id: string | null }

export type PricedSelection<Key> = {
  packId: string | null
  travellers: readonly PricedTraveller<Key>[]
  rooms: readonly RoomChoice[]
  /** the late-booking surcharge per traveller fixed when booking (bookingPenaltyOn) */
  bookingPenalty: number
  /** the coupon and what it takes off (discountAmount) */
  discount: { code: string; amount: number } | null
}

export type PriceLine<Key> = {
  type: CartLineType
  /** the pack, room, extra or insurance name, or the coupon's code; null for fees and penalties */
  concept: string | null
  /** of concept: the item name's (core/translations.ts); none for fees, penalties and the coupon */
  translations: Translations
  /** the traveller a pack, extra or insurance is for */
  traveller: Key | null
  quantity: number
  unit_price: number
  /** negative for the discount */
  amount: number
}

/** People the chosen rooms sleep: capacity × quantity. Unknown rooms sleep nobody. */
export const roomsPeople = (rooms: readonly PricedRoom[], choice: readonly RoomChoice[]): number =>
  choice.reduce((sum, r) => sum + (rooms.find((h) => h.id === r.hosting_id)?.capacity ?? 0) * Math.max(0, r.quantity), 0)

/** A room choice's supplement: price per person × capacity × quantity (every bed is paid). */
export const roomSupplement = (room: PricedRoom, quantity: number): number => room.price * room.capacity * Math.max(0, quantity)

/** The late-booking surcharge per traveller when booking on `today` (after its limit date). */
export const bookingPenaltyOn = (penalty: PriceList['booking_penalty'], today: string): number => (penalty && today > penalty.limit_date ? penalty.amount : 0)

/**
 * What a coupon takes off: computed on the pack price times the travellers only (never on rooms,
 * extras or fees); a percentage is rounded to the cent, a fixed amount never exceeds that base.
 */
export const discountAmount = (coupon: { type: 'percentage' | 'fixed'; value: number } | null, packPrice: number, travellers: number): number => {
  if (!coupon) return 0
  const base = packPrice * travellers
  return coupon.type === 'percentage' ? Math.round((base * coupon.value) / 100) : Math.min(coupon.value, base)
}

/**
 * The lines of a price, in the order a cart shows them: each traveller's pack, the rooms (a room at
 * no extra price is no line), each traveller's extras and insurance, the late-booking surcharge, a
 * late instalment's penalty when one is due (`termPenalty`, charged with the last instalment), the
 * management fee and the discount.
 */
/** What a booking's term costs: its amount plus the late-term penalty it carries (only ever the last one). */
export const termDue = (term: { amount: number; penalty_amount: number }): number => term.amount + term.penalty_amount

/** A line's concept when it is an item's name: the name and its translations. */
const named = (item: PricedItem): Pick<PriceLine<never>, 'concept' | 'translations'> => {
  const name = item.translations && Object.hasOwn(item.translations, 'name') ? item.translations['name'] : undefined
  return { concept: item.name, translations: name ? { concept: name } : {} }
}

export function priceLines<Key>(prices: PriceList, selection: PricedSelection<Key>, termPenalty = 0): PriceLine<Key>[] {
  const lines: PriceLine<Key>[] = []
  const { travellers } = selection
  const pack = prices.packs.find((p) => p.id === selection.packId)
  if (pack) for (const t of travellers) lines.push({ type: 'pack', ...named(pack), traveller: t.key, quantity: 1, unit_price: pack.price, amount: pack.price })
  for (const r of selection.rooms) {
    const room = prices.hosting_rooms.find((h) => h.id === r.hosting_id)
    if (!room || room.price <= 0 || r.quantity <= 0) continue
    lines.push({
      type: 'hosting',
      ...named(room),
      traveller: null,
      quantity: room.capacity * r.quantity,
      unit_price: room.price,
      amount: roomSupplement(room, r.quantity),
    })
  }
  for (const t of travellers) {
    for (const id of new Set(t.extras)) {
      const extra = prices.extras.find((e) => e.id === id)
      if (extra) lines.push({ type: 'extra', ...named(extra), traveller: t.key, quantity: 1, unit_price: extra.price, amount: extra.price })
    }
    const insurance = t.insurance_id === null ? undefined : prices.insurances.find((i) => i.id === t.insurance_id)
    if (insurance) lines.push({ type: 'insurance', ...named(insurance), traveller: t.key, quantity: 1, unit_price: insurance.price, amount: insurance.price })
  }
  if (selection.bookingPenalty > 0 && travellers.length > 0) {
    const amount = selection.bookingPenalty * travellers.length
    lines.push({
      type: 'booking_penalty',
      concept: null,
      translations: {},
      traveller: null,
      quantity: travellers.length,
      unit_price: selection.bookingPenalty,
      amount,
    })
  }
  if (termPenalty > 0)
    lines.push({ type: 'term_penalty', concept: null, translations: {}, traveller: null, quantity: 1, unit_price: termPenalty, amount: termPenalty })
  lines.push({
    type: 'management_fee',
    concept: null,
    translations: {},
    traveller: null,
    quantity: 1,
    unit_price: prices.management_fee,
    amount: prices.management_fee,
  })
  if (selection.discount && selection.discount.amount > 0) {
    const amount = -selection.discount.amount
    lines.push({ type: 'discount', concept: selection.discount.code, translations: {}, traveller: null, quantity: 1, unit_price: amount, amount })
  }
  return lines
}

/** The sum of lines. */
export const linesTotal = (lines: readonly { amount: number }[]): number => lines.reduce((sum, line) => sum + line.amount, 0)

/** A total split over a plan's terms by their percentages; the last term absorbs the rounding. */
export const splitByTerms = (terms: readonly { percentage: number }[], total: number): number[] => {
  let assigned = 0
  return terms.map((term, index) => {
    const amount = index === terms.length - 1 ? total - assigned : Math.round((total * term.percentage) / 100)
    assigned += amount
    return amount
  })
}

/**
 * Whether an extra or an insurance can still be bought on `today`: up to its last day (included), and
 * never once the trip is over (`tripEnd`, its last day). The checkout, a booking's payments and the
 * mock all ask this.
 */
export const isOnSale = (item: { limit_date: string | null }, today: string, tripEnd: string): boolean =>
  (item.limit_date === null || item.limit_date >= today) && today <= tripEnd
