// Every amount the checkout shows before the server has priced the booking, from the one pricing
// rule the mock prices bookings with (core/pricing.ts): the summary's total is the total of the
// booking that checkout creates, line by line.
import type { Discount } from '@contract/generated/model/discount'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import { bookingPenaltyOn, discountAmount, linesTotal, type PriceLine, type PriceList, priceLines, type RoomChoice } from '@core/pricing'
import type { ScheduledTerm } from '@core/payment-schedule'

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

/** A line of the preview; `traveller` is the traveller's index in the checkout. */
export type PreviewLine = PriceLine<number>

export type CartPreview = { lines: PreviewLine[]; total: number }

/** The cart as checkout will price it, line by line, in the backend's order. */
export function cartPreview(prices: PriceList, choice: CartChoice, today: string): CartPreview {
  const members = Math.max(0, Math.floor(choice.members))
  const pack = prices.packs.find((p) => p.id === choice.packId) ?? null
  const travellers = Array.from({ length: members }, (_, index) => ({
    key: index,
    extras: choice.extras.filter((sel) => sel.member_index === index).map((sel) => sel.item_id),
    // one insurance per traveller: the last one chosen
    insurance_id: [...choice.insurances].reverse().find((sel) => sel.member_index === index)?.item_id ?? null,
  }))
  const discount = pack && choice.discount ? { code: choice.discount.code, amount: discountAmount(choice.discount, pack.price, members) } : null
  const lines = priceLines(prices, {
    packId: choice.packId,
    travellers,
    rooms: choice.rooms,
    bookingPenalty: bookingPenaltyOn(prices.booking_penalty, today),
    discount,
  })
  return { lines, total: linesTotal(lines) }
}

/** What checkout charges now: the first term of the schedule. */
export const firstPayment = (schedule: readonly ScheduledTerm[]): number => schedule[0]?.amount ?? 0

/** True when the plan splits the payment (more than one term). */
export const isInstalmentPlan = (plan: Pick<PaymentPlan, 'terms'>): boolean => plan.terms.length > 1

/** The schedule as it would stand with the plan's late-term penalty charged at the last term. */
export function withLateTermPenalty(schedule: readonly ScheduledTerm[], penalty: number): (ScheduledTerm & { penalty: number })[] {
  return schedule.map((term, index) => ({ ...term, penalty: index === schedule.length - 1 ? penalty : 0 }))
}
