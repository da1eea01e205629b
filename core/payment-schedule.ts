// A booking's payment schedule: how a plan splits a total into terms, and when the plan's late-term
// penalty applies. The checkout shows the schedule before the booking exists, the mock writes the
// booking's terms with it, and the payments page and the mock agree on the penalty through it.
import type { PaymentPlan } from '../contract/generated/model/paymentPlan.ts'
import type { Term } from '../contract/generated/model/term.ts'
import { splitByTerms } from './pricing.ts'

export type ScheduledTerm = {
  number: number
  percentage: number
  amount: number
  limit_date: string | null
  penalty_limit_date: string | null
}

/** Splits a total over a plan's terms by their percentages; the last term absorbs the rounding. */
export function scheduleTerms(plan: Pick<PaymentPlan, 'terms'>, total: number): ScheduledTerm[] {
  const amounts = splitByTerms(plan.terms, total)
  return plan.terms.map((term, index) => ({
    number: term.number,
    percentage: term.percentage,
    amount: amounts[index]!,
    limit_date: term.limit_date,
    penalty_limit_date: term.penalty_limit_date,
  }))
}

type PlanTermLike = Pick<Term, 'kind' | 'paid_at' | 'penalty_limit_date'>

/** True when a plan term is (or was) paid after its penalty limit date; days compared as calendar days. */
export const isLateTerm = (term: PlanTermLike, today: string): boolean =>
  term.kind === 'plan' &&
  term.penalty_limit_date !== null &&
  (term.paid_at ? term.paid_at.slice(0, 10) > term.penalty_limit_date : today > term.penalty_limit_date)

/** The late-term penalty of a booking: the plan's amount once any plan term is late, else 0. It is charged at the last plan term. */
export const lateTermPenalty = (plan: Pick<PaymentPlan, 'late_term_penalty'> | null | undefined, terms: readonly PlanTermLike[], today: string): number =>
  plan && plan.late_term_penalty > 0 && terms.some((t) => isLateTerm(t, today)) ? plan.late_term_penalty : 0
