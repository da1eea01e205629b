import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalListing } from '../../../mock/src/control/control.ts'
import { startMockServer, type MockServer } from '../../../mock/src/setups/server.ts'

// HTTP's rules for the methods a path has (RFC 9110 §9, §15.5.6): the mock answers a method a path does
// not have with 405 and the path's real Allow, HEAD wherever GET is, OPTIONS with the real methods, and
// TRACE/CONNECT with 405, never a 500. Every one of these is journaled.

const dir = mkdtempSync(path.join(tmpdir(), 'mock-methods-'))
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, dataDir: dir, quiet: true, log: () => {} })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

const headers = { agencyId: 'ag-sol' }

/** Raw node:http, since fetch refuses TRACE and CONNECT. */
const raw = (method: string, target: string) =>
  new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
    const url = new URL(server.url)
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }))
    })
    req.on('error', reject)
    req.end()
  })

describe('HTTP methods on the API', () => {
  it('a method the path does not have: 405 with the path’s own methods in Allow', async () => {
    const res = await fetch(`${server.url}/api/customer/travelgroup/tg-sol-lon`, { method: 'DELETE', headers })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(await res.json()).toMatchObject({ code: 'bad_request' })
    const write = await fetch(`${server.url}/api/customer/auth/login`, { method: 'GET', headers })
    expect(write.status).toBe(405)
    expect(write.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('HEAD on every GET answers its status and headers without a body', async () => {
    const get = await fetch(`${server.url}/api/customer/travelgroup/tg-sol-lon`, { headers })
    const head = await fetch(`${server.url}/api/customer/travelgroup/tg-sol-lon`, { method: 'HEAD', headers })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
    expect(await head.text()).toBe('')
    const missing = await fetch(`${server.url}/api/customer/travelgroup/tg-nope`, { method: 'HEAD', headers })
    expect(missing.status).toBe(404)
  })

  it('OPTIONS lists the path’s real methods (a CORS preflight keeps its own answer)', async () => {
    const res = await fetch(`${server.url}/api/customer/booking/bkg-sol-1001/bank-account`, { method: 'OPTIONS', headers })
    expect(res.status).toBe(204)
    expect(res.headers.get('allow')).toBe('PUT, OPTIONS')
  })

  it('TRACE and CONNECT are refused with 405, never a 500, and journaled', async () => {
    const trace = await raw('TRACE', '/api/customer/travelgroup/tg-sol-lon')
    expect(trace.status).toBe(405)
    expect(trace.allow).toBe('GET, HEAD, OPTIONS')
    expect(JSON.parse(trace.body)).toMatchObject({ code: 'bad_request' })
    expect((await raw('TRACE', '/__mock/health')).status).toBe(405)
    const journal = (await (await fetch(`${server.url}/__mock/journal?limit=20`)).json()) as JournalListing
    expect(journal.entries.some((entry) => entry.method === 'TRACE' && entry.status === 405)).toBe(true)
  })

  it('a path the contract does not have is still 404', async () => {
    const res = await fetch(`${server.url}/api/customer/nowhere`, { method: 'DELETE', headers })
    expect(res.status).toBe(404)
  })
})
