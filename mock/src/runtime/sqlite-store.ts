// The HTTP mock's store: the world in SQLite through Node's built-in node:sqlite, in WAL mode. One
// table per collection (each row its key and its JSON) and one of top-level values. A write is one
// transaction holding exactly the rows it changed, committed before the request is answered.
//
// synchronous=OFF: a committed transaction has been handed to the operating system when the answer
// leaves, so it survives the process being killed (npm run bench:crash). Nothing is fsynced: an
// operating-system crash or a power cut may lose the last writes or damage world.db, which the next
// start then moves aside before seeding afresh. A development mock can afford that; the fsyncs of
// NORMAL's checkpoints cost every sign-in about 9 µs and stalled the requests in flight (decision 003).
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'

import type { Store } from './runtime.ts'
import type { World } from '../world/kernel/types.ts'
import { checkWorldShape, parseStoredWorld, WORLD_VERSION } from './world-shape.ts'
import { COLLECTIONS, rowKey, VALUE_KEYS, type Changes, type Collection, type Row } from '../world/kernel/world-writes.ts'

export const DEFAULT_DATA_DIR = '.mock-data'
export const DB_FILE = 'world.db'
/** The files of the store before SQLite (a JSON snapshot and the journal that continued it). */
const LEGACY_WORLD_FILE = 'world.json'
const LEGACY_JOURNAL_FILE = 'world.journal'

const VALUES_TABLE = 'world_values'

export type SqliteStoreStats = { transactions: number; rowsWritten: number; rowsRemoved: number }

export type SqliteStore = Store & {
  readonly dir: string
  readonly file: string
  stats(): SqliteStoreStats
  close(): void
}

/** What the store refuses to start on: the user must decide (the message says how). */
export class StoredWorldRefused extends Error {}

type Statements = {
  upsert: Map<Collection, StatementSync>
  remove: Map<Collection, StatementSync>
  upsertValue: StatementSync
}

const quoted = (name: string) => `"${name}"`

const openDatabase = (file: string): DatabaseSync => {
  const db = new DatabaseSync(file)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = OFF')
  db.exec(`CREATE TABLE IF NOT EXISTS ${VALUES_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT`)
  for (const collection of COLLECTIONS) db.exec(`CREATE TABLE IF NOT EXISTS ${quoted(collection)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL) STRICT`)
  return db
}

const versionOf = (db: DatabaseSync): number => Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)

/** The world in the database, or null when it holds none yet. Rows come back in the order they were inserted. */
const readWorld = (db: DatabaseSync): unknown => {
  const rows = db.prepare(`SELECT key, value FROM ${VALUES_TABLE}`).all() as { key: string; value: string }[]
  if (rows.length === 0) return null
  // Only the keys a world has are read, by name: a key in the file never becomes a property name.
  const values = new Map(rows.map((row) => [row.key, row.value]))
  const world: Record<string, unknown> = {}
  for (const key of VALUE_KEYS) {
    const value = values.get(key)
    if (value !== undefined) world[key] = JSON.parse(value) as unknown
  }
  for (const collection of COLLECTIONS) {
    const rows = db.prepare(`SELECT doc FROM ${quoted(collection)} ORDER BY rowid`).all() as { doc: string }[]
    world[collection] = rows.map((row) => JSON.parse(row.doc) as unknown)
  }
  return world
}

export type StoredState =
  { ok: true; world: World } | { ok: false; problem: 'missing' | 'empty' | 'wrong-version' | 'not-a-world' | 'unreadable'; detail: string }

/** What a restart would load from `dir`, read without changing anything there (benchmarks and tests check the disk with it). */
export const readStoredState = (dir: string): StoredState => {
  const file = path.join(dir, DB_FILE)
  if (!existsSync(file)) return { ok: false, problem: 'missing', detail: file }
  let db: DatabaseSync | null = null
  try {
    db = new DatabaseSync(file, { readOnly: true })
    const version = versionOf(db)
    if (version !== WORLD_VERSION) return { ok: false, problem: 'wrong-version', detail: `version ${version}, expected ${WORLD_VERSION}` }
    const value = readWorld(db)
    if (value === null) return { ok: false, problem: 'empty', detail: file }
    const checked = checkWorldShape(value)
    return checked.ok ? { ok: true, world: checked.world } : { ok: false, problem: 'not-a-world', detail: checked.detail }
  } catch (error) {
    return { ok: false, problem: 'unreadable', detail: error instanceof Error ? error.message : String(error) }
  } finally {
    db?.close()
  }
}

export const readStoredWorld = (dir: string): World | null => {
  const state = readStoredState(dir)
  return state.ok ? state.world : null
}

export type SqliteStoreOptions = {
  /** Where problems with the stored state are reported; defaults to console.warn. */
  log?: (message: string) => void
}

