// The amounts the booking payments page works out from the server's terms: what each term costs
// now, what paying several costs, and when the late-term penalty applies (mirrors the backend's
// lateTermPenalty/termsView: a term paid, or still unpaid, after its penalty limit date adds the
// plan's penalty to the LAST plan term).
import type { PaymentPlan } from '@contract/generated/model/paymentPlan'
import type { Term } from '@contract/generated/model/term'

import { termDue } from '@core/pricing'

type TermLike = Pick<Term, 'amount' | 'penalty_amount'>
type PlanTermLike = Pick<Term, 'kind' | 'paid_at' | 'penalty_limit_date'>

/** What paying these terms together costs. */
export const termsDue = (terms: readonly TermLike[]): number => terms.reduce((sum, term) => sum + termDue(term), 0)

/** A plan term that can be paid now: not paid and not past its limit date. */
export const isPayable = (term: Pick<Term, 'kind' | 'status'>): boolean => term.kind === 'plan' && term.status === 'pending'

/** The unpaid plan terms in order; the first one is the next to pay. */
export const payableTerms = <T extends Pick<Term, 'kind' | 'status' | 'number'>>(terms: readonly T[]): T[] =>
  terms.filter(isPayable).sort((a, b) => a.number - b.number)

/** Paid so far: terms paid, with the penalty they carried. */
export const paidTotal = (terms: readonly (TermLike & Pick<Term, 'paid_at'>)[]): number =>
  terms.filter((t) => t.paid_at).reduce((sum, t) => sum + termDue(t), 0)

/** The payment day of a term as YYYY-MM-DD (paid_at may be an instant). */
const day = (value: string) => value.slice(0, 10)

/** True when a plan term is (or was) paid after its penalty limit date. */
export const isLate = (term: PlanTermLike, today: string): boolean =>
  term.kind === 'plan' && Boolean(term.penalty_limit_date) && (term.paid_at ? day(term.paid_at) > term.penalty_limit_date! : today > term.penalty_limit_date!)

/** The late-term penalty of a booking: the plan's amount once any plan term is late, else 0. */
export const lateTermPenalty = (plan: Pick<PaymentPlan, 'late_term_penalty'> | null, terms: readonly PlanTermLike[], today: string): number =>
  plan && plan.late_term_penalty > 0 && terms.some((t) => isLate(t, today)) ? plan.late_term_penalty : 0

/** The last plan term: where the late-term penalty is charged. */
export const lastPlanTerm = <T extends Pick<Term, 'kind' | 'number'>>(terms: readonly T[]): T | undefined =>
  terms
    .filter((t) => t.kind === 'plan')
    .sort((a, b) => a.number - b.number)
    .at(-1)
