// Passenger documentation on a booking: personal data, DNI, passport, guardians of minors, emergency
// contact, billing data, and the parental authorization (list, sign, PDF).
// Every write answers the booking as GET /booking/{id} shows it, so the portal can refresh the tasks.
import {
  AuthorizeMemberBody,
  UpdateBuyerBody,
  UpdateDniBody,
  UpdateDniFieldBody,
  UpdateEmergencyContactBody,
  UpdateGuardiansBody,
  UpdateMemberDataBody,
  UpdatePassportBody,
} from '../../../contract/generated/zod.ts'
import type { Authorization, ErrorCode, FieldError, Guardian, GuardianType } from '../../../contract/generated/model/index.ts'
import type { Runtime } from '../runtime.ts'
import { daysBetween } from '../../../core/calendar.ts'
import { fullName } from '../../../core/person-name.ts'
import { isDocumentNumber, normalizeDocumentNumber } from '../../../core/document-number.ts'
import { formatDate, pdfResponse, renderPdf } from '../world/pdf.ts'
import type { BookingRecord, MemberRecord } from '../world/types.ts'
import { bookingView, documentProblem, groupOf } from '../world/views.ts'
import { isMinorOn } from '../../../core/calendar.ts'
import { bookingFor, changeableBookingFor, memberFor, notifyGuardians } from '../world/booking-access.ts'
import { fail } from '../world/rule-failure.ts'
import { type Ctx, json, readJson, route, type ApiRoute } from './context.ts'

/** Parental authorizations must be signed at least this many days before departure (SPEC §9). */
export const AUTHORIZATION_MIN_DAYS = 60

/** ID card, passport and tax numbers hold only numbers and letters (SPEC §5, server side). */

const view = (ctx: Ctx, booking: BookingRecord) => json(bookingView(ctx, booking, ctx.me().id))

const formatFailure = (code: ErrorCode, field: string, what: string): never =>
  fail(422, code, `${what} may only contain numbers and letters.`, [{ field, code, message: `${what} may only contain numbers and letters.` }])

/** A scan named in a document must be one this customer uploaded to this agency. */
const checkFile = (ctx: Ctx, file: string | null | undefined) => {
  if (!file) return
  const me = ctx.me()
  if (!ctx.world.files.some((f) => f.name === file && f.agencyId === ctx.agency.id && f.customerId === me.id)) {
    fail(422, 'validation_error', 'Unknown file.', [{ field: 'file', code: 'unknown_file', message: 'Upload the scan first with POST /auth/file-upload.' }])
  }
}

const checkDocumentDates = (ctx: Ctx, issue: string | null | undefined, expiry: string) => {
  const fields: FieldError[] = []
  if (issue && issue > ctx.today) fields.push({ field: 'issue_date', code: 'format', message: 'The issue date cannot be in the future.' })
  if (issue && issue >= expiry) fields.push({ field: 'expiry_date', code: 'format', message: 'The expiry date must be after the issue date.' })
  if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)
}

/** Customers who are guardians of the booking's passengers see it too; guardians removed lose that access. */
// What a DNI and a passport are checked for alike: the number's format, the dates, the scan, and
// whether it is expired or expires before the group returns (the rule the booking view applies, so
// the expired-document scenarios hold here too). Answers the trimmed number.
const DOCUMENT_TEXTS = {
  dni: { number: 'The DNI', expired: 'The DNI has expired.', close: 'The DNI expires before the group returns.' },
  passport: { number: 'The passport number', expired: 'The passport has expired.', close: 'The passport expires too close to the return date.' },
} as const

const checkDocument = (
  ctx: Ctx,
  booking: BookingRecord,
  type: 'dni' | 'passport',
  body: { number: string; issue_date?: string | null; expiry_date: string; file?: string | null },
): string => {
  const texts = DOCUMENT_TEXTS[type]
  const number = body.number.trim()
  if (!isDocumentNumber(number)) formatFailure(`${type}_wrong_format`, 'number', texts.number)
  checkDocumentDates(ctx, body.issue_date, body.expiry_date)
  checkFile(ctx, body.file)
  const problem = documentProblem(ctx, groupOf(ctx.world, booking), { type, expiry_date: body.expiry_date })
  if (problem === 'expired') fail(422, `${type}_expired`, texts.expired, [{ field: 'expiry_date', code: `${type}_expired`, message: texts.expired }])
  if (problem === 'close_expiration') {
    fail(422, `${type}_close_expiration`, texts.close, [{ field: 'expiry_date', code: `${type}_close_expiration`, message: texts.close }])
  }
  return number
}

