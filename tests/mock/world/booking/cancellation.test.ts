import { describe, expect, it } from 'vitest'
import { cancelBooking, cancelBreakdown } from '../../../../mock/src/world/booking/cancellation.ts'
import { bookingFor } from '../../../../mock/src/world/kernel/booking-access.ts'
import { createPayment } from '../../../../mock/src/world/money/provider-payments.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Cancelling a booking (SPEC §3): when it may be, what it refunds and what it frees and tells.

const account = { reason: 'health' as const, comment: '  Gripe  ', owner: 'Ana García', iban: 'ES91 2100 0418 4502 0005 1332' }
const setUp = (options: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ana = worldContext(world, options)
  return { world, ana, booking: bookingFor(ana, 'bkg-sol-1001') }
}

describe('cancellation', () => {
  it('cancels with the breakdown it showed, a pending refund to the account, and tells the buyer and the guardians', () => {
    const { world, ana, booking } = setUp()
    const shown = cancelBreakdown(ana, booking)
    const before = world.outbox.length
    cancelBooking(ana, booking, account)
    expect(booking.status).toBe('canceled')
    expect(booking.cancel_refund).toMatchObject({ reason: 'health', comment: 'Gripe', owner: 'Ana García', iban: 'ES9121000418450200051332', breakdown: shown })
    if (shown.total_refund > 0) expect(booking.refunds.at(-1)).toMatchObject({ reason: 'cancelation', amount: shown.total_refund, status: 'pending' })
    const mails = world.outbox.slice(before)
    expect(mails.map((mail) => mail.to)).toContain(booking.buyer!.email.toLowerCase())
    expect(mails.map((mail) => mail.to)).toContain('marta.lopez@example.com')
    expect(mails[0]!.text).toContain('ES91 **** 1332')
  })

  it('frees its rooming places, and an open payment can no longer pay it', () => {
    const { world, ana, booking } = setUp()
    const term = booking.terms[0]!
    const { payment } = createPayment(ana, booking, { termIds: [term.id], amount: 100, method: 'tpv', returnUrl: 'http://localhost:5173/payment' })
    cancelBooking(ana, booking, account)
    expect(payment).toMatchObject({ status: 'failed', error_code: 'booking_canceled' })
    for (const list of world.roomingLists) for (const room of list.rooms) expect(room.members.some((m) => m.booking_id === booking.id)).toBe(false)
  })

  it('not twice, not after the trip started (or under already-traveled), not without billing data', () => {
    const { ana, booking } = setUp()
    cancelBooking(ana, booking, account)
    expect(refusal(() => cancelBreakdown(ana, booking))).toEqual({ status: 409, code: 'booking_not_cancelable' })
    const traveled = setUp({ scenarios: ['already-traveled'] })
    expect(refusal(() => cancelBooking(traveled.ana, traveled.booking, account))).toEqual({ status: 409, code: 'booking_already_traveled' })
    const noBuyer = setUp()
    noBuyer.booking.buyer = null
    expect(refusal(() => cancelBreakdown(noBuyer.ana, noBuyer.booking))).toEqual({ status: 409, code: 'billing_data_incomplete' })
  })

  it('a bad IBAN is refused before anything changes', () => {
    const { ana, booking } = setUp()
    expect(refusal(() => cancelBooking(ana, booking, { ...account, iban: 'ES00 0000' }))).toEqual({ status: 422, code: 'validation_error' })
    expect(booking.status).toBe('confirmed')
  })
})
