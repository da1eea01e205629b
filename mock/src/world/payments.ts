// Payments through the simulated card provider: create (with the form to post), complete, retry.
// Paying a booking's terms confirms the booking once nothing is left pending.
import type { PaymentAction } from '../../../web/src/lib/api/generated/model/index.ts';
import type { Runtime } from '../runtime.ts';
import { activeScenarios } from '../scenarios.ts';
import { isoDate } from './dates.ts';
import type { BookingRecord, PaymentRecord, World } from './types.ts';
import { groupOf, lateTermPenalty, type ViewContext } from './views.ts';

type PaymentContext = { world: World; now: Date; id(prefix: string): string; providerBase: string };

/** Where the mock's provider page lives: the mock's own origin. */
export const providerBaseFrom = (request: Request) => new URL(request.url).origin;

const signature = (paymentId: string, amount: number) => {
  let h = 0x811c9dc5;
  for (const ch of `${paymentId}:${amount}`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return h.toString(16);
};

export const actionFor = (payment: PaymentRecord, providerBase: string): PaymentAction =>
  payment.method === 'transfer' || payment.amount === 0
    ? { payment_id: payment.id, type: 'none', method: 'GET', url: null, fields: {}, amount: payment.amount }
    : {
        payment_id: payment.id,
        type: 'redirect',
        method: 'POST',
        url: `${providerBase}/__provider/pay`,
        fields: { payment: payment.id, amount: String(payment.amount), signature: signature(payment.id, payment.amount), return_url: `${payment.returnUrl.replace(/\/$/, '')}/${payment.id}` },
        amount: payment.amount,
      };

export const createPayment = (
  ctx: PaymentContext,
  booking: BookingRecord,
  opts: { termIds: string[]; amount: number; method: 'tpv' | 'transfer'; returnUrl: string },
): { payment: PaymentRecord; action: PaymentAction } => {
  const payment: PaymentRecord = {
    id: ctx.id('pay'),
    agencyId: booking.agencyId,
    bookingId: booking.id,
    termIds: opts.termIds,
    amount: opts.amount,
    method: opts.method,
    status: 'pending',
    created_at: ctx.now.toISOString(),
    paid_at: null,
    error_code: null,
    returnUrl: opts.returnUrl,
    retriedBy: null,
  };
  ctx.world.payments.push(payment);
  return { payment, action: actionFor(payment, ctx.providerBase) };
};

/** Marks a payment paid: its terms paid (the last carrying any late penalty), an invoice, and the booking confirmed when nothing is pending. */
export const settlePayment = (world: World, payment: PaymentRecord, now: Date, nextId: (prefix: string) => string) => {
  const booking = world.bookings.find((b) => b.id === payment.bookingId);
  payment.status = 'paid';
  payment.paid_at = now.toISOString();
  payment.error_code = null;
  if (!booking) return;
  const group = groupOf(world, booking);
  const vctx: ViewContext = { world, now, today: isoDate(now), scenarios: activeScenarios(world, booking.agencyId) };
  const penalty = lateTermPenalty(vctx, group, booking);
  const planTerms = booking.terms.filter((t) => t.kind === 'plan');
  const lastPlan = planTerms[planTerms.length - 1];
  for (const term of booking.terms) {
    if (!payment.termIds.includes(term.id) || term.paid_at) continue;
    if (term === lastPlan) term.penalty_amount = penalty;
    term.paid_at = payment.paid_at;
    if (term.extra) {
      const member = booking.members.find((m) => m.id === term.extra!.member_id);
      const isInsurance = group.insurances.some((i) => i.id === term.extra!.item_id);
      if (member && isInsurance) member.insurance_id = term.extra.item_id;
      else if (member && !member.extras.includes(term.extra.item_id)) member.extras.push(term.extra.item_id);
    }
  }
  booking.invoices.push({ id: nextId('inv'), number: `F${payment.paid_at.slice(0, 4)}-${nextId('n').split('-')[1]}`, issued_at: payment.paid_at.slice(0, 10), amount: payment.amount });
  if (booking.status === 'pending' || booking.status === 'invited') {
    // the first payment confirms the booking: the seats are now the customer's
    booking.status = 'confirmed';
  }
};

/** Called by the provider page when the payer approves or declines. Returns where to send the payer back. */
export const completeProviderPayment = (rt: Runtime, paymentId: string, outcome: 'approve' | 'decline'): { returnUrl: string } | null => {
  const world = rt.world;
  const payment = world.payments.find((p) => p.id === paymentId);
  if (!payment) return null;
  const returnUrl = `${payment.returnUrl.replace(/\/$/, '')}/${payment.id}`;
  if (payment.status !== 'pending') return { returnUrl };
  const declined = outcome === 'decline' || activeScenarios(world, payment.agencyId).has('payment-fails');
  if (declined) {
    payment.status = 'failed';
    payment.error_code = 'card_declined';
  } else {
    settlePayment(world, payment, rt.now(), (prefix) => {
      world.counter += 1;
      return `${prefix}-${world.counter}`;
    });
  }
  return { returnUrl };
};
