import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { http, HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { ScenarioListing } from '../../../contract/mock-control.ts'
import type { JournalListing } from '../../../mock/src/control/control.ts'
import { startMockServer, type MockServer, type MockServerOptions } from '../../../mock/src/setups/server.ts'
import { readStoredWorld } from '../../../mock/src/runtime/sqlite-store.ts'
import { parseTrustedProxies } from '../../../core/client-address.ts'

// The node:http adapter end to end on an ephemeral loopback port.

const NOW = new Date('2026-11-21T10:00:00Z')
const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mock-server-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const BYTES = Uint8Array.from({ length: 256 }, (_, i) => i)

const testHandlers: MockServerOptions['extraHandlers'] = () => [
  http.get('*/__test/drop', () => HttpResponse.error()),
  http.get('*/__test/throw', () => {
    throw new Error('boom')
  }),
  http.get('*/__test/bytes', () => new HttpResponse(BYTES, { headers: { 'Content-Type': 'application/octet-stream' } })),
  http.post('*/__test/echo', async ({ request }) => new HttpResponse(await request.arrayBuffer(), { headers: { 'Content-Type': 'application/octet-stream' } })),
  http.get(
    '*/__test/cookies',
    () =>
      new HttpResponse(null, {
        status: 204,
        headers: [
          ['Set-Cookie', 'a=1'],
          ['Set-Cookie', 'b=2'],
        ],
      }),
  ),
]

const start = (options: MockServerOptions = {}) =>
  startMockServer({ port: 0, dataDir: freshDir(), quiet: true, now: () => NOW, extraHandlers: testHandlers, log: () => {}, ...options })

describe('mock server', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await start()
  })
  afterAll(() => server.close())
  afterEach(async () => {
    await fetch(`${server.url}/__mock/scenarios`, { method: 'DELETE' })
  })

  const health = async () => (await fetch(`${server.url}/__mock/health`)).status

  it('listens on loopback and serves the API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(`${server.url}/api/customer/agency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://localhost:5173' }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 'ag-sol' })
  })

  it('answers a CORS preflight from a portal origin, and not from another', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/customer/booking`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,agencyid' },
      })
    for (const origin of ['http://localhost:5173', 'http://sol.localhost:5173', 'http://127.0.0.1:4173', 'http://norte.localhost']) {
      const res = await preflight(origin)
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization.*agencyId.*Content-Type.*Accept-Language/)
    }
    const foreign = await preflight('http://evil.example')
    expect(foreign.status).toBe(204)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('reflects a portal origin on actual answers, errors included', async () => {
    const res = await fetch(`${server.url}/api/customer/agency`, { headers: { Origin: 'http://sol.localhost:5173' } })
    expect(res.status).toBe(400)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://sol.localhost:5173')
    expect(res.headers.get('vary')).toMatch(/Origin/)
  })

  it("says what may keep each answer, as the contract's x-cache says: a customer's nothing, an agency's keyed by agencyId, a country list an hour", async () => {
    const headers = { Origin: 'http://sol.localhost:5173', agencyId: 'ag-sol' }
    const login = await fetch(`${server.url}/api/customer/auth/login`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
    })
    const { token } = (await login.json()) as { token: string }
    const bookings = await fetch(`${server.url}/api/customer/booking`, { headers: { ...headers, Authorization: `Bearer ${token}` } })
    expect([bookings.status, bookings.headers.get('cache-control')]).toEqual([200, 'private, no-store'])
    const agency = await fetch(`${server.url}/api/customer/agency`, { headers })
    expect([agency.status, agency.headers.get('cache-control')]).toEqual([200, 'no-cache'])
    // the answer's own key and the server's CORS one, both
    expect(agency.headers.get('vary')?.split(/,\s*/)).toEqual(expect.arrayContaining(['agencyId', 'Origin']))
    const countries = await fetch(`${server.url}/api/customer/country`, { headers })
    expect(countries.headers.get('cache-control')).toBe('public, max-age=3600')
    // an error is said the same way: a customer's 404 is theirs
    const missing = await fetch(`${server.url}/api/customer/booking/bkg-none`, { headers: { ...headers, Authorization: `Bearer ${token}` } })
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'private, no-store'])
  })

  it('answers unknown paths with a 404 JSON error body', async () => {
    const res = await fetch(`${server.url}/nowhere?x=1`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ code: 'not_found', message: expect.stringContaining('/nowhere') })
  })

  it('answers a bad JSON body with 400 and keeps serving', async () => {
    const res = await fetch(`${server.url}/api/customer/agency`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"url": ' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_json' })
    expect(await health()).toBe(200)
  })

  it('refuses a body over 10 MB with 413, declared or streamed, and keeps serving', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    const declared = await fetch(`${server.url}/api/customer/agency`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'bad_request' })

    const chunk = new Uint8Array(1024 * 1024)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 11) controller.close()
        else {
          sent += 1
          controller.enqueue(chunk)
        }
      },
    })
    const streamed = await fetch(`${server.url}/api/customer/agency`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(await health()).toBe(200)
  })

  it('drops the connection for HttpResponse.error() and keeps serving', async () => {
    await expect(fetch(`${server.url}/__test/drop`)).rejects.toThrow()
    expect(await health()).toBe(200)
  })

  it('turns a throwing handler into a 500 JSON error and keeps serving', async () => {
    const res = await fetch(`${server.url}/__test/throw`)
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ code: 'service_unavailable' })
    expect(await health()).toBe(200)
  })

  it('survives the flaky scenario (503s and dropped connections)', async () => {
    await fetch(`${server.url}/__mock/scenarios`, { method: 'PUT', body: JSON.stringify({ names: ['flaky'] }) })
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${server.url}/api/customer/auth/config`).then(
          (res) => String(res.status),
          () => 'dropped',
        ),
      ),
    )
    expect(outcomes.filter((o) => o !== '200').length).toBeGreaterThan(0)
    expect(await health()).toBe(200)
  })

  it('answers every API call 503 with Retry-After in the unavailable scenario, and only the API', async () => {
    await fetch(`${server.url}/__mock/scenarios`, { method: 'PUT', body: JSON.stringify({ names: ['unavailable'] }) })
    try {
      for (const [method, apiPath] of [
        ['GET', '/auth/config'],
        ['POST', '/auth/login'],
        ['GET', '/booking/bkg-sol-1001'],
      ] as const) {
        const res = await fetch(`${server.url}/api/customer${apiPath}`, { method, headers: { agencyId: 'ag-sol' } })
        expect(res.status, apiPath).toBe(503)
        expect(res.headers.get('retry-after')).toBe('120')
        expect(await res.json()).toMatchObject({ code: 'service_unavailable' })
      }
      expect(await health()).toBe(200)
    } finally {
      await fetch(`${server.url}/__mock/scenarios`, { method: 'DELETE' })
    }
  })

  it('survives a client that hangs up mid-request', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${server.url}/api/customer/agency`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      })
      req.on('error', () => resolve())
      req.write('{"url":')
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 50)
    })
    expect(await health()).toBe(200)
  })

  it('passes bytes through untouched both ways, and repeated headers', async () => {
    const res = await fetch(`${server.url}/__test/bytes`)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES)
    const echo = await fetch(`${server.url}/__test/echo`, { method: 'POST', body: BYTES })
    expect(new Uint8Array(await echo.arrayBuffer())).toEqual(BYTES)
    const cookies = await fetch(`${server.url}/__test/cookies`)
    expect(cookies.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
  })

  it('sets and resets scenarios through the control API', async () => {
    let res = await fetch(`${server.url}/__mock/scenarios`, { method: 'PUT', body: JSON.stringify({ names: ['maintenance'] }) })
    expect(((await res.json()) as ScenarioListing).active).toEqual([{ name: 'maintenance', target: {} }])
    const config = await (await fetch(`${server.url}/api/customer/auth/config`)).json()
    expect(config).toMatchObject({ maintenance: true })
    res = await fetch(`${server.url}/__mock/scenarios`, { method: 'DELETE' })
    expect(((await res.json()) as ScenarioListing).active).toEqual([])
    expect(await (await fetch(`${server.url}/api/customer/auth/config`)).json()).toMatchObject({ maintenance: false })
    res = await fetch(`${server.url}/__mock/scenarios`, { method: 'PUT', body: JSON.stringify({ names: ['no-such-thing'] }) })
    expect(res.status).toBe(422)
  })

  it('journals requests with tokens and passwords masked', async () => {
    await fetch(`${server.url}/__mock/journal`, { method: 'DELETE' })
    await fetch(`${server.url}/api/customer/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', agencyId: 'ag-sol' },
      body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026-secret' }),
    })
    await fetch(`${server.url}/api/customer/booking?token=tok_in_query`, { headers: { Authorization: 'Bearer tok_in_header', agencyId: 'ag-sol' } })
    await fetch(`${server.url}/api/customer/auth/autologin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', agencyId: 'ag-sol' },
      body: '{"token":"lnk_in_body"',
    })
    const journal = (await (await fetch(`${server.url}/__mock/journal?limit=10`)).json()) as JournalListing
    const text = JSON.stringify(journal)
    expect(text).not.toMatch(/viaje2026-secret|tok_in_query|tok_in_header|lnk_in_body/)
    const [autologin, booking, login] = journal.entries
    expect(login).toMatchObject({ method: 'POST', path: '/api/customer/auth/login', agency: 'ag-sol', status: 401 })
    expect(login?.body).toContain('"password":"***"')
    expect(booking).toMatchObject({ method: 'GET', path: '/api/customer/booking?token=***' })
    expect(autologin?.status).toBe(400)
    expect(typeof login?.durationMs).toBe('number')
    // Reading the journal is not journaled (clearing it is).
    expect(journal.entries.some((e) => e.method === 'GET' && e.path.startsWith('/__mock/journal'))).toBe(false)
  })
})

describe('persistence', () => {
  it('writes an acknowledged change to disk before answering, keeps it across restarts, and fresh resets it', async () => {
    const dataDir = freshDir()
    let server = await start({ dataDir })
    expect(server.state).toBe('seeded')
    const res = await fetch(`${server.url}/__mock/tenants`, { method: 'POST', body: JSON.stringify({ name: 'Persistente', hosts: ['persistente.localhost'] }) })
    expect(res.status).toBe(201)
    // Read right after the answer, before anything else runs: already committed to world.db.
    const onDisk = readStoredWorld(dataDir)!
    expect(onDisk.agencies.map((a) => a.id)).toContain('ag-persistente')
    await server.close()

    server = await start({ dataDir })
    expect(server.state).toBe('restored')
    const tenants = (await (await fetch(`${server.url}/__mock/tenants`)).json()) as { tenants: { id: string }[] }
    expect(tenants.tenants.map((t) => t.id)).toContain('ag-persistente')
    // An API write persists too (route() commits what a handler changed before answering).
    const login = await fetch(`${server.url}/api/customer/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', agencyId: 'ag-sol' },
      body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
    })
    const { token } = (await login.json()) as { token: string }
    await server.close()

    server = await start({ dataDir })
    const profile = await fetch(`${server.url}/api/customer/auth/profile`, { headers: { Authorization: `Bearer ${token}`, agencyId: 'ag-sol' } })
    expect(profile.status).toBe(200)
    await server.close()

    server = await start({ dataDir, fresh: true, seed: 5 })
    expect(server.state).toBe('fresh')
    expect(server.runtime.world.seed).toBe(5)
    expect(server.runtime.world.agencies.map((a) => a.id)).not.toContain('ag-persistente')
    await server.close()
    const afterFresh = readStoredWorld(dataDir)!
    expect(afterFresh.seed).toBe(5)
    expect(afterFresh.agencies.map((a) => a.id)).not.toContain('ag-persistente')
  })

  it("reports a busy port clearly, without touching the running mock's store", async () => {
    const dataDir = freshDir()
    const first = await start({ dataDir })
    await fetch(`${first.url}/__mock/tenants`, { method: 'POST', body: JSON.stringify({ name: 'Primero', hosts: ['primero.localhost'] }) })
    await expect(start({ port: first.port, dataDir, fresh: true })).rejects.toThrow(/already in use/)
    const onDisk = readStoredWorld(dataDir)!
    expect(onDisk.agencies.map((a) => a.id)).toContain('ag-primero')
    await first.close()
  })
})

