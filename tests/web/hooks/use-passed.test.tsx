// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePassed } from '@/hooks/use-passed'

// The seat hold's notice ("plazas reservadas hasta las 17:05") must go when the hold lapses, even when
// nothing else on the page renders again.

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-23T17:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('usePassed', () => {
  it('turns true at the instant, with no other render', () => {
    const { result } = renderHook(() => usePassed('2026-11-23T17:05:00Z'))
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(5 * 60_000 - 1))
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(true)
  })

  it('is true at once for an instant already past, and never for none', () => {
    expect(renderHook(() => usePassed('2026-11-23T16:59:59Z')).result.current).toBe(true)
    const none = renderHook(() => usePassed(null))
    act(() => vi.advanceTimersByTime(24 * 3_600_000))
    expect(none.result.current).toBe(false)
  })
})
