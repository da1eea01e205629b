import { describe, expect, it } from 'vitest'
import { ballotSvg, raffleShareText } from '../../../../mock/src/world/booking/raffle.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Raffles that help pay a trip: the text a traveller shares, and a ballot as its buyer sees it.

const setUp = () => {
  const world = freshWorld()
  const ana = worldContext(world)
  const booking = world.bookings.find((b) => b.id === 'bkg-sol-1001')!
  return { world, ana, booking, block: booking.raffle_blocks[0]! }
}

describe('raffles', () => {
  it('the share text lists the unsold numbers, in the language asked, with the trip’s link', () => {
    const { ana, booking, block } = setUp()
    const unsold = block.ballots.filter((b) => !b.sold).map((b) => b.number)
    const es = raffleShareText(ana, block.id, { booking_id: booking.id, lang: 'es' })
    expect(es).toContain('¡Ayúdame a pagar mi viaje')
    if (unsold.length > 1) expect(es).toContain(`${unsold.slice(0, -1).join(', ')} y ${unsold.at(-1)}`)
    expect(es).toContain(`/travelgroup/${booking.travelGroupId}`)
    expect(raffleShareText(ana, block.id, { booking_id: booking.id, lang: 'en' })).toContain('Help me pay for my trip')
    for (const ballot of block.ballots) ballot.sold = true
    expect(raffleShareText(ana, block.id, { booking_id: booking.id })).toContain('Ya he vendido todas mis papeletas')
  })

  it('a block of another booking is 404', () => {
    const { ana, block } = setUp()
    expect(refusal(() => raffleShareText(ana, block.id, { booking_id: 'bkg-sol-1002' }))).toEqual({ status: 404, code: 'not_found' })
  })

  it('a ballot is drawn by its id and code, its texts escaped; a wrong code is as unknown as a wrong id', () => {
    const { world, block } = setUp()
    const ballot = block.ballots[0]!
    world.agencies.find((a) => a.id === 'ag-sol')!.name = 'Viajes <Sol> & "Mar"'
    const svg = ballotSvg({ world }, 'ag-sol', ballot.id, ballot.code)
    expect(svg).toContain(`Nº ${ballot.number}`)
    expect(svg).toContain('Viajes &lt;Sol&gt; &amp; &quot;Mar&quot;')
    expect(svg).not.toContain('<Sol>')
    expect(refusal(() => ballotSvg({ world }, 'ag-sol', ballot.id, 'WRONG'))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(() => ballotSvg({ world }, 'ag-norte', ballot.id, ballot.code))).toEqual({ status: 404, code: 'not_found' })
    expect(ballotSvg({ world }, null, ballot.id, ballot.code)).toContain(`Código ${ballot.code}`)
  })
})
