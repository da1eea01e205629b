// The production portal as the browser benches measure it: built as `npm run build` builds it (the app and the
// frame the server paints), served by web/server (CSP, the API on its own origin) in front of a fresh mock, on
// free loopback ports, with a TLS edge for HTTP/2 when asked. The mock yields the cores to the browser (a phone's
// servers are not on the phone). Used by bench:lighthouse and bench:inp.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { createPortalServer } from '../../../web/server/portal-server.ts'
import { parseTrustedProxies } from '../../../core/client-address.ts'
import { freePort } from '../bench-lib.ts'
import { lowerPriority } from './process-priority.ts'
import { startTlsEdge } from './tls-edge.ts'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

export const DEMO = { email: 'ana.garcia@example.com', password: 'viaje2026', agency: 'ag-sol' }

export type PortalUnderTest = {
  /** the API the portal server passes /api/customer on to (the mock) */
  api: string
  /** the portal over HTTP/1.1 from the server direct */
  http1Origin: string
  /** the portal over HTTP/2 and TLS from an edge in front, when asked for */
  h2Origin?: string
  /** the edge certificate's key hash, for Chromium's --ignore-certificate-errors-spki-list */
  spkiHash?: string
  /** a session of the demo customer, signed in through the API */
  token: string
  /** what the portal server logged */
  serverLog: string[]
  work: string
  close(options?: { keep?: boolean }): Promise<void>
}

const waitFor = async (url: string, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

export async function startPortalUnderTest(options: { h2: boolean; label: string }): Promise<PortalUnderTest> {
  const work = mkdtempSync(join(tmpdir(), `portal-${options.label}-`))
  const children: ChildProcess[] = []
  const serverLog: string[] = []
  let portal: ReturnType<typeof createPortalServer> | undefined
  let edge: Awaited<ReturnType<typeof startTlsEdge>> | undefined
  const close = async ({ keep = false }: { keep?: boolean } = {}) => {
    await edge?.close()
    await new Promise<void>((resolve) => (portal ? portal.close(() => resolve()) : resolve()))
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))),
    )
    if (keep) console.log(`Kept ${work}`)
    else rmSync(work, { recursive: true, force: true })
  }
  try {
    const mockPort = await freePort()
    const api = `http://localhost:${mockPort}/api/customer`
    console.log(`Building the portal (API on its own origin, passed on to ${api}) …`)
    const build = spawnSync(
      'node_modules/.bin/vite',
      ['build', '--config', 'web/vite.config.ts', '--outDir', join(work, 'dist'), '--emptyOutDir', '--logLevel', 'warn'],
      // web/.env.production: the client calls /api/customer on the portal's origin; web/server passes it on.
      { cwd: repoRoot, env: { ...process.env, VITE_API_URL: '/api/customer' }, stdio: 'inherit' },
    )
    if (build.status !== 0) throw new Error('vite build failed')
    // the page's frame the server paints before the app's code, as `npm run build` makes it (in web/dist-shell:
    // it imports React from the repository's node_modules)
    const shellBuild = spawnSync('node_modules/.bin/vite', ['build', '--config', 'web/shell.vite.config.ts'], { cwd: repoRoot, stdio: 'inherit' })
    if (shellBuild.status !== 0) throw new Error('vite build of the shell failed')
    const { renderShell } = (await import(pathToFileURL(join(repoRoot, 'web', 'dist-shell', 'render-shell.js')).href)) as {
      renderShell: NonNullable<Parameters<typeof createPortalServer>[0]['renderShell']>
    }
    const mock = spawn('node_modules/.bin/tsx', ['mock/src/main.ts', '--port', String(mockPort), '--fresh', '--quiet', '--data-dir', join(work, 'mock-data')], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(mock)
    await waitFor(`http://localhost:${mockPort}/__mock/health`)
    // The servers a phone talks to are not on the phone: they yield the two cores to the browser (the mock
    // here, every thread of it and of the process tsx starts; the caller's process once the browser is started),
    // or their work lands in the page's tasks.
    lowerPriority(mock.pid!, 19)
    // the TLS edge is a proxy on loopback: its X-Forwarded-Host/-Proto are believed, as an operator's TRUSTED_PROXIES would
    portal = createPortalServer({
      distDir: join(work, 'dist'),
      apiUrl: api,
      log: (line) => serverLog.push(line),
      renderShell,
      trustedProxies: parseTrustedProxies('loopback'),
    })
    const portalPort = await freePort()
    await new Promise<void>((resolve) => portal!.listen(portalPort, '127.0.0.1', resolve))
    edge = options.h2 ? await startTlsEdge(`http://127.0.0.1:${portalPort}`, work) : undefined
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', agencyId: DEMO.agency },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    })
    if (!login.ok) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`)
    const { token } = (await login.json()) as { token: string }
    return {
      api,
      http1Origin: `http://localhost:${portalPort}`,
      ...(edge === undefined ? {} : { h2Origin: edge.origin, spkiHash: edge.spkiHash }),
      token,
      serverLog,
      work,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
