// The legal guardians of a minor (SPEC §1): who they are, their access to the booking, and the
// parental authorization they sign (until 60 days before departure) and its document.
import type { z } from 'zod'
import type { AuthorizeMemberBody, UpdateGuardiansBody } from '../../../../contract/generated/zod.ts'
import type { Authorization, Guardian, GuardianType } from '../../../../contract/generated/model/index.ts'
import { isMinorOn } from '../../../../core/calendar.ts'
import { isDocumentNumber, normalizeDocumentNumber } from '../../../../core/document-number.ts'
import { authorizationOpen, AUTHORIZATION_MIN_DAYS } from '../../../../core/parental-authorization.ts'
import { fullName } from '../../../../core/person-name.ts'
import { groupOf, memberFor, notifyGuardians } from '../kernel/booking-access.ts'
import { formatDate, type PdfDocument } from '../kernel/pdf.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingRecord, MemberRecord } from '../kernel/types.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** Customers who are guardians of the booking's passengers see it too; guardians removed lose that access. */
const syncGuardianAccess = (ctx: WorldContext, booking: BookingRecord) => {
  const emails = new Set(booking.members.flatMap((m) => m.guardians.map((g) => g.email.toLowerCase())))
  const guardianIds = new Set(ctx.world.customers.filter((c) => c.agencyId === booking.agencyId && emails.has(c.email.toLowerCase())).map((c) => c.id))
  booking.access = booking.access.filter((a) => a.role !== 'guardian' || guardianIds.has(a.customerId))
  for (const id of guardianIds) if (!booking.access.some((a) => a.customerId === id)) booking.access.push({ customerId: id, role: 'guardian' })
}

/** The legal guardians of a minor: they see the booking too; a guardian kept keeps their id and signature. */
export const setGuardians = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof UpdateGuardiansBody>): void => {
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
    const same = member.guardians.find((x) => normalizeDocumentNumber(x.document_number) === document_number || x.email.toLowerCase() === g.email.toLowerCase())
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
}

/** A guardian signs a minor's parental authorization (until 60 days before departure). */
export const authorize = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof AuthorizeMemberBody>): Authorization => {
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
  if (!authorizationOpen(group.start_at, ctx.today)) {
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
  return authorization
}

const GUARDIAN_TYPE_LABEL: Record<GuardianType, string> = {
  mother_and_father: 'madre y padre',
  mother: 'madre',
  father: 'padre',
  legal_guardian: 'tutor/a legal',
  two_mothers: 'madres',
  two_fathers: 'padres',
}

/** A minor's parental authorization as a PDF document's lines: the trip, the minor, the guardians and their signatures. */
export const authorizationDocument = (ctx: WorldContext, booking: BookingRecord, member: MemberRecord): PdfDocument => {
  const group = groupOf(ctx.world, booking)
  const guardians = member.guardians
  const signatures = member.authorizations.map((a) => {
    const g = guardians.find((x) => x.id === a.guardian_id)
    return { text: `Firmado por ${a.signer_name}${g ? ` (${fullName(g)})` : ''} el ${formatDate(a.signed_at)} a las ${a.signed_at.slice(11, 16)} UTC.` }
  })
  return {
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
  }
}
