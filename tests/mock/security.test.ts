import { describe, expect, it } from 'vitest'

import { getResponse } from 'msw'

import { createControlHandlers } from '../../mock/src/control/control.ts'
import { createProbeApi } from '../contract/probe.ts'

// Rules that keep one customer, or an outsider, from harming another through the API.

const planTermOf = (api: ReturnType<typeof createProbeApi>, bookingId: string, n: number) =>
  api.world.bookings.find((b) => b.id === bookingId)!.terms.find((t) => t.kind === 'plan' && t.number === n)!.id

describe('the card provider sends the payer back only to the agency’s own portal', () => {
  const hostile = [
    'https://evil.example/payment',
    'javascript:alert(document.cookie)',
    'http://localhost.evil.example/payment',
    '//evil.example/payment',
    'data:text/html,<script>alert(1)</script>',
  ]

  it('a purchase with a return url elsewhere is a 422 on return_url, and makes no payment', async () => {
    const api = createProbeApi()
    const payments = api.world.payments.length
    for (const return_url of hostile) {
      const res = await api.call('POST', '/booking/bkg-sol-1002/purchase', {
        as: 'ana',
        body: { term_ids: [planTermOf(api, 'bkg-sol-1002', 2)], payment_method_id: 'tg-sol-pir-pm-card', return_url },
      })
      expect(res.status, return_url).toBe(422)
      expect(((await res.json()) as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['return_url'])
    }
    expect(api.world.payments.length).toBe(payments)
    const own = await api.call('POST', '/booking/bkg-sol-1002/purchase', {
      as: 'ana',
      body: { term_ids: [planTermOf(api, 'bkg-sol-1002', 2)], payment_method_id: 'tg-sol-pir-pm-card', return_url: 'http://sol.localhost:5173/payment' },
    })
    expect(own.status).toBe(200)
    expect(((await own.json()) as { fields: { return_url: string } }).fields.return_url).toMatch(/^http:\/\/sol\.localhost:5173\/payment\/pay-/)
  })

  it('so is paying an extra', async () => {
    const api = createProbeApi()
    for (const return_url of hostile) {
      const res = await api.call('POST', '/booking/bkg-sol-1001/pay-extra-term', {
        as: 'ana',
        body: { member_id: 'mem-sol-pablo', item_id: 'tg-sol-lon-ins-1', payment_method_id: 'tg-sol-lon-pm-card', return_url },
      })
      expect(res.status, return_url).toBe(422)
    }
  })
})

describe('throttling of password guesses and mailed links', () => {
  const login = (api: ReturnType<typeof createProbeApi>, password: string, client = '203.0.113.7', email = 'ana.garcia@example.com') =>
    api.call('POST', '/auth/login', { body: { email, password }, headers: { 'X-Forwarded-For': client } })

  it('after 5 wrong passwords for an account, even the right one is refused with 429 and Retry-After, until the window passes', async () => {
    const api = createProbeApi()
    for (let i = 0; i < 5; i += 1) expect((await login(api, `wrong-${i}`)).status).toBe(401)
    const refused = await login(api, 'viaje2026')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests' })
    expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60)
    // from another client too: the account is what is being guessed
    expect((await login(api, 'viaje2026', '198.51.100.9')).status).toBe(429)
    // another account is not affected
    expect((await login(api, 'viaje2026', '203.0.113.7', 'marta.lopez@example.com')).status).toBe(200)
    api.travel(1)
    expect((await login(api, 'viaje2026')).status).toBe(200)
  })

  it('locking out is not a weapon: after 5 wrong passwords by someone else, the owner still gets a link and signs in with it', async () => {
    const api = createProbeApi()
    for (let i = 0; i < 5; i += 1) expect((await login(api, `wrong-${i}`, '198.51.100.66')).status).toBe(401)
    expect((await login(api, 'viaje2026')).status).toBe(429)
    const remember = await api.call('POST', '/auth/remember', {
      body: { email: 'ana.garcia@example.com', purpose: 'login_link' },
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    })
    expect(remember.status).toBe(200)
    const link = api.world.outbox.at(-1)!.link!
    const [id, token] = new URL(link).pathname.split('/').slice(-2)
    const session = await api.call('POST', '/auth/autologin', { body: { id, token }, headers: { 'X-Forwarded-For': '203.0.113.7' } })
    expect(session.status).toBe(200)
    expect(await session.json()).toMatchObject({ token: expect.any(String) })
  })

  it('a right password does not count; 50 failures from one client throttle that client for every account', async () => {
    const api = createProbeApi()
    for (let i = 0; i < 20; i += 1) expect((await login(api, 'viaje2026')).status).toBe(200)
    for (let i = 0; i < 50; i += 1) await login(api, 'wrong', '203.0.113.50', `stranger-${i}@example.com`)
    expect((await login(api, 'viaje2026', '203.0.113.50', 'marta.lopez@example.com')).status).toBe(429)
    expect((await login(api, 'viaje2026', '203.0.113.51', 'marta.lopez@example.com')).status).toBe(200)
  })

  it("a right password clears the account's failures: a mistyped password, or a conformance run's probe, never adds up to a lockout", async () => {
    const api = createProbeApi()
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await login(api, `wrong-${i}`)).status).toBe(401)
      expect((await login(api, 'viaje2026')).status).toBe(200)
    }
    for (let i = 0; i < 5; i += 1) expect((await login(api, `wrong-${i}`)).status).toBe(401)
    expect((await login(api, 'viaje2026')).status).toBe(429)
  })

  it('QA switches throttling off and on, for everyone or one tenant; a reset forgets every count', async () => {
    const api = createProbeApi()
    const control = async (method: string, path: string, body?: unknown) => {
      const res = await getResponse(
        createControlHandlers(api.rt),
        new Request(`http://localhost:3333/__mock${path}`, {
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        }),
      )
      return res!
    }
    const lockOut = async () => {
      for (let i = 0; i < 5; i += 1) await login(api, `wrong-${i}`)
    }
    await lockOut()
    expect((await login(api, 'viaje2026')).status).toBe(429)
    expect(await (await control('PUT', '/settings?agency=ag-sol', { throttling: false })).json()).toEqual({
      debugLogin: false,
      throttling: true,
      throttlingByAgency: { 'ag-sol': false },
    })
    expect((await login(api, 'viaje2026')).status).toBe(200)
    // another tenant is still throttled
    const laura = (password: string) =>
      api.call('POST', '/auth/login', {
        agency: 'ag-norte',
        body: { email: 'laura.martin@example.com', password },
        headers: { 'X-Forwarded-For': '203.0.113.7' },
      })
    for (let i = 0; i < 5; i += 1) expect((await laura(`wrong-${i}`)).status).toBe(401)
    expect((await laura('viaje2026')).status).toBe(429)
    // switched on for everyone again (the tenant's own setting goes): counted from here
    await control('PUT', '/settings', { throttling: true })
    await lockOut()
    expect((await login(api, 'viaje2026')).status).toBe(429)
    expect((await control('POST', '/reset')).status).toBe(200)
    expect((await login(api, 'viaje2026')).status).toBe(200)
    expect((await control('PUT', '/settings?agency=ag-nadie', { throttling: false })).status).toBe(422)
    expect((await control('PUT', '/settings?agency=ag-sol', { debugLogin: true })).status).toBe(422)
  })

  it('links and reminders: 5 per account in 15 minutes, counted for unknown addresses as for customers', async () => {
    const api = createProbeApi()
    const remember = (email: string) =>
      api.call('POST', '/auth/remember', { body: { email, purpose: 'password_reset' }, headers: { 'X-Forwarded-For': '203.0.113.7' } })
    for (let i = 0; i < 5; i += 1) expect((await remember('enlace@example.com')).status).toBe(200)
    const mails = api.world.outbox.length
    expect((await remember('enlace@example.com')).status).toBe(429)
    expect(api.world.outbox.length).toBe(mails)
    for (let i = 0; i < 5; i += 1) expect((await remember('nadie@example.com')).status).toBe(404)
    expect((await remember('nadie@example.com')).status).toBe(429)
  })
})

describe('a password change', () => {
  it('ends the customer’s other sessions; the one that changed it, and other customers’, go on', async () => {
    const api = createProbeApi()
    const signIn = async (email: string) => ((await api.ok('POST', '/auth/login', { body: { email, password: 'viaje2026' } })) as { token: string }).token
    const phone = await signIn('ana.garcia@example.com')
    const laptop = await signIn('ana.garcia@example.com')
    const marta = await signIn('marta.lopez@example.com')
    const change = await api.call('PUT', '/auth/password', {
      token: laptop,
      body: { current_password: 'viaje2026', password: 'nueva-clave-2026', password_confirmation: 'nueva-clave-2026' },
    })
    expect(change.status).toBe(200)
    expect((await api.call('GET', '/auth/profile', { token: phone })).status).toBe(401)
    expect((await api.call('GET', '/auth/profile', { token: laptop })).status).toBe(200)
    expect((await api.call('GET', '/auth/profile', { token: marta })).status).toBe(200)
    expect((await api.call('POST', '/auth/login', { body: { email: 'ana.garcia@example.com', password: 'nueva-clave-2026' } })).status).toBe(200)
  })
})
