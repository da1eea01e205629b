// The booking payments page's amounts: what a term costs, paying several, the late-term penalty —
// checked against hand-worked cases and against the backend's own rule (the mock's lateTermPenalty).
import { describe, expect, it } from 'vitest'
import { isPayable, lastPlanTerm, paidTotal, payableTerms, termsDue } from '@/features/payments/amounts'
import { isLateTerm, lateTermPenalty } from '@core/payment-schedule'
import { termDue } from '@core/pricing'
import type { Term } from '@contract/generated/model/term'
import type { BookingRecord, TermRecord, TravelGroupRecord } from '../../../../mock/src/world/kernel/types'
import type { ViewContext } from '../../../../mock/src/world/kernel/world-context.ts'
import { lateTermPenalty as mockLatePenalty } from '../../../../mock/src/world/money/booking-account'

const term = (over: Partial<Term>): Term => ({
  id: 't',
  number: 1,
  kind: 'plan',
  concept: 'Plazo 1',
  translations: {},
  amount: 10000,
  limit_date: null,
  penalty_limit_date: null,
  penalty_amount: 0,
  paid_at: null,
  status: 'pending',
  ...over,
})

const plan = { late_term_penalty: 2500 }

describe('termDue / termsDue / paidTotal', () => {
  it.each([
    [10000, 0, 10000],
    [55475, 2500, 57975],
    [0, 0, 0],
    [1, 2500, 2501],
  ])('%i + penalty %i → %i', (amount, penalty, due) => {
    expect(termDue({ amount, penalty_amount: penalty })).toBe(due)
  })

  it('several terms add their penalties', () => {
    expect(termsDue([term({ amount: 47550 }), term({ amount: 55475 }), term({ amount: 55475, penalty_amount: 2500 })])).toBe(161000)
    expect(termsDue([])).toBe(0)
  })

  it('paid so far counts paid terms with what they carried', () => {
    expect(
      paidTotal([
        term({ amount: 100, paid_at: '2026-11-01T10:00:00Z' }),
        term({ amount: 200, penalty_amount: 50, paid_at: '2026-12-01' }),
        term({ amount: 999 }),
      ]),
    ).toBe(350)
  })
})

describe('payable terms', () => {
  const terms = [
    term({ id: 'a', number: 1, status: 'paid', paid_at: '2026-11-01' }),
    term({ id: 'c', number: 3 }),
    term({ id: 'b', number: 2 }),
    term({ id: 'x', number: 4, kind: 'extra' }),
    term({ id: 'e', number: 5, status: 'expired' }),
  ]
  it('only pending plan terms, in order', () => {
    expect(payableTerms(terms).map((t) => t.id)).toEqual(['b', 'c'])
    expect(isPayable(term({ status: 'expired' }))).toBe(false)
    expect(isPayable(term({ kind: 'extra' }))).toBe(false)
  })
  it('the last plan term carries the late penalty', () => {
    expect(lastPlanTerm(terms)?.id).toBe('e')
    expect(lastPlanTerm([term({ kind: 'extra' })])).toBeUndefined()
  })
})

describe('lateTermPenalty: charged once any plan term is (or was) paid after its penalty limit date', () => {
  const t = (over: Partial<Term>) => term({ penalty_limit_date: '2026-12-10', ...over })
  it.each([
    ['nothing late', [t({})], '2026-12-10', 0],
    ['unpaid, the day after', [t({})], '2026-12-11', 2500],
    ['paid on the day', [t({ paid_at: '2026-12-10T23:00:00Z' })], '2027-01-01', 0],
    ['paid the day after', [t({ paid_at: '2026-12-11T08:00:00Z' })], '2027-01-01', 2500],
    ['no penalty date', [term({})], '2030-01-01', 0],
    ['an extra term never counts', [t({ kind: 'extra' })], '2030-01-01', 0],
    ['two late terms: charged once', [t({}), t({ number: 2 })], '2030-01-01', 2500],
  ] as const)('%s', (_, terms, today, amount) => {
    expect(lateTermPenalty(plan, terms, today)).toBe(amount)
  })

  it('no plan or a plan without penalty → 0', () => {
    expect(lateTermPenalty(null, [term({ penalty_limit_date: '2020-01-01' })], '2026-01-01')).toBe(0)
    expect(lateTermPenalty({ late_term_penalty: 0 }, [term({ penalty_limit_date: '2020-01-01' })], '2026-01-01')).toBe(0)
  })

  it('isLateTerm compares calendar days', () => {
    expect(isLateTerm(term({ penalty_limit_date: '2026-12-10', paid_at: '2026-12-10T00:00:00Z' }), '2027-01-01')).toBe(false)
    expect(isLateTerm(term({ penalty_limit_date: '2026-12-10' }), '2026-12-10')).toBe(false)
  })

  it('agrees with the backend on many term histories', () => {
    const days = ['2026-12-01', '2026-12-09', '2026-12-10', '2026-12-11', '2027-01-05']
    let checked = 0
    for (const today of days) {
      for (const paid of [null, ...days]) {
        for (const limit of [null, '2026-12-10']) {
          for (const penalty of [0, 2500]) {
            const records: TermRecord[] = [
              {
                id: 'a',
                number: 1,
                kind: 'plan',
                concept: '',
                translations: {},
                amount: 100,
                limit_date: null,
                penalty_limit_date: null,
                penalty_amount: 0,
                paid_at: '2026-11-01T00:00:00Z',
                extra: null,
              },
              {
                id: 'b',
                number: 2,
                kind: 'plan',
                concept: '',
                translations: {},
                amount: 100,
                limit_date: null,
                penalty_limit_date: limit,
                penalty_amount: 0,
                paid_at: paid ? `${paid}T12:00:00Z` : null,
                extra: null,
              },
            ]
            const group = { paymentPlans: [{ id: 'p', late_term_penalty: penalty }] } as unknown as TravelGroupRecord
            const booking = { paymentPlanId: 'p', terms: records } as unknown as BookingRecord
            const ctx = { today } as ViewContext
            const terms = records.map((r) => term({ ...r, status: r.paid_at ? 'paid' : 'pending' }))
            expect(lateTermPenalty({ late_term_penalty: penalty }, terms, today)).toBe(mockLatePenalty(ctx, group, booking))
            checked++
          }
        }
      }
    }
    expect(checked).toBe(120)
  })
})
