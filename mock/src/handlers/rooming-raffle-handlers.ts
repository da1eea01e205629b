// Rooming requests (who shares a room with whom) and the raffle: the share text of a block of
// ballots and the ballot image.
import { ShareRaffleBlockBody, UpdateRoomingListBody } from '../../../contract/generated/zod.ts'
import type { FieldError } from '../../../contract/generated/model/index.ts'
import { escapeMarkup } from '../../../core/markup.ts'
import type { Language } from '../../../contract/generated/model/language.ts'
import type { Runtime } from '../runtime.ts'
import { formatDate } from '../world/pdf.ts'
import { roomingConfirmed, roomingListView } from '../world/rooming.ts'
import { groupOf } from '../world/views.ts'
import { bookingFor } from '../world/booking-access.ts'
import { fail } from '../world/rule-failure.ts'
import { json, readJson, route, type ApiRoute } from './context.ts'

/** "100, 101 y 102" / "100, 101 and 102" */
const listNumbers = (numbers: number[], lang: Language) => {
  if (numbers.length <= 1) return numbers.join('')
  return `${numbers.slice(0, -1).join(', ')} ${lang === 'es' ? 'y' : 'and'} ${numbers[numbers.length - 1]}`
}

export const roomingRaffleRoutes = (rt: Runtime): ApiRoute[] => [
  route(rt, 'put', '/roominglist/:id/update', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, UpdateRoomingListBody)
    const list = ctx.world.roomingLists.find((l) => l.id === params.id && l.agencyId === ctx.agency.id) ?? fail(404, 'not_found', 'No such rooming list.')
    const booking = bookingFor(ctx, body.booking_id)
    if (booking.travelGroupId !== list.travelGroupId) {
      fail(422, 'validation_error', 'The booking is not in this rooming list’s group.', [
        { field: 'booking_id', code: 'enum', message: 'The booking is not in this rooming list’s group.' },
      ])
    }
    if (booking.status === 'canceled' || booking.status === 'invited') {
      fail(422, 'validation_error', 'Only a booking that holds seats can request rooms.', [
        { field: 'booking_id', code: 'booking_status', message: 'Only a booking that holds seats can request rooms.' },
      ])
    }
    if (roomingConfirmed(ctx, list)) fail(409, 'rooming_list_already_confirmed', 'The rooming list is already confirmed.')

    const fields: FieldError[] = []
    const seen = new Set<string>()
    body.rooms.forEach((r, i) => {
      if (!list.rooms.some((room) => room.id === r.room_id))
        fields.push({ field: `rooms.${i}.room_id`, code: 'enum', message: `${r.room_id} is not a room of this list.` })
      if (body.rooms.findIndex((x) => x.room_id === r.room_id) !== i)
        fields.push({ field: `rooms.${i}.room_id`, code: 'duplicate', message: 'Each room may appear once.' })
      r.member_ids.forEach((memberId, j) => {
        if (!booking.members.some((m) => m.id === memberId))
          fields.push({ field: `rooms.${i}.member_ids.${j}`, code: 'enum', message: `${memberId} is not a passenger of this booking.` })
        else if (seen.has(memberId)) fields.push({ field: `rooms.${i}.member_ids.${j}`, code: 'duplicate', message: 'A passenger can only be in one room.' })
        seen.add(memberId)
      })
    })
    if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)

    // capacity once the moved passengers have left their old rooms
    const moving = new Set(body.rooms.flatMap((r) => r.member_ids))
    body.rooms.forEach((r, i) => {
      const room = list.rooms.find((x) => x.id === r.room_id)!
      const staying = room.members.filter((m) => !(m.booking_id === booking.id && moving.has(m.member_id))).length
      if (staying + r.member_ids.length > room.capacity) {
        fields.push({ field: `rooms.${i}.member_ids`, code: 'capacity', message: `${room.name} has ${room.capacity} places; ${staying} are taken.` })
      }
    })
    if (fields.length) fail(422, 'validation_error', fields[0]!.message, fields)

    for (const room of list.rooms) room.members = room.members.filter((m) => !(m.booking_id === booking.id && moving.has(m.member_id)))
    for (const r of body.rooms) {
      const room = list.rooms.find((x) => x.id === r.room_id)!
      for (const memberId of r.member_ids) {
        const m = booking.members.find((x) => x.id === memberId)!
        room.members.push({ booking_id: booking.id, member_id: m.id, name: `${m.name} ${m.surname1}`.trim() })
      }
    }
    list.status = 'requested'
    ctx.save('roomingLists', list)
    return json(roomingListView(ctx, list))
  }),

  route(rt, 'post', '/raffle/block/:id/share', 'auth', async (ctx, params) => {
    const body = await readJson(ctx, ShareRaffleBlockBody)
    const booking = bookingFor(ctx, body.booking_id)
    const block = booking.raffle_blocks.find((b) => b.id === params.id) ?? fail(404, 'not_found', 'No such raffle block in this booking.')
    const group = groupOf(ctx.world, booking)
    const lang = body.lang ?? ctx.lang
    const unsold = block.ballots.filter((b) => !b.sold).map((b) => b.number)
    const link = `${ctx.portalOrigin()}/travelgroup/${encodeURIComponent(group.id)}`
    const text =
      lang === 'es'
        ? [
            `¡Ayúdame a pagar mi viaje «${group.name}» a ${group.destination} (salida el ${formatDate(group.start_at)})!`,
            unsold.length
              ? `Compra una papeleta del sorteo: me quedan los números ${listNumbers(unsold, 'es')}.`
              : 'Ya he vendido todas mis papeletas, ¡gracias!',
            `Más información en ${ctx.agency.name}: ${link}`,
          ]
        : [
            `Help me pay for my trip "${group.name}" to ${group.destination} (leaving ${group.start_at})!`,
            unsold.length ? `Buy a raffle ballot: numbers ${listNumbers(unsold, 'en')} are still available.` : 'All my ballots are sold, thank you!',
            `More at ${ctx.agency.name}: ${link}`,
          ]
    return new Response(text.join('\n'), { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }),

  route(rt, 'get', '/raffle/ballot/:id', 'public-optional-agency', (ctx, params) => {
    // 422 is not declared here: a missing code is a malformed request
    const code = ctx.url.searchParams.get('code')
    if (!code) fail(400, 'bad_request', 'The code query parameter is required.')
    // with an agency header only that tenant's ballots are found
    const bookings = ctx.world.bookings.filter((b) => !ctx.agencyOrNull || b.agencyId === ctx.agencyOrNull.id)
    for (const booking of bookings) {
      for (const block of booking.raffle_blocks) {
        const ballot = block.ballots.find((b) => b.id === params.id)
        // a wrong code answers exactly like an unknown ballot
        if (!ballot || ballot.code !== code) continue
        const group = groupOf(ctx.world, booking)
        const agency = ctx.world.agencies.find((a) => a.id === booking.agencyId)!
        const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="480" height="220" viewBox="0 0 480 220" role="img" aria-label="${escapeMarkup(`${agency.name} · ${group.name} · Nº ${ballot.number}`)}">
  <title>${escapeMarkup(`${agency.name} · ${group.name} · Nº ${ballot.number}`)}</title>
  <rect x="2" y="2" width="476" height="216" rx="14" fill="${escapeMarkup(agency.color4)}" stroke="${escapeMarkup(agency.color1)}" stroke-width="4" stroke-dasharray="10 6"/>
  <text x="24" y="46" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="${escapeMarkup(agency.color1)}">${escapeMarkup(agency.name)}</text>
  <text x="24" y="76" font-family="Arial, sans-serif" font-size="16" fill="#333">${escapeMarkup(group.name)}</text>
  <text x="24" y="100" font-family="Arial, sans-serif" font-size="13" fill="#555">${escapeMarkup(block.name)}</text>
  <text x="456" y="160" text-anchor="end" font-family="Arial, sans-serif" font-size="64" font-weight="700" fill="${escapeMarkup(agency.color3)}">Nº ${ballot.number}</text>
  <text x="24" y="196" font-family="'Courier New', monospace" font-size="16" fill="#333">${escapeMarkup(`Código ${ballot.code}`)}</text>
</svg>
`
        return new Response(svg, { status: 200, headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } })
      }
    }
    return fail(404, 'not_found', 'No such ballot.')
  }),
]
