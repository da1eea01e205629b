// Paying a booking after checkout: pending plan terms (one or several together) and an extra or an
// insurance bought later, each through a new payment at the card provider (or by transfer).
import { bookingSubject } from '../kernel/active-scenarios.ts'
import type { z } from 'zod'
import type { PayExtraTermBody, PurchaseTermsBody } from '../../../../contract/generated/zod.ts'
import type { PaymentAction } from '../../../../contract/generated/model/index.ts'
import { isOnSale } from '../../../../core/pricing.ts'
import { english, translated } from '../../../../core/translations.ts'
import { groupOf, memberFor } from '../kernel/booking-access.ts'
import { assertAgencyReturnUrl, createPayment } from './provider-payments.ts'
import { fail } from '../kernel/rule-failure.ts'
import type { BookingRecord, TermRecord, TravelGroupRecord } from '../kernel/types.ts'
import { bookingTerms } from './booking-account.ts'
import type { WorldContext } from '../kernel/world-context.ts'

const paymentMethodOf = (group: TravelGroupRecord, id: string) =>
  group.paymentMethods.find((m) => m.id === id) ??
  fail(422, 'validation_error', 'Unknown payment method.', [
    { field: 'payment_method_id', code: 'enum', message: 'This travel group has no such payment method.' },
  ])

/** Pays the chosen plan terms together: their amounts and the late-term penalty the last one carries. */
export const purchaseTerms = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof PurchaseTermsBody>): PaymentAction => {
  assertAgencyReturnUrl(ctx, body.return_url)
  const group = groupOf(ctx.world, booking)
  const method = paymentMethodOf(group, body.payment_method_id)
  const terms = bookingTerms(ctx, group, booking)
  const unknown = body.term_ids.filter((id) => !terms.some((t) => t.id === id && t.kind === 'plan'))
  if (unknown.length) {
    fail(
      422,
      'validation_error',
      'Some terms are not payment terms of this booking.',
      unknown.map((id) => ({ field: `term_ids.${body.term_ids.indexOf(id)}`, code: 'unknown_term', message: `${id} is not a payment term of this booking.` })),
    )
  }
  const wanted = terms.filter((t) => body.term_ids.includes(t.id) && t.status !== 'paid')
  if (wanted.length === 0) fail(409, 'payment_already_completed', 'These terms are already paid.')
  if (wanted.some((t) => t.status === 'expired')) fail(409, 'payment_term_limit_date_excedeed', 'A payment term is past its limit date.')
  // the view carries the late-term penalty due on the last term
  const amount = wanted.reduce((sum, t) => sum + t.amount + t.penalty_amount, 0)
  const { action } = createPayment(ctx, booking, { termIds: wanted.map((t) => t.id), amount, method: method.type, returnUrl: body.return_url })
  booking.paymentMethodId = method.id
  ctx.save('bookings', booking)
  return action
}

/** Buys an extra or an insurance for a passenger while it is on sale: a term of its own, paid now. */
export const payExtraTerm = (ctx: WorldContext, booking: BookingRecord, body: z.infer<typeof PayExtraTermBody>): PaymentAction => {
  assertAgencyReturnUrl(ctx, body.return_url)
  const group = groupOf(ctx.world, booking)
  const member = memberFor(booking, body.member_id)
  const insurance = group.insurances.find((i) => i.id === body.item_id)
  const item =
    group.extras.find((e) => e.id === body.item_id) ??
    insurance ??
    fail(422, 'validation_error', 'Unknown item.', [{ field: 'item_id', code: 'enum', message: 'This travel group offers no such extra or insurance.' }])
  const method = paymentMethodOf(group, body.payment_method_id)
  if (insurance ? member.insurance_id !== null : member.extras.includes(item.id)) {
    fail(409, 'conflict', insurance ? `${member.name} already has an insurance.` : `${member.name} already has this extra.`)
  }
  if (ctx.scenarios.has('term-expired', bookingSubject(booking)) || !isOnSale(item, ctx.today, group.end_at)) {
    fail(409, insurance ? 'insurance_limit_date_excedeed' : 'extra_limit_date_excedeed', `${item.name} could be bought until ${item.limit_date}.`)
  }
  // a retry after a failed payment pays the same term again instead of adding another
  let term = booking.terms.find((t) => t.kind === 'extra' && !t.paid_at && t.extra?.member_id === member.id && t.extra.item_id === item.id)
  if (!term) {
    const fresh: TermRecord = {
      id: ctx.id('trm'),
      number: booking.terms.length + 1,
      kind: 'extra',
      concept: `${item.name} · ${member.name}`,
      translations: english({ concept: `${translated(item, 'name', 'en')} · ${member.name}` }),
      amount: item.price,
      limit_date: item.limit_date,
      penalty_limit_date: null,
      penalty_amount: 0,
      paid_at: null,
      extra: { member_id: member.id, item_id: item.id },
    }
    booking.terms.push(fresh)
    ctx.save('bookings', booking)
    term = fresh
  }
  return createPayment(ctx, booking, { termIds: [term.id], amount: term.amount, method: method.type, returnUrl: body.return_url }).action
}
