// The mock's whole state: plain JSON, so it can be persisted, reset and diffed.
// Records keep what a real backend would store; API shapes are built from them in views/.
import type { Language } from '../../../../contract/generated/model/language.ts'
import type {
  Authorization,
  BankAccount,
  BookingStatus,
  BuyerInput,
  CancelRefund,
  CommercialSector,
  Discount,
  Document,
  EmergencyContact,
  FaqEntry,
  Guardian,
  GuardianType,
  HostingRoom,
  InvitationInfo,
  Invoice,
  MemberInput,
  Notice,
  PaymentMethod,
  PaymentPlan,
  RaffleBlock,
  Refund,
  Review,
  RoomingMember,
  RoomingStatus,
  Service,
  TravelGroupStatus,
  TravelItem,
  Translations,
} from '../../../../contract/generated/model/index.ts'
import type { ActiveScenario } from '../../../../contract/mock-control.ts'

export type AgencyRecord = {
  id: string
  name: string
  /** host[:port] values this agency is served on, lower-case */
  hosts: string[]
  logo: string | null
  color1: string
  color3: string
  color4: string
  css_extra: string | null
  email: string
  phone: string
  legal_notice_html: string
  /** of legal_notice_html */
  translations: Translations
  /** the FAQ as written in each language; the API serves the Spanish entries with the English ones (same id) as translations */
  faq: { es: FaqText[]; en: FaqText[] }
  build: string
  /** whether POST /auth/debug works for this tenant (off for production-like tenants) */
  debug_login: boolean
}

export type FaqText = Omit<FaqEntry, 'translations'>

export type CustomerRecord = {
  id: string
  agencyId: string
  name: string
  surname1: string
  surname2: string | null
  email: string
  phone: string | null
  lang: Language
  validated: boolean
  /** sha256 hex of the password; null when the customer only ever used sign-in links */
  passwordHash: string | null
  validationToken: string | null
}

export type SessionRecord = {
  token: string
  customerId: string
  agencyId: string
  via: 'password' | 'link' | 'debug'
  createdAt: string
  expiresAt: string
}

export type LinkRecord = {
  token: string
  customerId: string
  agencyId: string
  purpose: 'login_link' | 'password_reset'
  redirect: string | null
  expiresAt: string
  usedAt: string | null
}

export type ServiceRecord = Service & { agencyId: string }

export type PackRecord = {
  id: string
  name: string
  description: string | null
  price: number
  seats_total: number
  includes: TravelItem[]
  /** of name and description */
  translations: Translations
}

export type HostingRecord = Omit<HostingRoom, 'sold_out'> & { rooms_total: number }

export type VoucherRecord = {
  code: string
  type: 'fixed' | 'percentage'
  value: number
  valid_until: string | null
}

export type CancellationPolicy = {
  penalty: { type: 'fixed' | 'percentage'; value: number }
  /** fee by days before departure: the first row whose min_days <= days applies */
  fee_schedule: { min_days: number; percentage: number }[]
  terminal_fee_percentage: number
}

export type TravelGroupRecord = {
  id: string
  agencyId: string
  code: string
  name: string
  destination: string
  image: string | null
  start_at: string
  end_at: string
  status: Exclude<TravelGroupStatus, 'sold_out'>
  description_html: string
  /** of name, destination and description_html */
  translations: Translations
  serviceId: string
  capacity: number
  packs: PackRecord[]
  hosting_rooms: HostingRecord[]
  extras: TravelItem[]
  insurances: TravelItem[]
  paymentPlans: PaymentPlan[]
  paymentMethods: PaymentMethod[]
  rooming_enabled: boolean
  invitation_enabled: boolean
  invitation: InvitationInfo
  max_members: number
  management_fee: number
  deposit: number
  booking_penalty: { amount: number; limit_date: string } | null
  terms_html: { es: string; en: string }
  vouchers: VoucherRecord[]
  cancellation: CancellationPolicy
  roomingListId: string | null
}

