// The HTTP mock's SQLite store (mock/src/runtime/sqlite-store.ts): one transaction per write holding
// the rows it changed, a restart that serves the same world, and what it does with worlds it cannot use.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import { afterEach, describe, expect, it } from 'vitest'

import { startMockServer, type MockServer } from '../../../mock/src/setups/server.ts'
import { createSqliteStore, DB_FILE, readStoredState, readStoredWorld } from '../../../mock/src/runtime/sqlite-store.ts'
import { createWorld } from '../../../mock/src/world/seed/create-world.ts'
import { WORLD_VERSION } from '../../../mock/src/runtime/world-shape.ts'

const NOW = new Date('2026-11-21T10:00:00Z')
const dirs: string[] = []
const servers: MockServer[] = []

const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mock-sqlite-'))
  dirs.push(dir)
  return dir
}

const start = async (dataDir: string, fresh = false) => {
  const server = await startMockServer({ port: 0, dataDir, fresh, quiet: true, log: () => undefined, now: () => NOW })
  servers.push(server)
  return server
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const call = (server: MockServer, method: string, apiPath: string, body?: unknown, token?: string) =>
  fetch(`${server.url}/api/customer${apiPath}`, {
    method,
    headers: { agencyId: 'ag-sol', 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

const signIn = async (server: MockServer) =>
  ((await (await call(server, 'POST', '/auth/login', { email: 'ana.garcia@example.com', password: 'viaje2026' })).json()) as { token: string }).token

/** The database as someone with the sqlite3 shell sees it. */
const query = <T>(dataDir: string, sql: string): T[] => {
  const db = new DatabaseSync(path.join(dataDir, DB_FILE), { readOnly: true })
  try {
    return db.prepare(sql).all() as T[]
  } finally {
    db.close()
  }
}

describe('the SQLite store', () => {
  it('commits each write request as one transaction of the rows it changed, and nothing for a read', async () => {
    const dataDir = freshDir()
    const server = await start(dataDir, true)
    const before = server.storeStats()
    const token = await signIn(server)
    const afterLogin = server.storeStats()
    // the session, nothing else
    expect(afterLogin.transactions - before.transactions).toBe(1)
    expect(afterLogin.rowsWritten - before.rowsWritten).toBe(1)
    expect(query<{ id: string }>(dataDir, `SELECT id FROM sessions WHERE id = '${token}'`)).toHaveLength(1)

    expect((await call(server, 'GET', '/booking/bkg-sol-1001', undefined, token)).status).toBe(200)
    expect(server.storeStats().transactions).toBe(afterLogin.transactions)

    const saved = await call(server, 'PUT', '/booking/bkg-sol-1001/bank-account', { owner: 'Ana García', iban: 'ES91 2100 0418 4502 0005 1332' }, token)
    expect(saved.status).toBe(200)
    expect(server.storeStats().transactions - afterLogin.transactions).toBe(1)
    expect(server.storeStats().rowsWritten - afterLogin.rowsWritten).toBe(1)
    // docs/developers.md's query: a booking's fields straight from the database
    expect(query<{ iban: string }>(dataDir, "SELECT doc->>'$.bank_account.iban' AS iban FROM bookings WHERE id = 'bkg-sol-1001'")).toEqual([
      { iban: 'ES9121000418450200051332' },
    ])

    // a failed write stores nothing
    expect((await call(server, 'PUT', '/booking/bkg-sol-1001/bank-account', { owner: '', iban: 'nope' }, token)).status).toBe(422)
    expect(server.storeStats().transactions - afterLogin.transactions).toBe(1)
  })

  it('restarts into the world it served, rows in the same order', async () => {
    const dataDir = freshDir()
    let server = await start(dataDir, true)
    const token = await signIn(server)
    await call(server, 'POST', '/auth/logout', undefined, token)
    await signIn(server)
    await fetch(`${server.url}/__mock/tenants`, { method: 'POST', body: JSON.stringify({ name: 'Persistente', hosts: ['persistente.localhost'] }) })
    const served = structuredClone(server.runtime.world)
    await server.close()
    expect(existsSync(path.join(dataDir, `${DB_FILE}-wal`))).toBe(false)

    server = await start(dataDir)
    expect(server.state).toBe('restored')
    expect(server.runtime.world).toEqual(served)
  })

  it('refuses a stored world of another layout: moved aside, and a new one seeded', async () => {
    const dataDir = freshDir()
    const store = createSqliteStore(dataDir, { log: () => undefined })
    store.replace(createWorld(7, NOW))
    store.close()
    const db = new DatabaseSync(path.join(dataDir, DB_FILE))
    db.exec('PRAGMA user_version = 1')
    db.close()

    const logged: string[] = []
    const again = createSqliteStore(dataDir, { log: (line) => logged.push(line) })
    expect(again.load()).toBeNull()
    again.close()
    expect(logged.join('\n')).toMatch(new RegExp(`layout 1, not ${WORLD_VERSION}; moved it to .*world\\.db\\.wrong-version-\\d+`))
    expect(readdirSync(dataDir).some((name) => /^world\.db\.wrong-version-\d+$/.test(name))).toBe(true)
  })

  it("takes in a world left by the mock's old journal format when it was stopped cleanly", async () => {
    const dataDir = freshDir()
    const world = createWorld(11, NOW)
    world.agencies[0]!.name = 'Guardada en world.json'
    writeFileSync(path.join(dataDir, 'world.json'), JSON.stringify(world))
    writeFileSync(path.join(dataDir, 'world.journal'), '{"journal":1,"continues":"abc"}\n')

    const server = await start(dataDir)
    expect(server.state).toBe('restored')
    expect(server.runtime.world.agencies[0]!.name).toBe('Guardada en world.json')
    expect(readStoredWorld(dataDir)).toEqual(server.runtime.world)
    expect(existsSync(path.join(dataDir, 'world.json'))).toBe(false)
    expect(readdirSync(dataDir).some((name) => /^world\.json\.migrated-\d+$/.test(name))).toBe(true)
  })

  it('refuses to start on an old-format world whose journal still holds changes, and says what to do', async () => {
    const dataDir = freshDir()
    writeFileSync(path.join(dataDir, 'world.json'), JSON.stringify(createWorld(11, NOW)))
    writeFileSync(path.join(dataDir, 'world.journal'), '{"journal":1,"continues":"abc"}\n{"ops":[{"k":"counter","v":2000}]}\n')
    await expect(start(dataDir)).rejects.toThrow(/old format .* Start with --fresh to begin from the seed/)
    // nothing was touched; --fresh starts over in world.db
    expect(existsSync(path.join(dataDir, 'world.json'))).toBe(true)
    const server = await start(dataDir, true)
    expect(server.state).toBe('fresh')
  })

  it('tells what is on disk without changing it; a load alone creates nothing', () => {
    const dataDir = freshDir()
    expect(readStoredState(dataDir)).toMatchObject({ ok: false, problem: 'missing' })
    const store = createSqliteStore(dataDir, { log: () => undefined })
    expect(store.load()).toBeNull()
    expect(readStoredState(dataDir)).toMatchObject({ ok: false, problem: 'missing' })
    const world = createWorld(3, NOW)
    store.replace(world)
    store.close()
    expect(readStoredState(dataDir)).toEqual({ ok: true, world })
  })
})
