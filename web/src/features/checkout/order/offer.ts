// What a travel group offers at checkout, gathered from its calls, and which steps are complete.
import type { PackSeats } from '@contract/generated/model/packSeats'
import type { PaymentMethod } from '@contract/generated/model/paymentMethod'
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import type { TravelGroup } from '@contract/generated/model/travelGroup'
import type { TravelItem } from '@contract/generated/model/travelItem'
import type { CartChoice } from '@/features/checkout/order/amounts'
import { type PriceList, roomsPeople } from '@core/pricing'
import { type CheckoutDraft, STEPS, type StepId } from '@/features/checkout/order/draft'
import { overfullSlots, roomSlots } from '@/features/checkout/order/rooming'
import { personalSchema } from '@/features/checkout/schemas'

/** What every step has from the first one: the trip, and the seats per pack once they are read. */
export type TripOffer = {
  group: TravelGroup
  /** Fresh seats per pack, when loaded; else the group's own. */
  packSeats?: PackSeats[]
}

/** What only the later steps need (customization, summary): read once the first step is drawn (decision 041). */
export type LaterOffer = {
  extras: TravelItem[]
  insurances: TravelItem[]
  plans: PaymentPlan[]
  methods: PaymentMethod[]
}

export type Offer = TripOffer & LaterOffer

export const priceList = (offer: TripOffer & Pick<LaterOffer, 'extras' | 'insurances'>): PriceList => ({
  packs: offer.group.packs,
  hosting_rooms: offer.group.hosting_rooms,
  extras: offer.extras,
  insurances: offer.insurances,
  management_fee: offer.group.management_fee,
  booking_penalty: offer.group.booking_penalty,
})

/**
 * The prices the cart is worked out with. Until the extras and insurance are read, only a cart that has none of
 * them has a price (it does not depend on them); otherwise none yet.
 */
export const cartPriceList = (trip: TripOffer, later: LaterOffer | undefined, draft: CheckoutDraft): PriceList | undefined => {
  if (later) return priceList({ ...trip, ...later })
  return draft.extras.length === 0 && draft.insurances.length === 0 ? priceList({ ...trip, extras: [], insurances: [] }) : undefined
}

export const cartChoice = (draft: CheckoutDraft): CartChoice => ({
  packId: draft.packId,
  members: draft.members,
  rooms: draft.rooms,
  extras: draft.extras,
  insurances: draft.insurances,
  discount: draft.voucher,
})

/** Seats left in a pack: the fresh count when known. */
export const packSeatsLeft = (offer: TripOffer, packId: string): number =>
  offer.packSeats?.find((p) => p.pack_id === packId)?.seats_left ?? offer.group.packs.find((p) => p.id === packId)?.seats_left ?? 0

export function stepComplete(step: StepId, draft: CheckoutDraft, offer: TripOffer): boolean {
  const { group } = offer
  switch (step) {
    case 'pack':
      return Boolean(draft.packId && group.packs.some((p) => p.id === draft.packId)) && draft.members >= 1 && draft.members <= group.max_members
    case 'rooms':
      return group.hosting_rooms.length === 0 || roomsPeople(group.hosting_rooms, draft.rooms) === draft.members
    case 'personal':
      return (
        draft.travellers.length === draft.members &&
        personalSchema().safeParse({ travellers: draft.travellers, buyer: draft.buyer, commercialSectors: draft.commercialSectors }).success
      )
    case 'customization':
      return true
    case 'rooming':
      return overfullSlots(roomSlots(group.hosting_rooms, draft.rooms), draft.rooming).length === 0
    case 'summary':
      return false
  }
}

/** The first step still to complete: the furthest the customer may go. */
export function firstIncompleteStep(draft: CheckoutDraft, offer: TripOffer): StepId {
  return STEPS.find((step) => !stepComplete(step, draft, offer)) ?? 'summary'
}
