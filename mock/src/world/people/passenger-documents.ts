// A passenger's documentation on a booking, and the buyer's billing data: personal data, DNI, passport,
// emergency contact. Each change tells a minor's guardians (booking-access.ts's notifyGuardians).
import type { z } from 'zod'
import type {
  UpdateBuyerBody,
  UpdateDniBody,
  UpdateDniFieldBody,
  UpdateEmergencyContactBody,
  UpdateMemberDataBody,
  UpdatePassportBody,
} from '../../../../contract/generated/zod.ts'
import type { ErrorCode, FieldError } from '../../../../contract/generated/model/index.ts'
import { isDocumentNumber, normalizeDocumentNumber } from '../../../../core/document-number.ts'
import { groupOf, memberFor, notifyGuardians } from '../kernel/booking-access.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingRecord, MemberRecord } from '../kernel/types.ts'
import { documentProblem } from './document-validity.ts'
import { memberSubject } from '../kernel/active-scenarios.ts'
import type { WorldContext } from '../kernel/world-context.ts'

const formatFailure = (code: ErrorCode, field: string, what: string): never =>
  fail(422, code, `${what} may only contain numbers and letters.`, [{ field, code, message: `${what} may only contain numbers and letters.` }])

/** A scan named in a document must be one this customer uploaded to this agency. */
const checkFile = (ctx: WorldContext, file: string | null | undefined) => {
  if (!file) return
  const me = ctx.me()
  if (!ctx.world.files.some((f) => f.name === file && f.agencyId === ctx.agency.id && f.customerId === me.id)) {
    fail(422, 'validation_error', 'Unknown file.', [{ field: 'file', code: 'unknown_file', message: 'Upload the scan first with POST /auth/file-upload.' }])
  }
}

const checkDocumentDates = (ctx: WorldContext, issue: string | null | undefined, expiry: string) => {
  const fields: FieldError[] = []
  if (issue && issue > ctx.today) fields.push({ field: 'issue_date', code: 'format', message: 'The issue date cannot be in the future.' })
  if (issue && issue >= expiry) fields.push({ field: 'expiry_date', code: 'format', message: 'The expiry date must be after the issue date.' })
  if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)
}

// What a DNI and a passport are checked for alike: the number's format, the dates, the scan, and
// whether it is expired or expires before the group returns (the rule the booking view applies, so
// the expired-document scenarios hold here too). Answers the trimmed number.
const DOCUMENT_TEXTS = {
  dni: { number: 'The DNI', expired: 'The DNI has expired.', close: 'The DNI expires before the group returns.' },
  passport: { number: 'The passport number', expired: 'The passport has expired.', close: 'The passport expires too close to the return date.' },
} as const

const checkDocument = (
  ctx: WorldContext,
  booking: BookingRecord,
  type: 'dni' | 'passport',
  body: { member_id: string; number: string; issue_date?: string | null; expiry_date: string; file?: string | null },
): string => {
  const texts = DOCUMENT_TEXTS[type]
  const number = body.number.trim()
  if (!isDocumentNumber(number)) formatFailure(`${type}_wrong_format`, 'number', texts.number)
  checkDocumentDates(ctx, body.issue_date, body.expiry_date)
  checkFile(ctx, body.file)
  const problem = documentProblem(ctx, groupOf(ctx.world, booking), { type, expiry_date: body.expiry_date }, memberSubject(booking, body.member_id))
  if (problem === 'expired') fail(422, `${type}_expired`, texts.expired, [{ field: 'expiry_date', code: `${type}_expired`, message: texts.expired }])
  if (problem === 'close_expiration') {
    fail(422, `${type}_close_expiration`, texts.close, [{ field: 'expiry_date', code: `${type}_close_expiration`, message: texts.close }])
  }
  return number
}

