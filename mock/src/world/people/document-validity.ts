// Whether what a passenger or a buyer gave is complete and valid: a document by its expiry (the return
// date plus a margin; the expired-document scenarios), personal data and billing data by what SPEC §5 requires.
import type { Document } from '../../../../contract/generated/model/index.ts'
import { addDays } from '../../../../core/calendar.ts'
import type { ScenarioSubject } from '../kernel/active-scenarios.ts'
import type { ViewContext } from '../kernel/world-context.ts'
import type { BookingRecord, MemberRecord, TravelGroupRecord } from '../kernel/types.ts'

/** Passports must stay valid this long after the return; an ID card at least until the return. */
export const PASSPORT_MARGIN_DAYS = 90
export const DNI_MARGIN_DAYS = 0

/** A document is valid when it has not expired and stays valid long enough after the return. */
export const documentProblem = (
  ctx: ViewContext,
  group: TravelGroupRecord,
  doc: Pick<Document, 'type' | 'expiry_date'>,
  /** whose document: QA's expired-document scenarios may be aimed at one passenger, booking or trip */
  holder: ScenarioSubject,
): 'expired' | 'close_expiration' | null => {
  if (doc.type === 'passport' && ctx.scenarios.has('expired-passport', holder)) return 'expired'
  if (doc.type === 'dni' && ctx.scenarios.has('expired-dni', holder)) return 'expired'
  if (doc.expiry_date <= ctx.today) return 'expired'
  const margin = doc.type === 'passport' ? PASSPORT_MARGIN_DAYS : DNI_MARGIN_DAYS
  if (doc.expiry_date < addDays(group.end_at, margin)) return 'close_expiration'
  return null
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0

/** Personal data complete: what the member form requires (SPEC §5). */
export const memberDataValid = (m: MemberRecord): boolean =>
  [m.name, m.surname1, m.birthdate, m.document_number, m.country, m.state, m.city, m.zip, m.address].every(filled) &&
  (m.gender === 'female' || m.gender === 'male')

export const buyerValid = (b: BookingRecord['buyer']): boolean =>
  !!b &&
  [b.name, b.tax_id, b.address, b.zip, b.country, b.state, b.city, b.email, b.phone].every(filled) &&
  (b.type === 'person' || filled(b.company_name)) &&
  b.declares_capacity === true
