// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The session token is read once and held: every render that asks whether someone is signed in reads it, and
// `document.cookie` is a synchronous call to the browser's network process. What changes it is seen at once: this
// tab's sign-in and sign-out, another tab's (local storage's event), and the end of its 30 days.
const TOKEN_KEY = 'auth._token.local'
const freshContext = async () => {
  vi.resetModules()
  return import('@/lib/api/request-context.universal')
}
const cookieReads = () => {
  let owner: object | null = document
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner) as object | null
  const read = Object.getOwnPropertyDescriptor(owner!, 'cookie')!.get!
  return vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
    return read.call(this) as string
  })
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('the session token', () => {
  it('is read from its cookie once, however often it is asked for', async () => {
    document.cookie = `${TOKEN_KEY}=tok_cookie; Path=/`
    const { getToken } = await freshContext()
    const reads = cookieReads()
    for (let i = 0; i < 20; i += 1) expect(getToken()).toBe('tok_cookie')
    expect(reads).toHaveBeenCalledTimes(1)
  })

  it("starts from the token the page's script read, reading neither store, until it is stale or replaced", async () => {
    vi.useFakeTimers({ now: 1_000 })
    document.cookie = `${TOKEN_KEY}=tok_cookie; Path=/`
    const { getToken, holdToken, setToken } = await freshContext()
    const reads = cookieReads()
    const storage = vi.spyOn(Storage.prototype, 'getItem')
    holdToken('tok_early', 16_000)
    expect(getToken()).toBe('tok_early')
    expect(reads).not.toHaveBeenCalled()
    expect(storage).not.toHaveBeenCalled()
    // a token held already is not replaced by one read earlier
    holdToken(null, 16_000)
    expect(getToken()).toBe('tok_early')
    // stale: read from the stores again
    vi.setSystemTime(16_001)
    expect(getToken()).toBe('tok_cookie')
    // a sign-in replaces it at once
    setToken('tok_new')
    expect(getToken()).toBe('tok_new')
    setToken(null)
    document.cookie = `${TOKEN_KEY}=; Max-Age=0; Path=/`
  })

  it('comes from its cookie without touching local storage, whose first use loads the whole store synchronously', async () => {
    document.cookie = `${TOKEN_KEY}=tok_cookie; Path=/`
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_cookie', expiresAt: Date.now() + 60_000 }))
    const { getToken } = await freshContext()
    const storage = vi.spyOn(localStorage, 'getItem')
    expect(getToken()).toBe('tok_cookie')
    expect(storage).not.toHaveBeenCalled()
    document.cookie = `${TOKEN_KEY}=; Max-Age=0; Path=/`
  })

  it('comes from local storage when the cookie has none', async () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_local', expiresAt: Date.now() + 60_000 }))
    const { getToken } = await freshContext()
    expect(getToken()).toBe('tok_local')
  })

  it('is read once when there is none, too (the sign-in page asks at every render)', async () => {
    const { getToken } = await freshContext()
    const reads = cookieReads()
    for (let i = 0; i < 5; i += 1) expect(getToken()).toBeNull()
    expect(reads).toHaveBeenCalledTimes(1)
  })

  it("follows this tab's sign-in and sign-out at once", async () => {
    const { getToken, setToken } = await freshContext()
    expect(getToken()).toBeNull()
    setToken('tok_new')
    expect(getToken()).toBe('tok_new')
    setToken(null)
    expect(getToken()).toBeNull()
  })

  it("follows another tab's sign-out and sign-in (local storage's event)", async () => {
    vi.useFakeTimers()
    const { getToken, OTHER_TABS_WATCH_DELAY_MS } = await freshContext()
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_a', expiresAt: Date.now() + 60_000 }))
    expect(getToken()).toBe('tok_a')
    await vi.advanceTimersByTimeAsync(3 * OTHER_TABS_WATCH_DELAY_MS)
    expect(getToken()).toBe('tok_a')
    // the other tab signs out: both places emptied there, the event arrives here
    localStorage.removeItem(TOKEN_KEY)
    expect(getToken()).toBe('tok_a')
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }))
    expect(getToken()).toBeNull()
    // and signs in again
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_b', expiresAt: Date.now() + 60_000 }))
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }))
    expect(getToken()).toBe('tok_b')
    // another key's change keeps what is held; clearing all storage does not
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.sessionVia' }))
    expect(getToken()).toBe('tok_b')
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    expect(getToken()).toBeNull()
  })

  it('listens for other tabs only once the page has loaded, and then reads again what changed meanwhile', async () => {
    // a listener for local storage's event makes Chromium open the origin's storage in a synchronous call
    vi.useFakeTimers()
    const listening = vi.spyOn(window, 'addEventListener')
    const { getToken, onSessionChangedElsewhere, OTHER_TABS_WATCH_DELAY_MS } = await freshContext()
    const told = vi.fn()
    onSessionChangedElsewhere(told)
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_a', expiresAt: Date.now() + 60_000 }))
    expect(getToken()).toBe('tok_a')
    // another tab signs out before this page listens: its event is missed
    localStorage.removeItem(TOKEN_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }))
    await vi.advanceTimersByTimeAsync(OTHER_TABS_WATCH_DELAY_MS - 1)
    expect(listening.mock.calls.filter(([type]) => String(type) === 'storage')).toHaveLength(0)
    expect(getToken()).toBe('tok_a')
    expect(told).not.toHaveBeenCalled()
    // once it listens, what was held is read again, and who listens is told
    await vi.advanceTimersByTimeAsync(2 * OTHER_TABS_WATCH_DELAY_MS + 1)
    expect(listening.mock.calls.filter(([type]) => String(type) === 'storage')).toHaveLength(1)
    expect(told).toHaveBeenCalledTimes(1)
    expect(getToken()).toBeNull()
    // and then each change another tab makes
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }))
    expect(told).toHaveBeenCalledTimes(2)
  })

  it('starts listening on the page that asked even when the global window is gone by then (a test page torn down)', async () => {
    // on a busy machine a test file's environment ended before the second had passed, and the timer then threw
    vi.useFakeTimers()
    const page = window
    const listening = vi.spyOn(page, 'addEventListener')
    const { onSessionChangedElsewhere, OTHER_TABS_WATCH_DELAY_MS } = await freshContext()
    const told = vi.fn()
    onSessionChangedElsewhere(told)
    vi.stubGlobal('window', undefined)
    await vi.advanceTimersByTimeAsync(3 * OTHER_TABS_WATCH_DELAY_MS)
    vi.unstubAllGlobals()
    expect(listening.mock.calls.filter(([type]) => String(type) === 'storage')).toHaveLength(1)
    expect(told).toHaveBeenCalledTimes(1)
  })

  it('listens for nothing when the page it started on is gone by then (its methods taken away with it), and throws nothing', async () => {
    vi.useFakeTimers()
    const { onSessionChangedElsewhere, OTHER_TABS_WATCH_DELAY_MS } = await freshContext()
    const told = vi.fn()
    onSessionChangedElsewhere(told)
    // as a test environment's teardown leaves the global: its methods deleted
    const own = Object.getOwnPropertyDescriptor(window, 'addEventListener')
    Object.defineProperty(window, 'addEventListener', { value: undefined, configurable: true })
    try {
      await vi.advanceTimersByTimeAsync(3 * OTHER_TABS_WATCH_DELAY_MS)
      expect(told).not.toHaveBeenCalled()
    } finally {
      if (own === undefined) delete (window as { addEventListener?: unknown }).addEventListener
      else Object.defineProperty(window, 'addEventListener', own)
    }
  })

  it('is no longer held once its time is up', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') })
    const { getToken } = await freshContext()
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_short', expiresAt: Date.now() + 1_000 }))
    expect(getToken()).toBe('tok_short')
    vi.setSystemTime(Date.now() + 1_001)
    expect(getToken()).toBeNull()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })
})