describe('who the sign-in throttle counts', () => {
  // 50 failed sign-ins a client in 15 minutes (handlers/throttle.ts), each on an address of its own so no account's
  // own limit is reached: only the client's count can refuse the 51st
  const guessFrom = async (server: MockServer, forwardedFor: (i: number) => string) => {
    const statuses: number[] = []
    for (let i = 0; i < 51; i += 1) {
      const res = await fetch(`${server.url}/api/customer/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', agencyId: 'ag-sol', 'x-forwarded-for': forwardedFor(i) },
        body: JSON.stringify({ email: `nadie-${i}@example.com`, password: 'wrong-password' }),
      })
      statuses.push(res.status)
    }
    return statuses
  }

  it('is the connection’s peer when no proxy is trusted: a new X-Forwarded-For per try changes nothing', async () => {
    const server = await start()
    try {
      const statuses = await guessFrom(server, (i) => `203.0.113.${i}`)
      expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true)
      expect(statuses[50]).toBe(429)
    } finally {
      await server.close()
    }
  })

  it('is the address a trusted proxy names: travellers behind one portal server are counted apart', async () => {
    const server = await start({ trustedProxies: parseTrustedProxies('loopback') })
    try {
      // the portal's server on loopback appends who it saw to what it was sent
      const statuses = await guessFrom(server, (i) => `6.6.6.6, 203.0.113.${i}`)
      expect(statuses.every((status) => status === 401)).toBe(true)
      // one traveller, through the same proxy, is still held to the client's limit however it fills the left
      const one = await guessFrom(server, (i) => `6.6.${i}.6, 198.51.100.9`)
      expect(one[50]).toBe(429)
    } finally {
      await server.close()
    }
  })
})
