// The checkout draft: everything typed and chosen, kept in sessionStorage per travel group so a
// reload (or a failed call, or a trip to the provider and back) loses nothing, while closing the
// browser session forgets the travellers' personal data (docs/decisions/005-checkout.md).
// Never any card data: cards are typed on the provider's page, not here.
import type { CommercialSector } from '@contract/generated/model/commercialSector'
import type { Discount } from '@contract/generated/model/discount'
import type { ItemChoice } from '@/features/checkout/order/amounts'
import type { RoomChoice } from '@core/pricing'

export const STEPS = ['pack', 'rooms', 'personal', 'customization', 'rooming', 'summary'] as const
export type StepId = (typeof STEPS)[number]
export const isStepId = (value: unknown): value is StepId => typeof value === 'string' && (STEPS as readonly string[]).includes(value)

export type TravellerDraft = {
  name: string
  surname1: string
  surname2: string
  gender: '' | 'female' | 'male'
  birthdate: string
  phone: string
  email: string
  document_type: 'dni' | 'passport'
  document_number: string
  country: string
  state: string
  city: string
  zip: string
  address: string
  allergies: string
  medical_notes: string
}

export type BuyerDraft = {
  type: 'person' | 'company'
  name: string
  surname1: string
  company_name: string
  tax_id: string
  address: string
  zip: string
  country: string
  state: string
  city: string
  email: string
  phone: string
  declares_capacity: boolean
}

export type SeatHold = { id: string; expiresAt: string; packId: string; members: number; rooms: RoomChoice[] }

export type CheckoutDraft = {
  version: 1
  groupId: string
  step: StepId
  /** The furthest step shown so far: only steps up to it are ticked as done in the step indicator. */
  reached: StepId
  packId: string | null
  members: number
  rooms: RoomChoice[]
  travellers: TravellerDraft[]
  buyer: BuyerDraft
  commercialSectors: CommercialSector[]
  extras: ItemChoice[]
  insurances: ItemChoice[]
  /** Per traveller: the room (index among the booked rooms) they want to share, or null. */
  rooming: (number | null)[]
  voucher: Discount | null
  planId: string | null
  methodId: string | null
  acceptTerms: boolean
  /** One per checkout attempt, kept across retries and double clicks: the server answers the same booking. */
  idempotencyKey: string
  hold: SeatHold | null
  /** Set once checkout has created the booking. */
  booked: { bookingId: string; paymentId: string } | null
}

export const emptyTraveller = (): TravellerDraft => ({
  name: '',
  surname1: '',
  surname2: '',
  gender: '',
  birthdate: '',
  phone: '',
  email: '',
  document_type: 'dni',
  document_number: '',
  country: 'ES',
  state: '',
  city: '',
  zip: '',
  address: '',
  allergies: '',
  medical_notes: '',
})

export const emptyBuyer = (): BuyerDraft => ({
  type: 'person',
  name: '',
  surname1: '',
  company_name: '',
  tax_id: '',
  address: '',
  zip: '',
  country: 'ES',
  state: '',
  city: '',
  email: '',
  phone: '',
  declares_capacity: false,
})

export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? `chk-${crypto.randomUUID()}`
    : `chk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`

export const newDraft = (groupId: string): CheckoutDraft => ({
  version: 1,
  groupId,
  step: 'pack',
  reached: 'pack',
  packId: null,
  members: 1,
  rooms: [],
  travellers: [emptyTraveller()],
  buyer: emptyBuyer(),
  commercialSectors: [],
  extras: [],
  insurances: [],
  rooming: [null],
  voucher: null,
  planId: null,
  methodId: null,
  acceptTerms: false,
  idempotencyKey: newIdempotencyKey(),
  hold: null,
  booked: null,
})

export const draftKey = (groupId: string) => `portal.checkout.${groupId}`

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The stored draft merged over a fresh one (a field added later gets its default), or null. */
export function parseDraft(raw: string | null, groupId: string): CheckoutDraft | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isObject(value) || value.version !== 1 || value.groupId !== groupId) return null
  const base = newDraft(groupId)
  const merged = { ...base, ...value } as CheckoutDraft
  if (!isStepId(merged.step)) merged.step = 'pack'
  // drafts stored before `reached` existed: as far as the step they were on
  if (!isStepId(merged.reached)) merged.reached = merged.step
  if (typeof merged.idempotencyKey !== 'string' || !merged.idempotencyKey) merged.idempotencyKey = base.idempotencyKey
  merged.members = Number.isInteger(merged.members) && merged.members > 0 ? merged.members : 1
  merged.travellers = Array.isArray(merged.travellers) ? merged.travellers.map((t) => ({ ...emptyTraveller(), ...(isObject(t) ? t : {}) })) : []
  merged.buyer = { ...emptyBuyer(), ...(isObject(merged.buyer) ? merged.buyer : {}) }
  for (const key of ['rooms', 'commercialSectors', 'extras', 'insurances', 'rooming'] as const) {
    if (!Array.isArray(merged[key])) (merged as Record<string, unknown>)[key] = []
  }
  return resizeParty(merged, merged.members)
}

export function loadDraft(groupId: string): CheckoutDraft {
  return parseDraft(storage()?.getItem(draftKey(groupId)) ?? null, groupId) ?? newDraft(groupId)
}

export function saveDraft(draft: CheckoutDraft): void {
  try {
    storage()?.setItem(draftKey(draft.groupId), JSON.stringify(draft))
  } catch {
    // Storage full or blocked: the draft still lives in memory for this page.
  }
}

export function clearDraft(groupId: string): void {
  storage()?.removeItem(draftKey(groupId))
}

/**
 * A party of `members` travellers: keeps the data already typed for the first ones, adds blank
 * travellers, and forgets the extras, insurances and room places of travellers no longer there.
 */
export function resizeParty(draft: CheckoutDraft, members: number): CheckoutDraft {
  const count = Math.max(1, Math.floor(members))
  const travellers = Array.from({ length: count }, (_, i) => draft.travellers[i] ?? emptyTraveller())
  const rooming = Array.from({ length: count }, (_, i) => draft.rooming[i] ?? null)
  return {
    ...draft,
    members: count,
    travellers,
    rooming,
    extras: draft.extras.filter((e) => e.member_index < count),
    insurances: draft.insurances.filter((e) => e.member_index < count),
  }
}

/** The seat hold still covers this party for at least `marginMs`. */
export function holdCovers(
  hold: SeatHold | null,
  draft: Pick<CheckoutDraft, 'packId' | 'members' | 'rooms'>,
  now: number,
  marginMs = 60_000,
): hold is SeatHold {
  if (!hold || hold.packId !== draft.packId || hold.members !== draft.members) return false
  if (Date.parse(hold.expiresAt) - now < marginMs) return false
  const norm = (rooms: readonly RoomChoice[]) =>
    rooms
      .filter((r) => r.quantity > 0)
      .map((r) => `${r.hosting_id}:${r.quantity}`)
      .sort()
      .join(',')
  return norm(hold.rooms) === norm(draft.rooms)
}
