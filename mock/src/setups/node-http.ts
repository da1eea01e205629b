// node:http ↔ Fetch for the mock's server: an IncomingMessage read into a Fetch Request (its body
// bounded), and a Fetch Response written to a ServerResponse.
import type { IncomingMessage, ServerResponse } from 'node:http'

// Connection-level headers describe the hop to this server, not the request the handlers see.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'expect'])

export type BodyRead = { kind: 'ok'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted' }

const EMPTY = Buffer.alloc(0)

export const readBody = (req: IncomingMessage, maxBytes: number): Promise<BodyRead> | BodyRead => {
  // No Content-Length and no Transfer-Encoding: no body (RFC 9112 §6.3), nothing to wait for.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return { kind: 'ok', body: EMPTY }
  return readBodyStream(req, maxBytes)
}

const readBodyStream = (req: IncomingMessage, maxBytes: number): Promise<BodyRead> =>
  new Promise((resolve) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > maxBytes) {
      // Answer at once; node:http discards the rest of the body after the response ends.
      resolve({ kind: 'too-large' })
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (result: BodyRead) => {
      if (!settled) {
        settled = true
        resolve(result)
      }
    }
    req.on('data', (chunk: Buffer) => {
      if (settled) return // over the cap: keep draining so the client can read the 413
      size += chunk.length
      if (size > maxBytes) {
        chunks.length = 0
        settle({ kind: 'too-large' })
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => settle({ kind: 'ok', body: Buffer.concat(chunks, size) }))
    req.on('aborted', () => settle({ kind: 'aborted' }))
    req.on('error', () => settle({ kind: 'aborted' }))
  })

/**
 * The Fetch Request the handlers see. `client` is who is asking, found as a real backend finds it behind its own
 * proxies (core/client-address.ts): the handlers get it as the one address of X-Forwarded-For (handlers/throttle.ts
 * counts per client), never a chain a client wrote.
 */
export const toFetchRequest = (req: IncomingMessage, href: string, body: Buffer, client: string): Request => {
  // From the raw name/value list: every header as sent, repeated ones included, without building
  // node's per-name objects first.
  const headers: [string, string][] = []
  const raw = req.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase()
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || name === 'x-forwarded-for') continue
    headers.push([name, raw[i + 1]!])
  }
  headers.push(['x-forwarded-for', client])
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0
  // String concatenation, not new URL(path, base): a path like //evil/x must stay a path.
  return new Request(href, { method, headers, body: hasBody ? (body as Uint8Array<ArrayBuffer>) : null })
}

export const requestOrigin = (req: IncomingMessage, fallbackHost: string): string => {
  const host = req.headers.host
  return host !== undefined && /^[a-z0-9.\-[\]:]+$/i.test(host) ? `http://${host}` : `http://${fallbackHost}`
}

// ── response writing ──

export const writeResponse = async (res: ServerResponse, response: Response, extraHeaders: Record<string, string>, isHead: boolean): Promise<void> => {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  for (const [name, value] of Object.entries(extraHeaders)) {
    const key = name.toLowerCase()
    // Vary lists what the answer depends on: the answer's own (agencyId) and the server's (Origin) both hold
    const current = headers[key]
    headers[key] = key === 'vary' && typeof current === 'string' ? `${current}, ${value}` : value
  }
  if (response.body === null || isHead) {
    res.writeHead(response.status, response.statusText || undefined, headers)
    res.end()
    return
  }
  // Bytes as they are (binary-safe): blobs, PDFs and images go through untouched. Every answer the
  // mock makes is complete in memory (at most a stored upload), so one read and one write (headers
  // and body in a single packet) beat piping a web stream, which costs several writes per answer.
  const body = new Uint8Array(await response.arrayBuffer())
  headers['content-length'] = String(body.byteLength)
  res.writeHead(response.status, response.statusText || undefined, headers)
  res.end(body)
}

export const sendJson = (res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string>) => {
  const text = JSON.stringify(body)
  res.writeHead(status, { ...extraHeaders, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

export const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host)
