import { describe, expect, it } from 'vitest'
import { fetchRetryingIdempotent, isIdempotentMethod, retryAfterMs } from '../../core/http-retry.ts'

// The one retry browsers make, and Retry-After read as seconds or a date.

const failingOnce = () => {
  const calls: string[] = []
  const doFetch = (async (_input: string | URL, init?: RequestInit) => {
    calls.push(init?.method ?? 'GET')
    if (calls.length === 1) throw new TypeError('fetch failed')
    return new Response('ok')
  }) as typeof fetch
  return { calls, doFetch }
}

describe('HTTP retry', () => {
  it('GET, HEAD, OPTIONS, PUT and DELETE are idempotent; POST and PATCH are not', () => {
    expect(['GET', 'head', 'OPTIONS', 'put', 'DELETE', undefined].map(isIdempotentMethod)).toEqual([true, true, true, true, true, true])
    expect(['POST', 'PATCH'].map(isIdempotentMethod)).toEqual([false, false])
  })

  it('an idempotent request whose connection failed is sent once more; a POST never', async () => {
    const get = failingOnce()
    expect(await (await fetchRetryingIdempotent(get.doFetch, 'http://x/', { method: 'PUT' })).text()).toBe('ok')
    expect(get.calls).toEqual(['PUT', 'PUT'])
    const post = failingOnce()
    await expect(fetchRetryingIdempotent(post.doFetch, 'http://x/', { method: 'POST' })).rejects.toThrow('fetch failed')
    expect(post.calls).toEqual(['POST'])
  })

  it('an aborted request is not retried', async () => {
    const get = failingOnce()
    const controller = new AbortController()
    controller.abort()
    await expect(fetchRetryingIdempotent(get.doFetch, 'http://x/', { signal: controller.signal })).rejects.toThrow()
    expect(get.calls).toHaveLength(1)
  })

  it('Retry-After: seconds, or an HTTP date from now; anything else is unreadable', () => {
    const now = Date.parse('2026-11-21T10:00:00Z')
    expect(retryAfterMs('30', now)).toBe(30_000)
    expect(retryAfterMs('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(retryAfterMs('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('Saturday, 21-Nov-26 10:00:30 GMT', now)).toBe(30_000)
    for (const bad of [null, '', 'soon', '-5', '1.5']) expect(retryAfterMs(bad, now), String(bad)).toBeUndefined()
  })
})
