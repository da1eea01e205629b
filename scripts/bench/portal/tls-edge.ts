// The HTTPS edge travellers reach in production (a CDN or a TLS-terminating proxy, docs/deployment.md),
// for the benchmarks: HTTP/2 over TLS on loopback with a throwaway self-signed certificate for localhost,
// passing every request on to a portal server over HTTP/1.1 with X-Forwarded-Host and -Proto, as an edge
// does. It keeps nothing: what the page costs a browser over HTTP/2 is the portal's own answers.
import { spawnSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { join } from 'node:path'

export type TlsEdge = {
  /** https://localhost:<port> */
  origin: string
  /** base64 SHA-256 of the certificate's public key: Chromium's --ignore-certificate-errors-spki-list=<it> trusts this one only */
  spkiHash: string
  close(): Promise<void>
}

// Connection-level headers HTTP/2 forbids in a response (RFC 9113 §8.2.2); the rest passes as is.
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

/** A key and a certificate for localhost and 127.0.0.1, valid a day, made by openssl into `dir`. */
const selfSignedCertificate = (dir: string): { key: Buffer; cert: Buffer } => {
  const keyPath = join(dir, 'edge-key.pem')
  const certPath = join(dir, 'edge-cert.pem')
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`openssl could not make the edge's certificate: ${made.error?.message ?? made.stderr}`)
  return { key: readFileSync(keyPath), cert: readFileSync(certPath) }
}

/** Starts the edge on a free loopback port in front of `target` (e.g. http://127.0.0.1:4173); its files go in `dir`. */
export const startTlsEdge = async (target: string, dir: string): Promise<TlsEdge> => {
  const { key, cert } = selfSignedCertificate(dir)
  const upstream = new URL(target)
  const agent = new http.Agent({ keepAlive: true })
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const authority = req.headers[':authority'] ?? req.headers.host ?? ''
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name)) headers[name] = value
    Object.assign(headers, { host: authority, 'x-forwarded-host': authority, 'x-forwarded-proto': 'https' })
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const back: http.OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(answer.headers)) if (!CONNECTION_HEADERS.has(name) && value !== undefined) back[name] = value
      res.writeHead(answer.statusCode ?? 502, back)
      answer.pipe(res)
    })
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(forward)
  })
  // closed with the edge: a browser keeps its HTTP/2 connection open
  const sockets = new Set<TLSSocket>()
  server.on('secureConnection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' })
  return {
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    spkiHash: createHash('sha256').update(spki).digest('base64'),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}
