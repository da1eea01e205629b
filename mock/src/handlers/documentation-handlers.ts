// Passenger documentation on a booking: personal data, DNI, passport, guardians of minors, emergency
// contact, billing data, and the parental authorization (list, sign, PDF); the rules are in world/.
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
import type { Authorization } from '../../../contract/generated/model/index.ts'
import { isMinorOn } from '../../../core/calendar.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { bookingFor, changeableBookingFor, groupOf, memberFor } from '../world/kernel/booking-access.ts'
import { authorizationDocument, authorize, setGuardians } from '../world/people/guardians.ts'
import { savePassport, saveDni, setBuyer, setEmergencyContact, setHasDni, updatePersonalData } from '../world/people/passenger-documents.ts'
import { pdfResponse, renderPdf } from '../world/kernel/pdf.ts'
import { fail } from '../world/kernel/rule-failure.ts'
import { bookingWrite } from './booking-write.ts'
import { json, readJson, route, type ApiRoute } from './context.ts'

export const documentationRoutes = (rt: Runtime): ApiRoute[] => [
  bookingWrite(rt, 'put', '/booking/{id}/data', UpdateMemberDataBody, updatePersonalData),

  bookingWrite(rt, 'put', '/booking/{id}/dni', UpdateDniBody, saveDni),

  bookingWrite(rt, 'put', '/booking/{id}/dni-field', UpdateDniFieldBody, setHasDni),

  bookingWrite(rt, 'put', '/booking/{id}/passport', UpdatePassportBody, savePassport),

  bookingWrite(rt, 'put', '/booking/{id}/guardians', UpdateGuardiansBody, setGuardians),

  bookingWrite(rt, 'put', '/booking/{id}/emergency-contact', UpdateEmergencyContactBody, setEmergencyContact),

  bookingWrite(rt, 'put', '/booking/{id}/buyer', UpdateBuyerBody, setBuyer),

  route(rt, 'get', '/booking/{id}/authorizations', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    const list: Authorization[] = booking.members.flatMap((m) => m.authorizations)
    return json(list)
  }),

  route(rt, 'get', '/booking/{id}/authorization/render', 'auth', (ctx, params) => {
    const booking = bookingFor(ctx, params.id!)
    // 422 is not declared for this download: a missing member_id is a malformed request
    const memberId = ctx.url.searchParams.get('member_id')
    if (!memberId) fail(400, 'bad_request', 'The member_id query parameter is required.')
    const member = memberFor(booking, memberId!)
    const group = groupOf(ctx.world, booking)
    if (!isMinorOn(member.birthdate, group.start_at)) fail(404, 'not_found', 'This passenger travels as an adult: there is no parental authorization.')
    return pdfResponse(renderPdf(authorizationDocument(ctx, booking, member)), `autorizacion-${booking.locator}-${member.id}.pdf`)
  }),

  route(rt, 'post', '/booking/{id}/authorize', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, AuthorizeMemberBody)
    return json(authorize(ctx, changeableBookingFor(ctx, params.id!), body), 201)
  }),
]
