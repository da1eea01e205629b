import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { startMockServer, type MockServer } from '../../../mock/src/setups/server.ts'

// Why `npm test` once failed with "socket hang up (ECONNRESET)" on DELETE /__mock/scenarios: the
// HTTP/1.1 keep-alive race. The mock closes a connection idle for 5 s (plus Node's 1 s buffer) and says
// so (`Keep-Alive: timeout=5`); Node's Agent honours that hint only when it has a timeout of its own,
// and Playwright's request context uses `new Agent({ keepAlive: true })`, so it reused the connection
// at the very moment the mock closed it. A busy mock (two workers, tenants being seeded) widens the
// moment. This reproduces it, and shows what the e2e harness does about it.

const dir = mkdtempSync(path.join(tmpdir(), 'mock-keep-alive-'))
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, dataDir: dir, quiet: true, log: () => {} })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

type Answer = { status: number; reusedSocket: boolean }
const clearScenarios = (agent: Agent, headers: OutgoingHttpHeaders = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(`${server.url}/__mock/scenarios?agency=ag-mar`, { method: 'DELETE', agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket }))
    })
    req.on('error', reject)
    req.end()
  })

/** The server's idle timeout: Node closes after keepAliveTimeout + keepAliveTimeoutBuffer (5 s + 1 s). */
const IDLE_CLOSE_MS = 6_000
/** The mock's event loop busy for a moment (a tenant being seeded), as the idle timer comes due. */
const busyFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * A second call written in the same pass of timers as the server's idle timer for the first call's
 * connection, just before it: the server then closes the connection with the request unread. That is
 * the moment a busy server meets: its loop blocked (a tenant being seeded) from 0.5 s before the idle
 * timer is due until after it, with the client's write queued meanwhile (due first, so it runs first;
 * its request goes out in the ticks between the two timers).
 */
const secondCallAtIdleClose = async (agent: Agent, headers?: OutgoingHttpHeaders) => {
  expect((await clearScenarios(agent, headers)).status).toBe(200)
  return new Promise<Answer>((resolve, reject) => {
    setTimeout(() => {
      busyFor(700)
      setTimeout(() => clearScenarios(agent, headers).then(resolve, reject), 1)
    }, IDLE_CLOSE_MS - 500)
  })
}

it.concurrent('a pooled connection reused as the mock closes it is reset before any answer (the e2e failure)', { timeout: 15_000 }, async () => {
  const playwrightsAgent = new Agent({ keepAlive: true })
  try {
    await expect(secondCallAtIdleClose(playwrightsAgent)).rejects.toMatchObject({ code: 'ECONNRESET', message: 'socket hang up' })
  } finally {
    playwrightsAgent.destroy()
  }
})

it.concurrent('a client that does not keep connections (the e2e harness: Connection: close) is never caught by it', { timeout: 15_000 }, async () => {
  const agent = new Agent({ keepAlive: true })
  try {
    await expect(secondCallAtIdleClose(agent, { Connection: 'close' })).resolves.toEqual({ status: 200, reusedSocket: false })
  } finally {
    agent.destroy()
  }
})
