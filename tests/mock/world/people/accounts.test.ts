import { describe, expect, it } from 'vitest'

import { MAX_SESSIONS } from '../../../../mock/src/world/people/accounts.ts'
import type { SessionRecord } from '../../../../mock/src/world/kernel/types.ts'
import { createProbeApi, DEMO_PASSWORD, PROBE_NOW } from '../../../contract/probe.ts'

// The store of sessions stays bounded as customers sign in, and what is dropped is dropped from the
// stored world too (the harness fails a write that changes what it does not store).

const session = (n: number, expiresInDays: number): SessionRecord => ({
  token: `tok_test_${n}`,
  customerId: 'cus-sol-ana',
  agencyId: 'ag-sol',
  via: 'password',
  createdAt: PROBE_NOW.toISOString(),
  expiresAt: new Date(PROBE_NOW.getTime() + expiresInDays * 86_400_000).toISOString(),
})

describe('sessions', () => {
  it('a sign-in at the cap drops the expired ones and the oldest, keeps the newest, and still signs in', async () => {
    const api = createProbeApi()
    // 100 expired, then live ones up to the cap
    api.world.sessions = [
      ...Array.from({ length: 100 }, (_, i) => session(i, -1)),
      ...Array.from({ length: MAX_SESSIONS - 100 }, (_, i) => session(100 + i, 10)),
    ]
    const res = await api.call('POST', '/auth/login', { body: { email: 'ana.garcia@example.com', password: DEMO_PASSWORD } })
    expect(res.status).toBe(200)
    const { token } = (await res.json()) as { token: string }

    const tokens = api.world.sessions.map((s) => s.token)
    expect(tokens).toHaveLength(Math.floor(MAX_SESSIONS * 0.8) + 1)
    expect(tokens.some((t) => t === 'tok_test_0' || t === 'tok_test_99')).toBe(false)
    expect(tokens.at(-2)).toBe(`tok_test_${MAX_SESSIONS - 1}`)
    expect(tokens.at(-1)).toBe(token)
    expect((await api.call('GET', '/auth/profile', { token })).status).toBe(200)
  })
})
