// How an HTTP server of ours stops (the mock, the production portal server): framework-free, node:http by type only.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Node's own `server.close()` waits for every open socket, and `closeIdleConnections()` leaves the ones a browser
 * opened ahead without sending a request yet: a portal server stopped while a page was open stayed up for as long
 * as Chromium kept such a socket (27 s measured), so a deploy waited on it. Call it when the server is created: it
 * counts sockets and answers in flight from the first one. What it returns stops the server: no new connections,
 * answers in flight finish for up to `graceMs` (any that start meanwhile say `Connection: close`), then every socket
 * left is closed.
 */
export function trackForGracefulClose(server: Server, graceMs: number): () => Promise<void> {
  const sockets = new Set<Socket>()
  let inFlight = 0
  let closing = false
  let closed: Promise<void> | null = null
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  // before the server's own handler, which may answer at once
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1
    res.on('close', () => {
      inFlight -= 1
    })
    if (closing) res.setHeader('Connection', 'close')
  })
  return () =>
    (closed ??= (async () => {
      closing = true
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const deadline = Date.now() + graceMs
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      for (const socket of sockets) socket.destroy()
      await stopped
    })())
}
