// Raffles that help pay a trip: the text a traveller shares to sell their block's ballots, and a
// ballot as the buyer sees it (an SVG with the agency's colours), found by its id and secret code.
import type { z } from 'zod'
import type { ShareRaffleBlockBody } from '../../../../contract/generated/zod.ts'
import type { Language } from '../../../../contract/generated/model/language.ts'
import { escapeMarkup } from '../../../../core/markup.ts'
import { bookingFor, groupOf } from '../kernel/booking-access.ts'
import { formatDate } from '../kernel/pdf.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { AgencyRecord, BookingRecord, TravelGroupRecord } from '../kernel/types.ts'
import type { WorldContext } from '../kernel/world-context.ts'

/** "100, 101 y 102" / "100, 101 and 102" */
const listNumbers = (numbers: number[], lang: Language) => {
  if (numbers.length <= 1) return numbers.join('')
  return `${numbers.slice(0, -1).join(', ')} ${lang === 'es' ? 'y' : 'and'} ${numbers[numbers.length - 1]}`
}

/** The text a traveller shares to sell the ballots of a block still unsold, in their language. */
export const raffleShareText = (ctx: WorldContext, blockId: string, body: z.infer<typeof ShareRaffleBlockBody>): string => {
  const booking = bookingFor(ctx, body.booking_id)
  const block = booking.raffle_blocks.find((b) => b.id === blockId) ?? fail(404, 'not_found', 'No such raffle block in this booking.')
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
  return text.join('\n')
}

type Ballot = BookingRecord['raffle_blocks'][number]['ballots'][number]

/** The picture of a ballot found by its id and code (a wrong code is as unknown as a wrong id). */
export const ballotSvg = (ctx: Pick<WorldContext, 'world'>, agencyId: string | null, ballotId: string, code: string): string => {
  // with an agency header only that tenant's ballots are found
  const bookings = ctx.world.bookings.filter((b) => agencyId === null || b.agencyId === agencyId)
  for (const booking of bookings) {
    for (const block of booking.raffle_blocks) {
      const ballot = block.ballots.find((b) => b.id === ballotId)
      // a wrong code answers exactly like an unknown ballot
      if (!ballot || ballot.code !== code) continue
      const agency = ctx.world.agencies.find((a) => a.id === booking.agencyId)!
      return ballotDrawing(agency, groupOf(ctx.world, booking), block.name, ballot)
    }
  }
  return fail(404, 'not_found', 'No such ballot.')
}

const ballotDrawing = (agency: AgencyRecord, group: TravelGroupRecord, blockName: string, ballot: Ballot): string => `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="480" height="220" viewBox="0 0 480 220" role="img" aria-label="${escapeMarkup(`${agency.name} · ${group.name} · Nº ${ballot.number}`)}">
  <title>${escapeMarkup(`${agency.name} · ${group.name} · Nº ${ballot.number}`)}</title>
  <rect x="2" y="2" width="476" height="216" rx="14" fill="${escapeMarkup(agency.color4)}" stroke="${escapeMarkup(agency.color1)}" stroke-width="4" stroke-dasharray="10 6"/>
  <text x="24" y="46" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="${escapeMarkup(agency.color1)}">${escapeMarkup(agency.name)}</text>
  <text x="24" y="76" font-family="Arial, sans-serif" font-size="16" fill="#333">${escapeMarkup(group.name)}</text>
  <text x="24" y="100" font-family="Arial, sans-serif" font-size="13" fill="#555">${escapeMarkup(blockName)}</text>
  <text x="456" y="160" text-anchor="end" font-family="Arial, sans-serif" font-size="64" font-weight="700" fill="${escapeMarkup(agency.color3)}">Nº ${ballot.number}</text>
  <text x="24" y="196" font-family="'Courier New', monospace" font-size="16" fill="#333">${escapeMarkup(`Código ${ballot.code}`)}</text>
</svg>
`
