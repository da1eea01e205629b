// The checkout request built from the draft: what the customer typed, trimmed, with empty optional
// fields as null, and the idempotency key of this attempt.
import type { CheckoutRequest } from '@contract/generated/model/checkoutRequest'
import type { MemberInput } from '@contract/generated/model/memberInput'
import type { ItemChoice } from '@/features/checkout/order/amounts'
import type { CheckoutDraft, TravellerDraft } from '@/features/checkout/order/draft'
import { roomingGroups } from '@/features/checkout/order/rooming'
import { normalizeDocumentNumber } from '@core/document-number'

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

export const memberInput = (t: TravellerDraft): MemberInput => ({
  name: t.name.trim(),
  surname1: t.surname1.trim(),
  surname2: orNull(t.surname2),
  gender: t.gender === 'male' ? 'male' : 'female',
  birthdate: t.birthdate,
  phone: orNull(t.phone),
  email: orNull(t.email),
  document_type: t.document_type,
  document_number: normalizeDocumentNumber(t.document_number),
  country: t.country,
  state: t.state.trim(),
  city: t.city.trim(),
  zip: t.zip.trim(),
  address: t.address.trim(),
  allergies: orNull(t.allergies),
  medical_notes: orNull(t.medical_notes),
})

const unique = (items: readonly ItemChoice[], members: number) => {
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = `${item.member_index}:${item.item_id}`
    if (item.member_index >= members || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** One insurance per traveller: the last one chosen. */
const oneInsuranceEach = (items: readonly ItemChoice[], members: number) => {
  const byMember = new Map<number, ItemChoice>()
  for (const item of items) if (item.member_index < members) byMember.set(item.member_index, item)
  return [...byMember.values()].sort((a, b) => a.member_index - b.member_index)
}

export function checkoutBody(draft: CheckoutDraft, lockId: string, returnUrl: string, roomingEnabled: boolean): CheckoutRequest {
  const rooming = roomingEnabled && draft.members > 1 ? roomingGroups(draft.rooming, draft.members) : []
  const buyer = draft.buyer
  const company = buyer.type === 'company'
  return {
    lock_id: lockId,
    pack_id: draft.packId ?? '',
    rooms: draft.rooms.filter((r) => r.quantity > 0).map((r) => ({ hosting_id: r.hosting_id, quantity: r.quantity })),
    members: draft.travellers.slice(0, draft.members).map(memberInput),
    buyer: {
      type: buyer.type,
      name: buyer.name.trim(),
      surname1: buyer.surname1.trim(),
      company_name: company ? buyer.company_name.trim() : null,
      tax_id: normalizeDocumentNumber(buyer.tax_id),
      address: buyer.address.trim(),
      zip: buyer.zip.trim(),
      country: buyer.country,
      state: buyer.state.trim(),
      city: buyer.city.trim(),
      email: buyer.email.trim(),
      phone: buyer.phone.trim(),
      declares_capacity: true,
    },
    extras: unique(draft.extras, draft.members),
    insurances: oneInsuranceEach(draft.insurances, draft.members),
    ...(rooming.length > 0 ? { rooming } : {}),
    voucher_code: draft.voucher?.code ?? null,
    payment_plan_id: draft.planId ?? '',
    payment_method_id: draft.methodId ?? '',
    accept_terms: true,
    commercial_sectors: draft.commercialSectors,
    return_url: returnUrl,
    idempotency_key: draft.idempotencyKey,
  }
}
