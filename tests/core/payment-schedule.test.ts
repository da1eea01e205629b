import { describe, expect, it } from 'vitest'
import { isLateTerm, lateTermPenalty, scheduleTerms } from '../../core/payment-schedule.ts'

// How a plan splits a total into terms, and when its late-term penalty applies.

const plan = {
  terms: [
    { number: 1, percentage: 30, limit_date: null, penalty_limit_date: null },
    { number: 2, percentage: 30, limit_date: '2027-01-15', penalty_limit_date: '2027-01-15' },
    { number: 3, percentage: 40, limit_date: '2027-02-15', penalty_limit_date: '2027-02-15' },
  ],
  late_term_penalty: 2_500,
}

describe('the payment schedule', () => {
  it('splits a total by the terms’ percentages, the last absorbing the rounding', () => {
    const terms = scheduleTerms(plan, 100_001)
    expect(terms.map((t) => t.amount)).toEqual([30_000, 30_000, 40_001])
    expect(terms.map((t) => t.limit_date)).toEqual([null, '2027-01-15', '2027-02-15'])
  })

  it('a term is late when paid, or still unpaid, after its penalty limit date (calendar days)', () => {
    const term = { kind: 'plan' as const, paid_at: null, penalty_limit_date: '2027-01-15' }
    expect(isLateTerm(term, '2027-01-15')).toBe(false)
    expect(isLateTerm(term, '2027-01-16')).toBe(true)
    expect(isLateTerm({ ...term, paid_at: '2027-01-15T23:59:00Z' }, '2027-03-01')).toBe(false)
    expect(isLateTerm({ ...term, paid_at: '2027-01-16T00:01:00Z' }, '2027-03-01')).toBe(true)
    expect(isLateTerm({ ...term, kind: 'extra' as const }, '2027-03-01')).toBe(false)
  })

  it('the penalty is the plan’s, once any term is late; none for a plan without one', () => {
    const terms = [{ kind: 'plan' as const, paid_at: null, penalty_limit_date: '2027-01-15' }]
    expect(lateTermPenalty(plan, terms, '2027-01-16')).toBe(2_500)
    expect(lateTermPenalty(plan, terms, '2027-01-01')).toBe(0)
    expect(lateTermPenalty({ late_term_penalty: 0 }, terms, '2027-01-16')).toBe(0)
    expect(lateTermPenalty(null, terms, '2027-01-16')).toBe(0)
  })
})
