import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A tiny HTTP server on 127.0.0.1:0 for tests (the CLI's and the portal client's): each test sets how it answers.

export type FakeRequest = {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

export type FakeAnswer = {
  /** reset the connection before any answer: a kept-alive connection the server closed as it was reused */
  reset?: true
  status: number
  headers?: Record<string, string>
  body?: string | Uint8Array
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>

export type FakeServer = {
  url: string
  requests: FakeRequest[]
  setHandler(handler: FakeHandler): void
  close(): Promise<void>
}

/** The connection reset before any answer. */
export const RESET: FakeAnswer = { reset: true, status: 0 }

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) }
}

export async function startFakeServer(initial: FakeHandler = () => ({ status: 404 })): Promise<FakeServer> {
  let handler = initial
  const requests: FakeRequest[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: FakeRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      requests.push(request)
      Promise.resolve(handler(request))
        .then((answer) => {
          if (answer.reset === true) {
            req.socket.resetAndDestroy()
            return
          }
          res.writeHead(answer.status, answer.headers ?? {})
          res.end(answer.body ?? '')
        })
        .catch((error: unknown) => {
          res.writeHead(599)
          res.end(String(error))
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      handler = next
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** A port nothing listens on: bind, read the port, close. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
