// A booking's price as the API shows it (its cart's lines, with the mock's Spanish concepts), from the
// one pricing rule (core/pricing.ts). The seed prices its bookings with it, checkout and a change of
// pack schedule the payment plan from it, and the cart shows it.
import type { CartLine } from '../../../contract/generated/model/index.ts'
import { linesTotal, priceLines as corePriceLines, type PriceLine } from '../../../core/pricing.ts'
import type { BookingRecord, TravelGroupRecord } from './types.ts'

export type PricedBooking = Pick<BookingRecord, 'packId' | 'rooms' | 'members' | 'discount' | 'bookingPenalty'>

const concept = (line: PriceLine<string>): string => {
  switch (line.type) {
    case 'booking_penalty':
      return 'Recargo por reserva tardía'
    case 'term_penalty':
      return 'Recargo por pago fuera de plazo'
    case 'management_fee':
      return 'Gastos de gestión'
    case 'discount':
      return `Descuento ${line.concept ?? ''}`
    default:
      return line.concept ?? ''
  }
}

/** The cart's lines of a booking; `termPenalty`: a late instalment's penalty, charged with the last one. */
export const priceLines = (group: TravelGroupRecord, booking: PricedBooking, termPenalty = 0): CartLine[] =>
  corePriceLines(
    group,
    {
      packId: booking.packId,
      travellers: booking.members.map((m) => ({ key: m.id, extras: m.extras, insurance_id: m.insurance_id })),
      rooms: booking.rooms,
      bookingPenalty: booking.bookingPenalty,
      discount: booking.discount,
    },
    termPenalty,
  ).map((line) => ({
    type: line.type,
    concept: concept(line),
    member_id: line.traveller,
    quantity: line.quantity,
    unit_price: line.unit_price,
    amount: line.amount,
  }))

/** The price the payment plan splits into instalments: every line but a late instalment's penalty. */
export const bookingTotal = (group: TravelGroupRecord, booking: PricedBooking): number => linesTotal(priceLines(group, booking))
