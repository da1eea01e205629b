// What a booking costs, line by line: the one pricing rule of the mock. The seed prices its bookings with
// it, checkout and a change of pack schedule the payment plan from it, and the cart shows it.
import type { CartLine } from '../../../contract/generated/model/index.ts'
import type { BookingRecord, TravelGroupRecord } from './types.ts'

export type PricedBooking = Pick<BookingRecord, 'packId' | 'rooms' | 'members' | 'discount' | 'bookingPenalty'>

/**
 * The lines of a booking's price, in the order the cart shows them: each traveller's pack, the rooms
 * (a room at no extra price is no line), extras and insurances, the late-booking surcharge, a late
 * instalment's penalty when one is due (`termPenalty`, charged with the last instalment), the management
 * fee and the discount.
 */
export const priceLines = (group: TravelGroupRecord, booking: PricedBooking, termPenalty = 0): CartLine[] => {
  const lines: CartLine[] = []
  const pack = group.packs.find((p) => p.id === booking.packId)
  for (const m of booking.members) {
    if (pack) lines.push({ type: 'pack', concept: pack.name, member_id: m.id, quantity: 1, unit_price: pack.price, amount: pack.price })
  }
  for (const r of booking.rooms) {
    const h = group.hosting_rooms.find((x) => x.id === r.hosting_id)
    if (h && h.price > 0) {
      const people = h.capacity * r.quantity
      lines.push({ type: 'hosting', concept: h.name, member_id: null, quantity: people, unit_price: h.price, amount: h.price * people })
    }
  }
  for (const m of booking.members) {
    for (const itemId of m.extras) {
      const e = group.extras.find((x) => x.id === itemId)
      if (e) lines.push({ type: 'extra', concept: e.name, member_id: m.id, quantity: 1, unit_price: e.price, amount: e.price })
    }
    if (m.insurance_id) {
      const i = group.insurances.find((x) => x.id === m.insurance_id)
      if (i) lines.push({ type: 'insurance', concept: i.name, member_id: m.id, quantity: 1, unit_price: i.price, amount: i.price })
    }
  }
  if (booking.bookingPenalty > 0) {
    lines.push({
      type: 'booking_penalty',
      concept: 'Recargo por reserva tardía',
      member_id: null,
      quantity: booking.members.length,
      unit_price: booking.bookingPenalty,
      amount: booking.bookingPenalty * booking.members.length,
    })
  }
  if (termPenalty > 0)
    lines.push({ type: 'term_penalty', concept: 'Recargo por pago fuera de plazo', member_id: null, quantity: 1, unit_price: termPenalty, amount: termPenalty })
  lines.push({
    type: 'management_fee',
    concept: 'Gastos de gestión',
    member_id: null,
    quantity: 1,
    unit_price: group.management_fee,
    amount: group.management_fee,
  })
  if (booking.discount) {
    const amount = -booking.discount.amount
    lines.push({ type: 'discount', concept: `Descuento ${booking.discount.code}`, member_id: null, quantity: 1, unit_price: amount, amount })
  }
  return lines
}

/** The sum of lines. */
export const linesTotal = (lines: readonly CartLine[]): number => lines.reduce((sum, line) => sum + line.amount, 0)

/** The price the payment plan splits into instalments: every line but a late instalment's penalty. */
export const bookingTotal = (group: TravelGroupRecord, booking: PricedBooking): number => linesTotal(priceLines(group, booking))
