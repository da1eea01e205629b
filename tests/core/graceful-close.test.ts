import { createServer, request, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { trackForGracefulClose } from '../../core/graceful-close.ts'

// A server stopped during a deploy: what is being answered finishes, nothing else holds it up.

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections()
})

async function serve(handler: Parameters<typeof createServer>[1], graceMs: number) {
  const server = createServer(handler)
  servers.push(server)
  const closeGracefully = trackForGracefulClose(server, graceMs)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, closeGracefully, port: (server.address() as AddressInfo).port }
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

const get = (port: number) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })

describe('a graceful close', () => {
  it('is not held up by a socket a browser opened ahead and never used (Node’s own close waits on it)', async () => {
    const { server, closeGracefully, port } = await serve((_req, res) => res.end('ok'), 10_000)
    const ahead = connect(port, '127.0.0.1')
    ahead.on('error', () => undefined)
    await new Promise((resolve) => ahead.once('connect', resolve))

    // Node alone: still open a second later
    const plain = new Promise<void>((resolve) => server.close(() => resolve()))
    expect(await settledWithin(plain, 1_000)).toBe(false)

    expect(await settledWithin(closeGracefully(), 2_000)).toBe(true)
    expect(ahead.destroyed || (await new Promise((resolve) => ahead.once('close', () => resolve(true))))).toBe(true)
  })

  it('lets an answer in flight finish, and takes no new connection', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let arrived: () => void = () => undefined
    const inHandler = new Promise<void>((resolve) => (arrived = resolve))
    const { closeGracefully, port } = await serve(async (_req, res) => {
      arrived()
      await held
      res.end('the whole answer')
    }, 10_000)
    const answer = get(port)
    await inHandler
    const closing = closeGracefully()
    // the close is under way, waiting on the answer, when the answer is let go
    await new Promise((resolve) => setImmediate(resolve))
    release()
    expect(await answer).toEqual({ status: 200, body: 'the whole answer' })
    expect(await settledWithin(closing, 2_000)).toBe(true)
    await expect(get(port)).rejects.toThrow()
  })

  it('cuts an answer still running when the grace period is over', async () => {
    let arrived: () => void = () => undefined
    const inHandler = new Promise<void>((resolve) => (arrived = resolve))
    const { closeGracefully, port } = await serve(() => arrived(), 300)
    const answer = get(port).then(
      () => 'answered',
      () => 'cut',
    )
    await inHandler
    expect(await settledWithin(closeGracefully(), 2_000)).toBe(true)
    expect(await answer).toBe('cut')
  })
})
