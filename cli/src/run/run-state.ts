// What the smoke journey knows as it goes (ids found, bookings made) and how its steps are written.
import type { CallOptions, CallOutcome } from '../transport/api-types.ts'
import { type HttpMethod } from '../../../contract/engine/contract-index.ts'
import { type ProbeDefinition } from './probes.ts'
import type { StepContext, StepKind } from './step-runner.ts'

/** travellers in the booking the write steps make */
export const PARTY_SIZE = 2
/** bookings whose detail the journey reads to find the sub-resources it needs */
export const MAX_BOOKINGS_READ = 6
/** a valid IBAN (ISO 13616 checksum) for the cancellation refund */
export const SMOKE_IBAN = 'ES9121000418450200051332'

export type TravelGroupListing = { id: string; status: string | undefined; seats: number | undefined }

/** What the write steps book: found by checkout.pick. */
export type Offer = {
  travelGroupId: string
  packId: string
  rooms: Array<{ hosting_id: string; quantity: number }>
  planId: string
  methodId: string
}

export type PaymentActionShape = {
  payment_id: string
  type: string
  method: 'GET' | 'POST'
  url: string | null
  fields: Record<string, string>
}

export type JourneyState = {
  /** portal URL (protocol + host) sent to the agency lookup; also the checkout's return URL */
  agencyUrl: string
  email?: string
  password?: string
  /** a second customer of the same agency, for the leak probe */
  otherEmail?: string
  otherPassword?: string
  agencyId?: string
  token?: string
  /** a session of --email that was signed out: every protected operation must refuse it */
  revokedToken?: string
  /** a session of --email only for trying the sign-out operation */
  spareToken?: string
  /** the session of --other-email, for the owner checks */
  otherToken?: string
  countryCode?: string
  stateId?: string
  cityName?: string
  /** the first travel group listed */
  travelGroupId?: string
  travelGroups?: TravelGroupListing[]
  packId?: string
  bookingIds?: string[]
  /** travel groups the customer has a live booking in, and those with an invitation */
  bookedTravelGroupIds?: string[]
  invitedTravelGroupIds?: string[]
  /** the booking whose sub-resources the journey reads */
  bookingId?: string
  bookingTravelGroupId?: string
  roomingEnabled?: boolean
  /** a booking with a minor passenger, for the parental authorization PDF */
  authBookingId?: string
  minorMemberId?: string
  invoiceId?: string
  raffleBookingId?: string
  raffleBlockId?: string
  ballotId?: string
  ballotCode?: string
  groupTravelGroupId?: string
  groupId?: string
  groupCode?: string
  /** an uploaded file's name (a document scan on a booking, or the one --write uploads) */
  fileName?: string
  // --- write steps
  offer?: Offer
  lockId?: string
  newBookingId?: string
  newMemberId?: string
  newMember?: Record<string, unknown>
  /** the booking's passenger under 18 (the run books one), whose legal guardians it writes */
  newMinorId?: string
  newTravelGroupEnd?: string
  paymentId?: string
  paymentAction?: PaymentActionShape
  paymentApproved?: boolean
  /** what checks made beside the journey's booking (a create sent again with read-only fields): the clean-up cancels them */
  made?: Array<{ read: string; path: Record<string, string> }>
}

export type JourneyKey = keyof JourneyState & string

export type JourneyRoute = `${Uppercase<HttpMethod>} /${string}`

export type JourneyStepSpec = {
  id: string
  name: string
  kind: StepKind
  /** the step's main operation (as the contract names it) */
  operationId: string
  /** method and path template, the fallback for finding the operation */
  route: JourneyRoute
  /** other operations the step calls (custom `run` only) */
  alsoCalls?: readonly string[]
  wiring: 'ready' | 'pending-contract'
  needs?: readonly string[]
  requires?: readonly JourneyKey[]
  request?: (state: Readonly<JourneyState>, context: StepContext<JourneyState>) => CallOptions
  /**
   * Reads what later steps need from the 2xx body. Return undefined when the
   * value is not there: the step then fails, naming `captures`.
   */
  capture?: (json: unknown, state: Readonly<JourneyState>, outcome: CallOutcome) => Partial<JourneyState> | undefined
  /** what capture provides, for the failure message */
  captures?: readonly JourneyKey[]
  /** extra check on the answer (e.g. the guard on a payment action URL) */
  after?: (json: unknown, context: StepContext<JourneyState>) => void
  /** a step that is more than one call and a capture; gets the resolved operationIds */
  run?: (context: StepContext<JourneyState>, ids: ResolvedIds) => Promise<void>
}

export type ResolvedIds = (operationId: string) => string

export type JourneyProbeSpec = ProbeDefinition<JourneyState> & { route: JourneyRoute }

// --- readers for JSON answers (lenient: a broken answer is the checker's to report)
