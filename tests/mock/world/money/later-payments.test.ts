import { describe, expect, it } from 'vitest'
import { groupOf } from '../../../../mock/src/world/kernel/booking-access.ts'
import { bookingTerms } from '../../../../mock/src/world/money/booking-account.ts'
import { payExtraTerm, purchaseTerms } from '../../../../mock/src/world/money/later-payments.ts'
import { freshWorld, refusal, worldContext } from '../world-fixture.ts'

// Paying after checkout: pending instalments (one or several together), and an extra or an insurance
// bought later, each through a new payment.

const setUp = (scenarios: Parameters<typeof worldContext>[1] = {}) => {
  const world = freshWorld()
  const ana = worldContext(world, scenarios)
  const booking = world.bookings.find((b) => b.id === 'bkg-sol-1002')!
  const group = groupOf(world, booking)
  const card = group.paymentMethods.find((m) => m.type === 'tpv')!
  return { world, ana, booking, group, card, returnUrl: 'http://localhost:5173/payment' }
}

describe('later payments', () => {
  it('several instalments together: one payment of their amounts and the last one’s penalty', () => {
    const { world, ana, booking, group, card, returnUrl } = setUp()
    const unpaid = bookingTerms(ana, group, booking).filter((t) => t.status === 'pending')
    const action = purchaseTerms(ana, booking, { term_ids: unpaid.map((t) => t.id), payment_method_id: card.id, return_url: returnUrl })
    expect(action.amount).toBe(unpaid.reduce((sum, t) => sum + t.amount + t.penalty_amount, 0))
    expect(world.payments.find((p) => p.id === action.payment_id)!.termIds).toEqual(unpaid.map((t) => t.id))
  })

  it('refuses a term that is not this booking’s, one paid, one expired, and an unknown method', () => {
    const { ana, booking, card, returnUrl } = setUp()
    const paid = booking.terms.find((t) => t.paid_at)!
    const unpaid = booking.terms.find((t) => !t.paid_at)!
    expect(refusal(() => purchaseTerms(ana, booking, { term_ids: ['trm-other'], payment_method_id: card.id, return_url: returnUrl }))).toEqual({
      status: 422,
      code: 'validation_error',
    })
    expect(refusal(() => purchaseTerms(ana, booking, { term_ids: [paid.id], payment_method_id: card.id, return_url: returnUrl }))).toEqual({
      status: 409,
      code: 'payment_already_completed',
    })
    expect(refusal(() => purchaseTerms(ana, booking, { term_ids: [unpaid.id], payment_method_id: 'pm-none', return_url: returnUrl }))).toEqual({
      status: 422,
      code: 'validation_error',
    })
    const expired = setUp({ scenarios: ['term-expired'] })
    expect(refusal(() => purchaseTerms(expired.ana, expired.booking, { term_ids: [unpaid.id], payment_method_id: card.id, return_url: returnUrl }))).toEqual({
      status: 409,
      code: 'payment_term_limit_date_excedeed',
    })
  })

  it('an extra bought later is a term of its own; trying again after a failure pays the same term', () => {
    const { ana, booking, group, card, returnUrl } = setUp()
    const extra = group.extras.find((e) => e.limit_date === null || e.limit_date >= ana.today)!
    const member = booking.members.find((m) => !m.extras.includes(extra.id))!
    const body = { member_id: member.id, item_id: extra.id, payment_method_id: card.id, return_url: returnUrl }
    const first = payExtraTerm(ana, booking, body)
    const terms = booking.terms.length
    const second = payExtraTerm(ana, booking, body)
    expect(booking.terms).toHaveLength(terms)
    expect(second.amount).toBe(first.amount)
    expect(booking.terms.at(-1)).toMatchObject({ kind: 'extra', amount: extra.price, extra: { member_id: member.id, item_id: extra.id } })
  })

  it('not an extra the group offers, one the passenger has, or past its date: refused', () => {
    const { ana, booking, group, card, returnUrl } = setUp()
    const member = booking.members[0]!
    expect(
      refusal(() => payExtraTerm(ana, booking, { member_id: member.id, item_id: 'x-none', payment_method_id: card.id, return_url: returnUrl }))?.status,
    ).toBe(422)
    const extra = group.extras[0]!
    member.extras.push(extra.id)
    expect(refusal(() => payExtraTerm(ana, booking, { member_id: member.id, item_id: extra.id, payment_method_id: card.id, return_url: returnUrl }))).toEqual({
      status: 409,
      code: 'conflict',
    })
    const late = setUp({ scenarios: ['term-expired'] })
    const other = late.group.extras[0]!
    expect(
      refusal(() =>
        payExtraTerm(late.ana, late.booking, { member_id: late.booking.members[1]!.id, item_id: other.id, payment_method_id: card.id, return_url: returnUrl }),
      ),
    ).toEqual({ status: 409, code: 'extra_limit_date_excedeed' })
  })
})