export type MemberRecord = MemberInput & {
  id: string
  /** the customer account of the passenger, when they have one */
  customerId: string | null
  has_dni: boolean
  documents: Omit<Document, 'valid'>[]
  guardian_type: GuardianType | null
  guardians: Guardian[]
  authorizations: Authorization[]
  emergency_contacts: EmergencyContact[]
  extras: string[]
  insurance_id: string | null
}

export type TermRecord = {
  id: string
  number: number
  kind: 'plan' | 'extra'
  concept: string
  /** of concept */
  translations: Translations
  amount: number
  limit_date: string | null
  penalty_limit_date: string | null
  penalty_amount: number
  paid_at: string | null
  /** for an extra term: what it buys */
  extra: { member_id: string; item_id: string } | null
}

export type BookingAccess = { customerId: string; role: 'buyer' | 'passenger' | 'guardian' }

export type BookingRecord = {
  id: string
  agencyId: string
  travelGroupId: string
  locator: string
  status: BookingStatus
  createdAt: string
  access: BookingAccess[]
  packId: string
  rooms: { hosting_id: string; quantity: number }[]
  members: MemberRecord[]
  buyer: BuyerInput | null
  bank_account: BankAccount | null
  paymentPlanId: string | null
  paymentMethodId: string | null
  terms: TermRecord[]
  discount: Discount | null
  bookingPenalty: number
  invoices: Invoice[]
  notices: Notice[]
  review: Review | null
  cancel_refund: CancelRefund | null
  refunds: Refund[]
  groupId: string | null
  raffle_blocks: RaffleBlock[]
  commercial_sectors: CommercialSector[]
  idempotencyKey: string | null
}

export type PaymentRecord = {
  id: string
  agencyId: string
  bookingId: string
  termIds: string[]
  amount: number
  method: 'tpv' | 'transfer'
  status: 'pending' | 'paid' | 'failed'
  created_at: string
  paid_at: string | null
  error_code: string | null
  returnUrl: string
  /** the payment that replaced this one after a retry */
  retriedBy: string | null
}

export type LockRecord = {
  id: string
  agencyId: string
  travelGroupId: string
  customerId: string
  packId: string
  seats: number
  rooms: { hosting_id: string; quantity: number }[]
  expiresAt: string
  usedBy: string | null
}

export type BookingGroupRecord = {
  id: string
  agencyId: string
  travelGroupId: string
  name: string
  code: string
  members: { name: string; email: string }[]
}

export type RoomingListRecord = {
  id: string
  agencyId: string
  travelGroupId: string
  status: RoomingStatus
  /** translations: of name */
  rooms: { id: string; name: string; translations: Translations; capacity: number; members: RoomingMember[] }[]
}

export type FileRecord = {
  name: string
  agencyId: string
  customerId: string
  content_type: 'application/pdf' | 'image/jpeg' | 'image/png'
  size: number
  base64: string
}

export type InvitationRecord = {
  id: string
  agencyId: string
  travelGroupId: string
  name: string
  email: string
  phone: string
  commercial_consent: boolean
  third_party_consent: boolean
  createdAt: string
}

export type OutboxMail = {
  id: string
  agencyId: string
  to: string
  subject: string
  text: string
  link: string | null
  sentAt: string
}

export type World = {
  version: 3
  seed: number
  /** ISO date the seed was built for; dates in the world are relative to it */
  seededAt: string
  counter: number
  agencies: AgencyRecord[]
  customers: CustomerRecord[]
  sessions: SessionRecord[]
  links: LinkRecord[]
  services: ServiceRecord[]
  travelGroups: TravelGroupRecord[]
  bookings: BookingRecord[]
  payments: PaymentRecord[]
  locks: LockRecord[]
  bookingGroups: BookingGroupRecord[]
  roomingLists: RoomingListRecord[]
  files: FileRecord[]
  invitations: InvitationRecord[]
  outbox: OutboxMail[]
  /** the scenarios QA switched on, each with where it applies */
  scenarios: ActiveScenario[]
}
