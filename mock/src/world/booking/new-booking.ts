// A new booking and its members, as checkout, invitations and the seed start them, and its locator.
import type { MemberInput } from '../../../../contract/generated/model/index.ts'
import { normalizeDocumentNumber } from '../../../../core/document-number.ts'
import type { BookingRecord, MemberRecord, TravelGroupRecord } from '../kernel/types.ts'

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

/** A new booking member: the data given (its document normalised) and nothing on file yet (documents, guardians, signatures, contacts, extras). */
export const newMember = (id: string, customerId: string | null, data: MemberInput): MemberRecord => ({
  ...data,
  // stored trimmed and upper-cased, as the contract says (and as a passenger's later changes store it)
  document_number: normalizeDocumentNumber(data.document_number),
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
