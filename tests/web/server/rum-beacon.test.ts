import { EventEmitter } from 'node:events'
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync, type WriteStream } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

import { createRumSink, rumLineOf, type RumOptions } from '../../../web/server/rum-beacon.ts'
import { parseTrustedProxies } from '../../../core/client-address.ts'

// The pages' Core Web Vitals as the server writes them: one bounded JSON line per beacon, nothing else kept,
// and no beacon (too big, too many, a full disk) that costs the server more than a line.

const at = new Date('2026-11-28T10:00:00Z')
const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A server with the sink alone, on a loopback port. */
async function sinkServer(options: Partial<RumOptions> = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'rum-')), 'rum.jsonl')
  const logs: string[] = []
  let clock = 0
  const sink = createRumSink({ file, log: (line) => logs.push(line), now: () => clock, ...options })
  const server = createServer((req, res) => sink.handle(req, res))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const post = (body: string | Buffer, headers: Record<string, string> = {}, method = 'POST') =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/__rum', method, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(413) : reject(error)))
      req.end(body)
    })
  const lines = () => {
    try {
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    } catch {
      return []
    }
  }
  return { file, logs, post, lines, tick: (ms: number) => (clock += ms) }
}

const beacon = { route: '/booking/:id', agency: 'ag-sol', lcp: 1834.6, inp: 120, cls: 0.01234, memory: 4, connection: '4g' }

describe('a beacon as a line', () => {
  it('keeps the named fields, rounded, and when it came', () => {
    expect(rumLineOf(beacon, at)).toEqual({
      at: '2026-11-28T10:00:00.000Z',
      route: '/booking/:id',
      agency: 'ag-sol',
      lcp: 1835,
      inp: 120,
      cls: 0.0123,
      memory: 4,
      connection: '4g',
    })
  })

  it('drops what it does not name, and a value out of bounds', () => {
    const line = rumLineOf(
      { ...beacon, email: 'ana@example.com', token: 'tok_1', lcp: -1, inp: Number.POSITIVE_INFINITY, cls: '0.1', connection: '5g', url: '/booking/bkg-1' },
      at,
    )
    expect(line).toEqual({ at: '2026-11-28T10:00:00.000Z', route: '/booking/:id', agency: 'ag-sol', memory: 4 })
  })

  it('is no line without a route template and an agency of the right shape', () => {
    expect(rumLineOf({ agency: 'ag-sol' }, at)).toBeNull()
    expect(rumLineOf({ ...beacon, route: 'https://evil.example/' }, at)).toBeNull()
    expect(rumLineOf({ ...beacon, route: '/booking/1?email=ana@example.com' }, at)).toBeNull()
    expect(rumLineOf({ ...beacon, agency: '<script>' }, at)).toBeNull()
    expect(rumLineOf([beacon], at)).toBeNull()
    expect(rumLineOf(JSON.parse('{"__proto__":{"route":"/x","agency":"a"}}'), at)).toBeNull()
  })
})

