// The mock's third runtime (decision 003): the same handlers in the browser, behind MSW's service
// worker, with the world in localStorage (mock/src/setups/browser.ts). A Vite dev server of its own serves
// one page that starts it and the worker script; the answers are compared with the same handlers
// answering in this Node process over a memory store.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'

import { createApi } from '../../../mock/src/handlers/index.ts'
import { createRuntime } from '../../../mock/src/runtime/runtime.ts'
import { createMemoryStore } from '../../../mock/src/runtime/memory-store.ts'
import { freePort } from '../../../scripts/dev/free-port'
import { expect, test } from '../support/test'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const LOGIN = { email: 'ana.garcia@example.com', password: 'viaje2026' }
const BOOKING = '/api/customer/booking/bkg-sol-1001'
const GROUP = '/api/customer/travelgroup/tg-sol-lon'

type Answer = { status: number; body: unknown }

// MSW answers from its service worker (the suite blocks them elsewhere)
test.use({ serviceWorkers: 'allow' })

let server: ViteDevServer
let origin: string

test.beforeAll(async () => {
  // Under test-results/, which Playwright empties when a run starts.
  const root = join(repoRoot, 'test-results', 'browser-mock-page')
  mkdirSync(root, { recursive: true })
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mock in the browser</title></head>` +
      `<body><script type="module">import { startBrowserMock } from '/@fs${repoRoot}mock/src/setups/browser.ts'; window.startBrowserMock = startBrowserMock</script></body></html>`,
  )
  const port = await freePort()
  // Vite sets NODE_ENV when it is unset; this worker runs other specs after this one (and builds).
  const nodeEnv = process.env.NODE_ENV
  server = await createServer({
    configFile: false,
    root,
    publicDir: join(repoRoot, 'web/public'),
    // Its own pre-bundled dependencies: the portal's dev server, running beside it, owns node_modules/.vite.
    cacheDir: join(root, '.vite'),
    logLevel: 'silent',
    server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [repoRoot] } },
  })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  await server.listen()
  origin = `http://127.0.0.1:${port}`
})

test.afterAll(async () => {
  await server?.close()
})

/** The same requests in this process: the handlers over a memory store, the world seeded alike. */
const answerInNode = async (paths: string[]): Promise<Answer[]> => {
  const api = createApi(createRuntime({ store: createMemoryStore() }))
  const ask = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await api.answer(new Request(`http://localhost${path}`, init))!
    return { status: response.status, body: response.status === 204 ? null : await response.json() }
  }
  const login = await ask('/api/customer/auth/login', {
    method: 'POST',
    headers: { agencyId: 'ag-sol', 'Content-Type': 'application/json' },
    body: JSON.stringify(LOGIN),
  })
  const token = (login.body as { token: string }).token
  return Promise.all(paths.map((path) => ask(path, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } })))
}

test('in the browser: the same answers as in Node, a session kept in localStorage across reloads, errors with their codes', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(origin)
  await page.waitForFunction(() => 'startBrowserMock' in window)

  // A fresh world; sign in, then read a booking and a travel group through the worker.
  const first = await page.evaluate(
    async ({ login, paths }) => {
      const start = (window as unknown as { startBrowserMock: (options: object) => Promise<unknown> }).startBrowserMock
      await start({ fresh: true, quiet: true })
      const ask = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(path, init)
        return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as unknown) }
      }
      const post = (password: string) =>
        ask('/api/customer/auth/login', {
          method: 'POST',
          headers: { agencyId: 'ag-sol', 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...login, password }),
        })
      const wrong = await post('not-the-password')
      const signedIn = await post(login.password)
      const token = (signedIn.body as { token: string }).token
      const reads = await Promise.all(paths.map((path) => ask(path, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } })))
      return { wrong, signedIn, token, reads, worldStored: Object.keys(localStorage).length > 0 }
    },
    { login: LOGIN, paths: [BOOKING, GROUP] },
  )
  expect(first.wrong.status).toBe(401)
  expect(first.wrong.body).toMatchObject({ code: 'auth_login_wrong' })
  expect(first.signedIn.status).toBe(200)
  expect(first.token).toMatch(/^tok_[0-9a-f]{36}$/)
  expect(first.worldStored).toBe(true)

  const inNode = await answerInNode([BOOKING, GROUP])
  expect(first.reads.map((read) => read.status)).toEqual([200, 200])
  expect(first.reads[0]!.body).toMatchObject({ locator: expect.any(String) })
  expect(first.reads).toEqual(inNode)

  // A reload starts the mock over the stored world: the session is still there, until it signs out.
  await page.reload()
  await page.waitForFunction(() => 'startBrowserMock' in window)
  const afterReload = await page.evaluate(async (token) => {
    const start = (window as unknown as { startBrowserMock: (options: object) => Promise<unknown> }).startBrowserMock
    await start({ quiet: true })
    const headers = { agencyId: 'ag-sol', Authorization: `Bearer ${token}` }
    const profile = (await fetch('/api/customer/auth/profile', { headers })).status
    const logout = (await fetch('/api/customer/auth/logout', { method: 'POST', headers })).status
    const profileAfterLogout = await fetch('/api/customer/auth/profile', { headers })
    return { profile, logout, profileAfterLogout: { status: profileAfterLogout.status, body: (await profileAfterLogout.json()) as unknown } }
  }, first.token)
  expect(afterReload.profile).toBe(200)
  expect(afterReload.logout).toBe(204)
  expect(afterReload.profileAfterLogout.status).toBe(401)
  expect(afterReload.profileAfterLogout.body).toMatchObject({ code: 'unauthorized' })
})