/** A passenger's personal data: the document number by its format, a birth date not in the future. */
export const updatePersonalData = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateMemberDataBody>): void => {
  const member = memberFor(booking, body.member_id)
  const number = body.document_number.trim()
  if (!isDocumentNumber(number)) {
    formatFailure(
      body.document_type === 'dni' ? 'dni_wrong_format' : 'passport_wrong_format',
      'document_number',
      body.document_type === 'dni' ? 'The DNI' : 'The passport number',
    )
  }
  if (body.birthdate > ctx.today)
    fail(422, 'validation_error', 'The birthdate cannot be in the future.', [
      { field: 'birthdate', code: 'format', message: 'The birthdate cannot be in the future.' },
    ])
  Object.assign(member, {
    name: body.name.trim(),
    surname1: body.surname1.trim(),
    surname2: body.surname2?.trim() || null,
    gender: body.gender,
    birthdate: body.birthdate,
    phone: body.phone?.trim() || null,
    email: body.email ?? null,
    document_type: body.document_type,
    document_number: normalizeDocumentNumber(number),
    country: body.country,
    state: body.state,
    city: body.city.trim(),
    zip: body.zip.trim(),
    address: body.address.trim(),
    allergies: body.allergies?.trim() || null,
    medical_notes: body.medical_notes?.trim() || null,
  } satisfies Partial<MemberRecord>)
  notifyGuardians(ctx, booking, member, 'los datos personales')
  ctx.save('bookings', booking)
}

/** A passenger's DNI (it replaces the one on file). */
export const saveDni = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateDniBody>): void => {
  const member = memberFor(booking, body.member_id)
  const number = checkDocument(ctx, booking, 'dni', body)
  member.documents = [
    ...member.documents.filter((d) => d.type !== 'dni'),
    {
      type: 'dni',
      number: normalizeDocumentNumber(number),
      expiry_date: body.expiry_date,
      issue_date: body.issue_date,
      country: body.country,
      support_number: normalizeDocumentNumber(body.support_number),
      file: body.file ?? null,
    },
  ]
  member.has_dni = true
  notifyGuardians(ctx, booking, member, 'el DNI')
  ctx.save('bookings', booking)
}

/** Whether a passenger has a DNI at all (without one, the passport covers them). */
export const setHasDni = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateDniFieldBody>): void => {
  const member = memberFor(booking, body.member_id)
  member.has_dni = body.has_dni
  // someone without a DNI cannot keep one on file: the documentation tasks would contradict each other
  if (!body.has_dni) member.documents = member.documents.filter((d) => d.type !== 'dni')
  notifyGuardians(ctx, booking, member, 'si tiene DNI')
  ctx.save('bookings', booking)
}

/** A passenger's passport (it replaces the one on file). */
export const savePassport = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdatePassportBody>): void => {
  const member = memberFor(booking, body.member_id)
  const number = checkDocument(ctx, booking, 'passport', body)
  member.documents = [
    ...member.documents.filter((d) => d.type !== 'passport'),
    {
      type: 'passport',
      number: normalizeDocumentNumber(number),
      expiry_date: body.expiry_date,
      issue_date: body.issue_date ?? null,
      country: body.country,
      support_number: null,
      file: body.file ?? null,
    },
  ]
  notifyGuardians(ctx, booking, member, 'el pasaporte')
  ctx.save('bookings', booking)
}

/** A passenger's emergency contact. */
export const setEmergencyContact = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateEmergencyContactBody>): void => {
  const member = memberFor(booking, body.member_id)
  member.emergency_contacts = [
    { name: body.name.trim(), surname1: body.surname1.trim(), surname2: body.surname2?.trim() || null, email: body.email, phone: body.phone.trim() },
  ]
  notifyGuardians(ctx, booking, member, 'el contacto de emergencia')
  ctx.save('bookings', booking)
}

/** The buyer's billing data: the tax id by its format, a company's name. */
export const setBuyer = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateBuyerBody>): void => {
  const taxId = body.tax_id.trim()
  if (!isDocumentNumber(taxId)) {
    if (body.type === 'company') formatFailure('cif_wrong_format', 'tax_id', 'The CIF')
    else formatFailure('nif_wrong_format', 'tax_id', 'The NIF')
  }
  if (body.type === 'company' && !body.company_name?.trim()) {
    fail(422, 'validation_error', 'The company name is required.', [{ field: 'company_name', code: 'required', message: 'The company name is required.' }])
  }
  booking.buyer = {
    ...body,
    name: body.name.trim(),
    surname1: body.surname1.trim(),
    company_name: body.type === 'company' ? body.company_name!.trim() : null,
    tax_id: normalizeDocumentNumber(taxId),
  }
  ctx.save('bookings', booking)
}