describe('the sink', () => {
  it('writes one line per beacon and answers 204', async () => {
    const rum = await sinkServer()
    expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    expect(await rum.post(JSON.stringify({ ...beacon, route: '/' }))).toBe(204)
    await expect.poll(() => rum.lines().map((line) => line['route'])).toEqual(['/booking/:id', '/'])
  })

  it('refuses what is not a beacon: another method, not JSON, no route', async () => {
    const rum = await sinkServer()
    expect(await rum.post('', {}, 'GET')).toBe(405)
    expect(await rum.post('not json')).toBe(400)
    expect(await rum.post(JSON.stringify({ lcp: 1 }))).toBe(400)
    expect(rum.lines()).toEqual([])
  })

  it('refuses a body over 2 kB, said or streamed, without reading it', async () => {
    const rum = await sinkServer()
    const big = JSON.stringify({ ...beacon, padding: 'x'.repeat(3000) })
    expect(await rum.post(big)).toBe(413)
    expect(await rum.post(Buffer.from(big), { 'transfer-encoding': 'chunked' })).toBe(413)
    expect(rum.lines()).toEqual([])
  })

  it('takes 60 beacons a minute from one client, then 429 until the minute is over', async () => {
    const rum = await sinkServer({ perClientPerMinute: 3 })
    const statuses = []
    for (let i = 0; i < 5; i += 1) statuses.push(await rum.post(JSON.stringify(beacon)))
    expect(statuses).toEqual([204, 204, 204, 429, 429])
    rum.tick(60_000)
    expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    await expect.poll(() => rum.lines().length).toBe(4)
  })

  it('behind a trusted proxy (a CDN on loopback here), 100 travellers are 100 lines', async () => {
    const rum = await sinkServer({ trustedProxies: parseTrustedProxies('loopback') })
    const statuses = []
    // each traveller once, as the edge names them: the default share of 60 a minute is per traveller, not per edge
    for (let i = 0; i < 100; i += 1) statuses.push(await rum.post(JSON.stringify(beacon), { 'x-forwarded-for': `203.0.113.${i}` }))
    expect(statuses.filter((status) => status === 204)).toHaveLength(100)
    await expect.poll(() => rum.lines().length).toBe(100)
    // one traveller is still held to its share through the same edge
    for (let i = 0; i < 60; i += 1) await rum.post(JSON.stringify(beacon), { 'x-forwarded-for': '198.51.100.9' })
    expect(await rum.post(JSON.stringify(beacon), { 'x-forwarded-for': '198.51.100.9' })).toBe(429)
  })

  it('from a peer it does not trust, made-up X-Forwarded-For values change nothing: one client, 60 a minute', async () => {
    const rum = await sinkServer()
    const statuses = []
    for (let i = 0; i < 100; i += 1) statuses.push(await rum.post(JSON.stringify(beacon), { 'x-forwarded-for': `203.0.113.${i}` }))
    expect(statuses.filter((status) => status === 204)).toHaveLength(60)
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true)
    await expect.poll(() => rum.lines().length).toBe(60)
  })

  it('writes the share it takes on each line when it takes a share of the page views', async () => {
    const rum = await sinkServer({ sample: 0.25 })
    expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    await expect.poll(() => rum.lines().map((line) => line['sample'])).toEqual([0.25])
    // a page cannot say its own share
    const all = await sinkServer()
    expect(await all.post(JSON.stringify({ ...beacon, sample: 0.01 }))).toBe(204)
    await expect.poll(() => all.lines().length).toBe(1)
    expect(all.lines()[0]).not.toHaveProperty('sample')
  })

  it('stops writing at the file’s cap, says so once, goes on answering, and writes again once the file is rotated', async () => {
    const line = JSON.stringify(rumLineOf(beacon, at)).length + 1
    const rum = await sinkServer({ maxFileBytes: line * 2 + 10 })
    writeFileSync(rum.file, '')
    for (let i = 0; i < 4; i += 1) expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    await expect.poll(() => rum.lines().length).toBe(2)
    expect(rum.logs).toEqual([expect.stringMatching(/reached its cap of \d+ bytes/)])
    // rotated (logrotate's copytruncate): written to again
    writeFileSync(rum.file, '')
    expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    await expect.poll(() => rum.lines().length).toBe(1)
  })

  it('counts toward the cap the lines still on their way to a slow disk', async () => {
    const line = JSON.stringify(rumLineOf(beacon, at)).length + 1
    let stream: WriteStream | undefined
    // a disk that has not written anything yet: the stream holds every line until uncorked
    const open = (file: string) => {
      stream = createWriteStream(file, { flags: 'a' })
      stream.cork()
      return stream
    }
    const rum = await sinkServer({ maxFileBytes: line * 2 + 10, open })
    for (let i = 0; i < 4; i += 1) expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    expect(rum.logs).toEqual([expect.stringMatching(/reached its cap of \d+ bytes/)])
    stream?.uncork()
    await expect.poll(() => rum.lines().length).toBe(2)
  })

  it('a full disk drops the beacons, says so once, and never stops the server', async () => {
    const full = Object.assign(new EventEmitter(), { writableLength: 0 }) as EventEmitter & { write: (text: string) => boolean; writableLength: number }
    full.write = () => {
      queueMicrotask(() => full.emit('error', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })))
      return false
    }
    const rum = await sinkServer({ open: () => full as never })
    for (let i = 0; i < 3; i += 1) expect(await rum.post(JSON.stringify(beacon))).toBe(204)
    expect(rum.logs).toEqual([expect.stringMatching(/vitals beacons dropped from now on: .*ENOSPC/)])
  })
})