const syncGuardianAccess = (ctx: Ctx, booking: BookingRecord) => {
  const emails = new Set(booking.members.flatMap((m) => m.guardians.map((g) => g.email.toLowerCase())))
  const guardianIds = new Set(ctx.world.customers.filter((c) => c.agencyId === booking.agencyId && emails.has(c.email.toLowerCase())).map((c) => c.id))
  booking.access = booking.access.filter((a) => a.role !== 'guardian' || guardianIds.has(a.customerId))
  for (const id of guardianIds) if (!booking.access.some((a) => a.customerId === id)) booking.access.push({ customerId: id, role: 'guardian' })
}

const GUARDIAN_TYPE_LABEL: Record<GuardianType, string> = {
  mother_and_father: 'madre y padre',
  mother: 'madre',
  father: 'padre',
  legal_guardian: 'tutor/a legal',
  two_mothers: 'madres',
  two_fathers: 'padres',
}

const authorizationPdf = (ctx: Ctx, booking: BookingRecord, member: MemberRecord) => {
  const group = groupOf(ctx.world, booking)
  const guardians = member.guardians
  const signatures = member.authorizations.map((a) => {
    const g = guardians.find((x) => x.id === a.guardian_id)
    return { text: `Firmado por ${a.signer_name}${g ? ` (${fullName(g)})` : ''} el ${formatDate(a.signed_at)} a las ${a.signed_at.slice(11, 16)} UTC.` }
  })
  return renderPdf({
    title: `Autorización de viaje · ${fullName(member)}`,
    lines: [
      { text: ctx.agency.name, size: 20, bold: true },
      { text: `${ctx.agency.email} · ${ctx.agency.phone}`, size: 9 },
      { text: 'Autorización de viaje para menores de edad', size: 15, bold: true, gap: 24 },
      { text: `Reserva ${booking.locator}`, size: 9 },
      { text: `Viaje: ${group.name} (${group.destination}), del ${formatDate(group.start_at)} al ${formatDate(group.end_at)}.`, gap: 12 },
      { text: `Menor: ${fullName(member)}, nacido/a el ${formatDate(member.birthdate)}, documento ${member.document_number}.` },
      { text: `Tutores legales (${member.guardian_type ? GUARDIAN_TYPE_LABEL[member.guardian_type] : 'sin indicar'}):`, bold: true, gap: 12 },
      ...(guardians.length
        ? guardians.map((g) => ({ text: `${fullName(g)} · documento ${g.document_number} · ${g.email} · ${g.phone}` }))
        : [{ text: 'Sin tutores registrados.' }]),
      {
        text: `Quienes firman, como tutores legales del menor, le autorizan a participar en el viaje indicado, organizado por ${ctx.agency.name}, y a viajar con los monitores de la agencia.`,
        gap: 12,
      },
      { text: 'Firma', bold: true, gap: 12 },
      ...(signatures.length ? signatures : [{ text: 'Pendiente de firma.' }]),
    ],
  })
}

