import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMockServer, type MockServer } from '../../../mock/src/setups/server.ts'
import { LOCK_TTL_MS } from '../../../mock/src/world/offer/seat-locks.ts'

// Reads through the HTTP server always show the world as it is now: a write, the day changing and a
// seat hold running out each show in the very next read of the booking and travel group views.

const dir = mkdtempSync(path.join(tmpdir(), 'mock-fresh-reads-'))
let now = new Date('2026-11-21T10:00:00Z')
let server: MockServer
let token = ''
const api = (p: string) => `${server.url}/api/customer${p}`
const headers = () => ({ agencyId: 'ag-sol', Authorization: `Bearer ${token}`, 'content-type': 'application/json' })
const getJson = async <T = Record<string, unknown>>(p: string): Promise<T> => {
  const res = await fetch(api(p), { headers: headers() })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}
type Group = { packs: { id: string; seats_left: number }[]; hosting_rooms: { id: string; capacity: number; sold_out: boolean }[] }

const signIn = async () => {
  const login = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
  })
  token = ((await login.json()) as { token: string }).token
}

beforeAll(async () => {
  server = await startMockServer({ port: 0, dataDir: dir, fresh: true, quiet: true, now: () => now, log: () => {} })
  await signIn()
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('reads after a change', () => {
  it('a repeated read answers the same bytes; a write shows in the next read', async () => {
    const first = await fetch(api('/booking/bkg-sol-1001'), { headers: headers() }).then((r) => r.text())
    const second = await fetch(api('/booking/bkg-sol-1001'), { headers: headers() }).then((r) => r.text())
    const third = await fetch(api('/booking/bkg-sol-1001'), { headers: headers() })
    expect(second).toBe(first)
    // the kept bytes are sent with their own length
    expect(Number(third.headers.get('content-length'))).toBe(Buffer.byteLength(first))
    expect(await third.text()).toBe(first)

    const put = await fetch(api('/booking/bkg-sol-1001/bank-account'), {
      method: 'PUT',
      headers: headers(),
      body: JSON.stringify({ owner: 'Cuenta Nueva', iban: 'ES9121000418450200051332' }),
    })
    expect(put.status).toBe(200)
    const after = await getJson<{ bank_account: { owner: string } }>('/booking/bkg-sol-1001')
    expect(after.bank_account.owner).toBe('Cuenta Nueva')
  })

  it('another reader gets their own view, or a 404, never the kept one', async () => {
    await getJson('/booking/bkg-sol-1001')
    const other = await fetch(api('/auth/login'), {
      method: 'POST',
      headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nuevo@example.com', password: 'viaje2026' }),
    })
    const otherToken = ((await other.json()) as { token: string }).token
    const res = await fetch(api('/booking/bkg-sol-1001'), { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${otherToken}` } })
    expect(res.status).toBe(404)
    const signedOut = await fetch(api('/booking/bkg-sol-1001'), { headers: { agencyId: 'ag-sol' } })
    expect(signedOut.status).toBe(401)
  })

  it('a seat hold shows at once, and its seats come back when it runs out', async () => {
    const before = await getJson<Group>('/travelgroup/tg-sol-lon')
    const pack = before.packs.find((p) => p.seats_left >= 2)!
    const room = before.hosting_rooms.find((h) => h.capacity === 2 && !h.sold_out)!
    expect(pack).toBeDefined()
    expect(room).toBeDefined()
    const lock = await fetch(api('/travelgroup/tg-sol-lon/lock'), {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ pack_id: pack.id, members: 2, rooms: [{ hosting_id: room.id, quantity: 1 }] }),
    })
    expect(lock.status, await lock.clone().text()).toBe(201)
    const held = await getJson<Group>('/travelgroup/tg-sol-lon')
    expect(held.packs.find((p) => p.id === pack.id)!.seats_left).toBe(pack.seats_left - 2)
    // no write in between: only the clock moves past the hold
    now = new Date(now.getTime() + LOCK_TTL_MS + 1_000)
    const lapsed = await getJson<Group>('/travelgroup/tg-sol-lon')
    expect(lapsed.packs.find((p) => p.id === pack.id)!.seats_left).toBe(pack.seats_left)
  })

  it('a scenario switched through the control API shows in the next read', async () => {
    const open = await getJson<{ status: string; packs: { seats_left: number }[] }>('/travelgroup/tg-sol-lon')
    const set = await fetch(`${server.url}/__mock/scenarios`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ names: ['sold-out'] }),
    })
    expect(set.status).toBeLessThan(300)
    const soldOut = await getJson<{ status: string; packs: { seats_left: number }[] }>('/travelgroup/tg-sol-lon')
    expect(soldOut).not.toEqual(open)
    await fetch(`${server.url}/__mock/scenarios`, { method: 'DELETE' })
    expect(await getJson('/travelgroup/tg-sol-lon')).toEqual(open)
  })

  it('a new day shows in the next read (statuses and deadlines are computed against today)', async () => {
    const today = await getJson('/booking/bkg-sol-1001')
    now = new Date('2027-06-01T10:00:00Z')
    await signIn() // the session would have run out
    const later = await getJson('/booking/bkg-sol-1001')
    expect(later).not.toEqual(today)
  })
})
