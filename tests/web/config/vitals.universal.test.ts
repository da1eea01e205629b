import { describe, expect, it } from 'vitest'
import { inVitalsSample } from '@/config/vitals.universal'

// The share of page views that send their vitals is decided on the page: the others load no measuring code and send nothing.

describe('a page view in the sample', () => {
  it('every page view when the server names no share', () => {
    expect(inVitalsSample(null, () => 0.999)).toBe(true)
  })

  it('the share the server names, by the page’s own draw', () => {
    expect(inVitalsSample('0.1', () => 0.05)).toBe(true)
    expect(inVitalsSample('0.1', () => 0.1)).toBe(false)
    expect(inVitalsSample('0.1', () => 0.7)).toBe(false)
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000)
    expect(draws.filter((draw) => inVitalsSample('0.25', () => draw))).toHaveLength(250)
  })

  it('none when the share is not one it can read: never more than the server asked for', () => {
    for (const share of ['', 'abc', '2', '-1', 'NaN'])
      expect(
        inVitalsSample(share, () => 0),
        share,
      ).toBe(false)
  })
})
