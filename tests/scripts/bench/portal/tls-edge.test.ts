// The HTTPS edge the Lighthouse benchmark puts in front of the portal server (scripts/bench/portal/tls-edge.ts): what it
// measures over HTTP/2 is only worth its number if the edge passes requests on as a CDN does.
import { createHash, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { connect, constants } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTlsEdge, type TlsEdge } from '../../../../scripts/bench/portal/tls-edge.ts'

let dir = ''
let edge: TlsEdge
let origin: ReturnType<typeof createServer>
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tls-edge-'))
  // a portal server stand-in: says what it got, answers with a connection header HTTP/2 must not carry
  origin = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body })
      res.writeHead(req.url === '/missing' ? 404 : 200, {
        'Content-Type': 'text/plain',
        'Content-Encoding': 'br',
        Connection: 'keep-alive',
        'Keep-Alive': 'timeout=5',
      })
      res.end(`answer to ${req.method} ${req.url}`)
    })
  })
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
  edge = await startTlsEdge(`http://127.0.0.1:${(origin.address() as AddressInfo).port}`, dir)
})

afterAll(async () => {
  await edge?.close()
  await new Promise((resolve) => origin.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

const h2Request = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const session = connect(edge.origin, { ca: readFileSync(join(dir, 'edge-cert.pem')) })
    session.on('error', reject)
    const stream = session.request({ ':method': init.method ?? 'GET', ':path': path, ...init.headers })
    let body = ''
    let headers: Record<string, unknown> = {}
    stream.on('response', (h) => (headers = h))
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()))
    stream.on('end', () => {
      session.close()
      resolve({ status: Number(headers[constants.HTTP2_HEADER_STATUS]), headers, body })
    })
    stream.on('error', reject)
    stream.end(init.body)
  })

describe('the benchmark’s HTTPS edge (HTTP/2 over TLS in front of the portal server)', () => {
  it('speaks HTTP/2 on a certificate for localhost, and names the key Chromium is told to trust', async () => {
    const cert = new X509Certificate(readFileSync(join(dir, 'edge-cert.pem')))
    expect(cert.checkHost('localhost')).toBe('localhost')
    expect(edge.origin).toMatch(/^https:\/\/localhost:\d+$/)
    const spki = cert.publicKey.export({ type: 'spki', format: 'der' })
    expect(edge.spkiHash).toBe(createHash('sha256').update(spki).digest('base64'))
    const answer = await h2Request('/booking/bkg-1?tab=documentation')
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('answer to GET /booking/bkg-1?tab=documentation')
  })

  it('passes the request on as a CDN does: the host it was asked for, https, the method, the body and the headers', async () => {
    const host = edge.origin.replace('https://', '')
    const answer = await h2Request('/api/customer/auth/login', {
      method: 'POST',
      body: '{"email":"ana@example.com"}',
      headers: { 'content-type': 'application/json', cookie: 'lang=en', 'accept-encoding': 'br' },
    })
    expect(answer.body).toBe('answer to POST /api/customer/auth/login')
    const got = seen.at(-1)!
    expect(got.headers).toMatchObject({ host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https', cookie: 'lang=en', 'accept-encoding': 'br' })
    expect(got.body).toBe('{"email":"ana@example.com"}')
  })

  it('answers with the status and headers it got, less the connection headers HTTP/2 forbids', async () => {
    const answer = await h2Request('/missing')
    expect(answer.status).toBe(404)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.connection).toBeUndefined()
    expect(answer.headers['keep-alive']).toBeUndefined()
  })
})
