// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createUnauthorizedHandler } from '@/app/background/session-expiry'
import { captureCredentialsFromUrl, takeCallbackToken, takeLinkCredentials } from '@/features/auth/link-credentials'
import { apiFetch } from '@/lib/api/client'
import { getToken, setToken, setUnauthorizedHandler, TOKEN_KEY } from '@/lib/api/request-context.universal'
import {
  isSignedIn,
  peekReturnTo,
  rememberReturnTo,
  RETURN_TO_KEY,
  safeReturnPath,
  sessionStore,
  sessionVia,
  signIn,
  signOut,
  takeReturnTo,
} from '@/lib/domain/session'
import { toastStore } from '@/lib/browser/toast'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => {
  setToken(null)
  setUnauthorizedHandler(null)
})

describe('session', () => {
  it('signIn keeps the token in a cookie and local storage for 30 days; signOut forgets both', () => {
    const listener = vi.fn()
    const unsubscribe = sessionStore.subscribe(listener)
    signIn('tok_abc', 'password')
    expect(isSignedIn()).toBe(true)
    expect(getToken()).toBe('tok_abc')
    expect(document.cookie).toContain(`${encodeURIComponent(TOKEN_KEY)}=tok_abc`)
    const stored = JSON.parse(localStorage.getItem(TOKEN_KEY)!) as { token: string; expiresAt: number }
    expect(stored.token).toBe('tok_abc')
    expect((stored.expiresAt - Date.now()) / 86_400_000).toBeCloseTo(30, 1)
    expect(sessionVia()).toBe('password')

    signOut()
    expect(isSignedIn()).toBe(false)
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(document.cookie).not.toContain('tok_abc')
    expect(sessionVia()).toBeNull()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
  })

  it('an expired stored token does not count', () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'tok_old', expiresAt: Date.now() - 1 }))
    expect(isSignedIn()).toBe(false)
  })
})

describe('where to return after sign-in', () => {
  it('accepts same-origin paths with their query, nothing else', () => {
    expect(safeReturnPath('/booking/b1?tab=payments')).toBe('/booking/b1?tab=payments')
    expect(safeReturnPath('/')).toBe('/')
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '', 'booking', '/a\u0000b', null, 42]) {
      expect(safeReturnPath(bad)).toBeNull()
    }
  })

  it('never returns to a sign-in page', () => {
    for (const path of ['/auth/login', '/auth/autologin/c1/t1', '/login', '/auth/remember']) expect(safeReturnPath(path)).toBeNull()
    expect(safeReturnPath('/auth/password')).toBe('/auth/password')
  })

  it('is remembered per tab and read once', () => {
    rememberReturnTo('/booking/b1')
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/booking/b1')
    expect(peekReturnTo()).toBe('/booking/b1')
    expect(takeReturnTo()).toBe('/booking/b1')
    expect(takeReturnTo()).toBeNull()
    rememberReturnTo('https://evil.example/')
    expect(takeReturnTo()).toBeNull()
  })
})

describe('secrets in the address bar', () => {
  const history = () => ({ state: { idx: 0 }, replaceState: vi.fn() })

  it('a sign-in link is moved to memory and the address replaced', () => {
    const hist = history()
    expect(captureCredentialsFromUrl({ pathname: '/auth/autologin/cus%2D1/lnk_123', hash: '', search: '' }, hist)).toBe(true)
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/auth/autologin')
    expect(takeLinkCredentials()).toEqual({ id: 'cus-1', token: 'lnk_123' })
    expect(takeLinkCredentials()).toBeNull()
  })

  it('the /login callback token comes from the fragment, which is scrubbed', () => {
    const hist = history()
    captureCredentialsFromUrl({ pathname: '/login', hash: '#token=tok_9&redirect=/booking/b1', search: '' }, hist)
    expect(hist.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/login')
    expect(takeCallbackToken()).toEqual({ token: 'tok_9', redirect: '/booking/b1' })
    captureCredentialsFromUrl({ pathname: '/login', hash: '#token=tok_9&redirect=//evil.example', search: '' }, hist)
    expect(takeCallbackToken()).toEqual({ token: 'tok_9', redirect: null })
  })

  it('other addresses are left alone', () => {
    const hist = history()
    expect(captureCredentialsFromUrl({ pathname: '/booking/b1', hash: '#x', search: '?a=1' }, hist)).toBe(false)
    expect(hist.replaceState).not.toHaveBeenCalled()
  })
})

describe('a 401 from any call', () => {
  const respond = (status: number, body: unknown) =>
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })))

  it('signs out, remembers the page, says so and goes to sign-in', async () => {
    const navigate = vi.fn().mockResolvedValue(undefined)
    const client = new QueryClient()
    const clear = vi.spyOn(client, 'clear')
    const router = { state: { location: { pathname: '/booking/b1', search: '?tab=docs' } }, navigate } as never
    setUnauthorizedHandler(createUnauthorizedHandler(router, client))
    signIn('tok_1', 'password')
    respond(401, { code: 'unauthorized', message: 'expired' })

    await expect(apiFetch('/booking')).rejects.toMatchObject({ status: 401, code: 'unauthorized' })
    await expect(apiFetch('/auth/profile')).rejects.toMatchObject({ status: 401 })
    expect(isSignedIn()).toBe(false)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true })
    expect(takeReturnTo()).toBe('/booking/b1?tab=docs')
    await vi.waitFor(() => expect(clear).toHaveBeenCalled())
    expect(toastStore.getSnapshot()).toHaveLength(1)
  })

  it('except for a call that brought its own token (the /login callback checking one): the session stays', async () => {
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    signIn('tok_1', 'password')
    respond(401, { code: 'unauthorized', message: 'not a session' })
    await expect(apiFetch('/auth/profile', { headers: { Authorization: 'Bearer tok_forged' } })).rejects.toMatchObject({ status: 401 })
    expect(vi.mocked(fetch).mock.calls[0]![1]!.headers).toSatisfy((headers: Headers) => headers.get('Authorization') === 'Bearer tok_forged')
    expect(handler).not.toHaveBeenCalled()
    expect(isSignedIn()).toBe(true)
  })

  it('except from a sign-in call: wrong credentials are not an expired session', async () => {
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    signIn('tok_1', 'password')
    respond(401, { code: 'unauthorized', message: 'used link' })
    await expect(apiFetch('/auth/autologin', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 401 })
    await expect(apiFetch('/auth/login', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 401 })
    expect(handler).not.toHaveBeenCalled()
    expect(isSignedIn()).toBe(true)
  })
})