export const documentationRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'put', '/booking/:id/data', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateMemberDataBody)
    const booking = changeableBookingFor(ctx, params.id!)
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
    return view(ctx, booking)
  }),

  route(rt, 'put', '/booking/:id/dni', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateDniBody)
    const booking = changeableBookingFor(ctx, params.id!)
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
    return view(ctx, booking)
  }),

  route(rt, 'put', '/booking/:id/dni-field', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateDniFieldBody)
    const booking = changeableBookingFor(ctx, params.id!)
    const member = memberFor(booking, body.member_id)
    member.has_dni = body.has_dni
    // someone without a DNI cannot keep one on file: the documentation tasks would contradict each other
    if (!body.has_dni) member.documents = member.documents.filter((d) => d.type !== 'dni')
    notifyGuardians(ctx, booking, member, 'si tiene DNI')
    ctx.save('bookings', booking)
    return view(ctx, booking)
  }),

  route(rt, 'put', '/booking/:id/passport', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdatePassportBody)
    const booking = changeableBookingFor(ctx, params.id!)
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
    return view(ctx, booking)
  }),

  route(rt, 'put', '/booking/:id/guardians', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateGuardiansBody)
    const booking = changeableBookingFor(ctx, params.id!)
    const member = memberFor(booking, body.member_id)
    if (!isMinorOn(member.birthdate, ctx.today)) {
      fail(422, 'validation_error', 'Only a passenger under 18 has legal guardians.', [
        { field: 'member_id', code: 'not_minor', message: 'Only a passenger under 18 has legal guardians.' },
      ])
    }
    const wrong = body.guardians.flatMap((g, i) =>
      isDocumentNumber(g.document_number.trim())
        ? []
        : [{ field: `guardians.${i}.document_number`, code: 'dni_wrong_format', message: 'The DNI may only contain numbers and letters.' }],
    )
    if (wrong.length) fail(422, 'dni_wrong_format', wrong[0]!.message, wrong)
    // the same person keeps their id, so what they already signed stays theirs
    const guardians: Guardian[] = body.guardians.map((g) => {
      const document_number = normalizeDocumentNumber(g.document_number)
      const same = member.guardians.find(
        (x) => normalizeDocumentNumber(x.document_number) === document_number || x.email.toLowerCase() === g.email.toLowerCase(),
      )
      return {
        id: same?.id ?? ctx.id('grd'),
        name: g.name.trim(),
        surname1: g.surname1.trim(),
        surname2: g.surname2?.trim() || null,
        email: g.email,
        phone: g.phone.trim(),
        document_number,
      }
    })
    member.guardian_type = body.guardian_type
    member.guardians = guardians
    // an authorization signed by someone who is no longer a guardian does not hold
    member.authorizations = member.authorizations.filter((a) => guardians.some((g) => g.id === a.guardian_id))
    syncGuardianAccess(ctx, booking)
    notifyGuardians(ctx, booking, member, 'los tutores legales')
    ctx.save('bookings', booking)
    return view(ctx, booking)
  }),

  route(rt, 'put', '/booking/:id/emergency-contact', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateEmergencyContactBody)
    const booking = changeableBookingFor(ctx, params.id!)
    const member = memberFor(booking, body.member_id)
    member.emergency_contacts = [
      { name: body.name.trim(), surname1: body.surname1.trim(), surname2: body.surname2?.trim() || null, email: body.email, phone: body.phone.trim() },
    ]
    notifyGuardians(ctx, booking, member, 'el contacto de emergencia')
    ctx.save('bookings', booking)
    return view(ctx, booking)
  }),

  route(rt, 'put', '/booking/:id/buyer', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateBuyerBody)
    const booking = changeableBookingFor(ctx, params.id!)
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
    return view(ctx, booking)
  }),

  route(rt, 'get', '/booking/:id/authorizations', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    const list: Authorization[] = booking.members.flatMap((m) => m.authorizations)
    return json(list)
  }),

  route(rt, 'get', '/booking/:id/authorization/render', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    // 422 is not declared for this download: a missing member_id is a malformed request
    const memberId = ctx.url.searchParams.get('member_id')
    if (!memberId) fail(400, 'bad_request', 'The member_id query parameter is required.')
    const member = memberFor(booking, memberId!)
    const group = groupOf(ctx.world, booking)
    if (!isMinorOn(member.birthdate, group.start_at)) fail(404, 'not_found', 'This passenger travels as an adult: there is no parental authorization.')
    return pdfResponse(authorizationPdf(ctx, booking, member), `autorizacion-${booking.locator}-${member.id}.pdf`)
  }),

  route(rt, 'post', '/booking/:id/authorize', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, AuthorizeMemberBody)
    const booking = changeableBookingFor(ctx, params.id!)
    const member = memberFor(booking, body.member_id)
    const group = groupOf(ctx.world, booking)
    if (!isMinorOn(member.birthdate, group.start_at)) {
      fail(422, 'validation_error', 'Only a passenger under 18 at departure needs a parental authorization.', [
        { field: 'member_id', code: 'not_minor', message: 'Only a passenger under 18 at departure needs a parental authorization.' },
      ])
    }
    if (!body.signer_name.trim())
      fail(422, 'validation_error', 'The signer name is required.', [{ field: 'signer_name', code: 'required', message: 'The signer name is required.' }])
    if (member.guardians.length === 0) fail(409, 'guardians_incomplete', 'Complete the legal guardians before signing the authorization.')
    if (daysBetween(ctx.today, group.start_at) < AUTHORIZATION_MIN_DAYS) {
      fail(409, 'authorization_window_closed', `The authorization must be signed at least ${AUTHORIZATION_MIN_DAYS} days before departure.`)
    }
    const guardian =
      member.guardians.find((g) => g.id === body.guardian_id) ??
      fail(422, 'validation_error', 'Not a guardian of this passenger.', [{ field: 'guardian_id', code: 'enum', message: 'Not a guardian of this passenger.' }])
    const authorization: Authorization = {
      id: ctx.id('aut'),
      member_id: member.id,
      guardian_id: guardian.id,
      signer_name: body.signer_name.trim(),
      signed_at: ctx.now.toISOString(),
    }
    // signing again replaces that guardian's earlier signature; the other guardian's stays
    member.authorizations = [...member.authorizations.filter((a) => a.guardian_id !== guardian.id), authorization]
    ctx.save('bookings', booking)
    notifyGuardians(ctx, booking, member, 'la autorización de viaje')
    return json(authorization, 201)
  }),
]
