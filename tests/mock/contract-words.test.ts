import { describe, expect, it } from 'vitest'

import { createProbeApi } from '../contract/probe.ts'

// The mock is neither stricter nor looser than the contract's words (issue 30, finding 4).

describe('the mock keeps the contract’s words', () => {
  it('an address the contract’s format: email accepts is an address: a&b@example.com signs in as unknown, not as malformed', async () => {
    const api = createProbeApi()
    const login = await api.call('POST', '/auth/login', { body: { email: 'a&b@example.com', password: 'whatever-1' } })
    expect(login.status).toBe(401)
    expect(await login.json()).toMatchObject({ code: 'auth_login_wrong' })
    const malformed = await api.call('POST', '/auth/login', { body: { email: 'a..b@example.com', password: 'whatever-1' } })
    expect(malformed.status).toBe(422)
    expect(await malformed.json()).toMatchObject({ fields: [{ field: 'email', code: 'email' }] })
  })

  it('a page number has the contract’s maximum, answered with the field code maximum', async () => {
    const api = createProbeApi()
    expect((await api.call('GET', '/travelgroup', { query: { page: '2147483647' } })).status).toBe(200)
    const beyond = await api.call('GET', '/travelgroup', { query: { page: '2147483648' } })
    expect(beyond.status).toBe(422)
    expect(await beyond.json()).toMatchObject({ fields: [{ field: 'page', code: 'maximum' }] })
  })
})
