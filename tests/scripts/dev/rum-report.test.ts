import { describe, expect, it } from 'vitest'

import { percentile75, rating, renderReport, summarise } from '../../../scripts/dev/rum-report.ts'

// The field report: the 75th percentile per route and agency, as Chrome's field data gives it.

const line = (route: string, agency: string, values: Record<string, number>) => JSON.stringify({ at: '2026-11-28T10:00:00.000Z', route, agency, ...values })

describe('the vitals report', () => {
  it('takes the nearest-rank 75th percentile', () => {
    expect(percentile75([1, 2, 3, 4])).toBe(3)
    expect(percentile75([400, 100, 300, 200, 500])).toBe(400)
    expect(percentile75([7])).toBe(7)
  })

  it("rates a value by Core Web Vitals' thresholds", () => {
    expect([rating('lcp', 2500), rating('lcp', 2501), rating('lcp', 4001)]).toEqual(['good', 'needs improvement', 'poor'])
    expect([rating('inp', 200), rating('inp', 500), rating('inp', 501)]).toEqual(['good', 'needs improvement', 'poor'])
    expect([rating('cls', 0.1), rating('cls', 0.25), rating('cls', 0.3)]).toEqual(['good', 'needs improvement', 'poor'])
  })

  it('summarises per route and agency, the most viewed first; a view without a metric does not count for it', () => {
    const { summaries, skipped } = summarise([
      line('/booking/:id', 'ag-sol', { lcp: 1000, inp: 80, cls: 0 }),
      line('/booking/:id', 'ag-sol', { lcp: 3000, inp: 300, cls: 0.2 }),
      line('/booking/:id', 'ag-sol', { lcp: 2000 }),
      line('/booking/:id', 'ag-norte', { lcp: 5000 }),
      line('/', 'ag-sol', { lcp: 900, inp: 40, cls: 0.01 }),
      'not json',
      JSON.stringify({ lcp: 1 }),
      '',
    ])
    expect(skipped).toBe(2)
    expect(summaries.map((summary) => [summary.route, summary.agency, summary.views])).toEqual([
      ['/booking/:id', 'ag-sol', 3],
      ['/', 'ag-sol', 1],
      ['/booking/:id', 'ag-norte', 1],
    ])
    expect(summaries[0]!.p75).toEqual({
      lcp: { value: 3000, count: 3, rating: 'needs improvement' },
      inp: { value: 300, count: 2, rating: 'needs improvement' },
      cls: { value: 0.2, count: 2, rating: 'needs improvement' },
    })
    expect(summaries[2]!.p75.inp).toBeNull()
    const table = renderReport({ summaries, skipped })
    expect(table.split('\n')[0]).toMatch(/^route\s+agency\s+views\s+LCP p75\s+INP p75\s+CLS p75$/)
    expect(table.split('\n')[1]).toMatch(/^-+( +-+){5}$/)
    expect(table).toContain('3000 ms (needs improvement)')
    expect(table).toContain('5000 ms (poor)')
    expect(table).toContain('(2 lines that are not beacons skipped)')
  })

  it('counts a line from a server that took a share of the page views (RUM_SAMPLE) for the views it stands for', () => {
    const sampled = (lcp: number) => JSON.stringify({ ...JSON.parse(line('/', 'ag-sol', { lcp })), sample: 0.1 })
    const { summaries } = summarise([sampled(1000), sampled(2000), sampled(3000), line('/', 'ag-norte', { lcp: 1000 })])
    expect(summaries.map((summary) => [summary.agency, summary.views])).toEqual([
      ['ag-sol', 30],
      ['ag-norte', 1],
    ])
    // the percentile is of the lines: a uniform sample keeps it
    expect(summaries[0]!.p75.lcp).toEqual({ value: 3000, count: 3, rating: 'needs improvement' })
  })
})
