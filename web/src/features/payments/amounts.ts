// The amounts the booking payments page works out from the server's terms: what each term costs
// now and what paying several costs (the late-term penalty is core/payment-schedule.ts's rule).
import type { Term } from '@contract/generated/model/term'

import { termDue } from '@core/pricing'

type TermLike = Pick<Term, 'amount' | 'penalty_amount'>

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

/** The last plan term: where the late-term penalty is charged. */
export const lastPlanTerm = <T extends Pick<Term, 'kind' | 'number'>>(terms: readonly T[]): T | undefined =>
  terms
    .filter((t) => t.kind === 'plan')
    .sort((a, b) => a.number - b.number)
    .at(-1)