export const createSqliteStore = (dir: string = DEFAULT_DATA_DIR, options: SqliteStoreOptions = {}): SqliteStore => {
  const log = options.log ?? ((message: string) => console.warn(`[mock] ${message}`))
  const file = path.join(dir, DB_FILE)
  const stats: SqliteStoreStats = { transactions: 0, rowsWritten: 0, rowsRemoved: 0 }
  let db: DatabaseSync | null = null
  let statements: Statements | null = null

  const open = (): { db: DatabaseSync; statements: Statements } => {
    if (db === null || statements === null) {
      mkdirSync(dir, { recursive: true })
      db = openDatabase(file)
      const upsert = new Map<Collection, StatementSync>()
      const remove = new Map<Collection, StatementSync>()
      for (const collection of COLLECTIONS) {
        // ON CONFLICT … DO UPDATE keeps the row's rowid: a changed row keeps its place in the order.
        upsert.set(collection, db.prepare(`INSERT INTO ${quoted(collection)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`))
        remove.set(collection, db.prepare(`DELETE FROM ${quoted(collection)} WHERE id = ?`))
      }
      const upsertValue = db.prepare(`INSERT INTO ${VALUES_TABLE} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
      statements = { upsert, remove, upsertValue }
    }
    return { db, statements }
  }

  const transaction = (fn: (db: DatabaseSync, statements: Statements) => void) => {
    const opened = open()
    opened.db.exec('BEGIN')
    try {
      fn(opened.db, opened.statements)
      opened.db.exec('COMMIT')
    } catch (error) {
      if (opened.db.isTransaction) opened.db.exec('ROLLBACK')
      throw error
    }
    stats.transactions += 1
  }

  /** Moves the database files aside (kept for a post-mortem), so a new world starts in a new one. */
  const moveAside = (reason: string) => {
    db?.close()
    db = null
    statements = null
    const aside = `${file}.${reason}-${Date.now()}`
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`)
    return aside
  }

  const replace = (world: World) => {
    transaction((db, { upsert, upsertValue }) => {
      for (const collection of COLLECTIONS) {
        db.exec(`DELETE FROM ${quoted(collection)}`)
        const statement = upsert.get(collection)!
        for (const row of world[collection] as Row<Collection>[]) statement.run(rowKey(collection, row), JSON.stringify(row))
        stats.rowsWritten += world[collection].length
      }
      db.exec(`DELETE FROM ${VALUES_TABLE}`)
      for (const key of VALUE_KEYS) upsertValue.run(key, JSON.stringify(world[key]))
      db.exec(`PRAGMA user_version = ${WORLD_VERSION}`)
    })
  }

  const write = (world: World, changes: Changes) => {
    transaction((_db, { upsert, remove, upsertValue }) => {
      for (const [collection, keys] of changes.removed) {
        const statement = remove.get(collection)!
        for (const key of keys) statement.run(key)
        stats.rowsRemoved += keys.size
      }
      for (const [collection, rows] of changes.saved) {
        const statement = upsert.get(collection)!
        for (const [key, row] of rows) statement.run(key, JSON.stringify(row))
        stats.rowsWritten += rows.size
      }
      for (const key of changes.values) upsertValue.run(key, JSON.stringify(world[key]))
    })
  }

  /** A world stored by the mock before SQLite: taken in once, when it was stopped cleanly. */
  const migrateLegacy = (): World | null => {
    const legacy = path.join(dir, LEGACY_WORLD_FILE)
    if (!existsSync(legacy)) return null
    const journal = path.join(dir, LEGACY_JOURNAL_FILE)
    const journalLines = existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').slice(1) : []
    if (journalLines.some((line) => line.trim() !== '')) {
      throw new StoredWorldRefused(
        `${dir} holds a world in the mock's old format (${LEGACY_WORLD_FILE} with changes still in ${LEGACY_JOURNAL_FILE}: that mock was killed, not stopped). ` +
          `Its last changes cannot be read any more. Start with --fresh to begin from the seed, or move ${LEGACY_WORLD_FILE} and ${LEGACY_JOURNAL_FILE} away.`,
      )
    }
    const parsed = parseStoredWorld(readFileSync(legacy, 'utf8'))
    const stamp = Date.now()
    renameSync(legacy, `${legacy}.migrated-${stamp}`)
    if (existsSync(journal)) renameSync(journal, `${journal}.migrated-${stamp}`)
    if (!parsed.ok) {
      log(`${legacy} (the old format) is unusable (${parsed.problem}: ${parsed.detail}); moved it to ${legacy}.migrated-${stamp} and starting from the seed`)
      return null
    }
    replace(parsed.world)
    log(`moved the world from ${legacy} (the old format) into ${file}; the old file is now ${legacy}.migrated-${stamp}`)
    return parsed.world
  }

  const load = (): World | null => {
    const existed = existsSync(file)
    if (!existed) {
      const migrated = migrateLegacy()
      if (migrated !== null) return migrated
      log(`no stored world at ${file}; starting from the seed`)
      return null
    }
    let value: unknown
    try {
      const opened = open()
      const version = versionOf(opened.db)
      if (version !== WORLD_VERSION) {
        log(`${file} holds a world of layout ${version}, not ${WORLD_VERSION}; moved it to ${moveAside('wrong-version')} and starting from the seed`)
        return null
      }
      value = readWorld(opened.db)
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      log(`cannot read ${file} (${detail}); moved it to ${moveAside('unreadable')} and starting from the seed`)
      return null
    }
    if (value === null) return null
    const checked = checkWorldShape(value)
    if (checked.ok) return checked.world
    log(`${file} is unusable (${checked.problem}: ${checked.detail}); moved it to ${moveAside(checked.problem)} and starting from the seed`)
    return null
  }

  return {
    dir,
    file,
    load,
    replace,
    write,
    stats: () => ({ ...stats }),
    close() {
      // Closing the last connection checkpoints the WAL into world.db.
      db?.close()
      db = null
      statements = null
    },
  }
}
