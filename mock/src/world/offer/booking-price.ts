// A booking's price as the API shows it (its cart's lines, with the mock's Spanish concepts), from the
// one pricing rule (core/pricing.ts). The seed prices its bookings with it, checkout and a change of
// pack schedule the payment plan from it, and the cart shows it.
import type { CartLine } from '../../../../contract/generated/model/index.ts'
import { linesTotal, priceLines as corePriceLines, type PriceLine } from '../../../../core/pricing.ts'
import { english } from '../../../../core/translations.ts'
import type { BookingRecord, TravelGroupRecord } from '../kernel/types.ts'

export type PricedBooking = Pick<BookingRecord, 'packId' | 'rooms' | 'members' | 'discount' | 'bookingPenalty'>

/** The line's concept in Spanish and English: the fees' own words, or the item's name as the group translates it. */
const conceptOf = (line: PriceLine<string>): Pick<CartLine, 'concept' | 'translations'> => {
  const text = (es: string, en: string) => ({ concept: es, translations: english({ concept: en }) })
  switch (line.type) {
    case 'booking_penalty':
      return text('Recargo por reserva tardía', 'Late booking surcharge')
    case 'term_penalty':
      return text('Recargo por pago fuera de plazo', 'Late payment surcharge')
    case 'management_fee':
      return text('Gastos de gestión', 'Management fee')
    case 'discount':
      return text(`Descuento ${line.concept ?? ''}`, `Discount ${line.concept ?? ''}`)
    default:
      return { concept: line.concept ?? '', translations: line.translations }
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
    ...conceptOf(line),
    member_id: line.traveller,
    quantity: line.quantity,
    unit_price: line.unit_price,
    amount: line.amount,
  }))

/** The price the payment plan splits into instalments: every line but a late instalment's penalty. */
export const bookingTotal = (group: TravelGroupRecord, booking: PricedBooking): number => linesTotal(priceLines(group, booking))
