// How code that changes the world says what it changed, so each store keeps exactly that: the Node
// server's SQLite database one transaction of those rows, the browser's localStorage the whole
// world, Vitest's memory store a copy that tests compare with the live world.
//
// The world stays plain objects in memory (reads never touch a store). A write changes them as
// before and names what it changed: `insert` (appends to the collection), `save` (a row changed
// in place), `remove`, `saveValue` (a top-level value such as the id counter or the scenarios).
import type { World } from './types.ts'

/** The world's collections: its arrays of rows (the active scenarios, a short list without ids, are stored whole as a value). */
export type Collection = Exclude<{ [K in keyof World]: World[K] extends readonly object[] ? K : never }[keyof World], 'scenarios'>
/** The world's other top-level values. */
export type ValueKey = Exclude<keyof World, Collection>
export type Row<C extends Collection> = World[C][number]

/** Which field identifies a row of each collection (unique within it). */
export const ROW_KEYS = {
  agencies: 'id',
  customers: 'id',
  sessions: 'token',
  links: 'token',
  services: 'id',
  travelGroups: 'id',
  bookings: 'id',
  payments: 'id',
  locks: 'id',
  bookingGroups: 'id',
  roomingLists: 'id',
  files: 'name',
  invitations: 'id',
  outbox: 'id',
} as const satisfies { [C in Collection]: keyof Row<C> & string }

export const COLLECTIONS = Object.keys(ROW_KEYS) as Collection[]
export const VALUE_KEYS = ['version', 'seed', 'seededAt', 'counter', 'scenarios'] as const satisfies readonly ValueKey[]

export const rowKey = <C extends Collection>(collection: C, row: Row<C>): string => String((row as Record<string, unknown>)[ROW_KEYS[collection]])

/** What one write changed. Saved rows are the live objects: a store serialises them as they are at commit. */
export type Changes = {
  saved: Map<Collection, Map<string, object>>
  removed: Map<Collection, Set<string>>
  values: Set<ValueKey>
}

export type WorldWriter = {
  readonly world: World
  /** Appends a new row to its collection. */
  insert<C extends Collection>(collection: C, row: Row<C>): Row<C>
  /** A row that was changed in place. */
  save<C extends Collection>(collection: C, row: Row<C>): void
  /** Takes rows out of their collection. */
  remove<C extends Collection>(collection: C, rows: readonly Row<C>[]): void
  /** A top-level value that was changed (assigned or changed inside). */
  saveValue(key: ValueKey): void
  /** A fresh id with a prefix, unique in the world (the counter is saved with the write). */
  id(prefix: string): string
}

export type WorldWrite = WorldWriter & {
  readonly changes: Changes
  readonly empty: boolean
}

const entry = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let value = map.get(key)
  if (value === undefined) map.set(key, (value = make()))
  return value
}

export const createWorldWrite = (world: World): WorldWrite => {
  const changes: Changes = { saved: new Map(), removed: new Map(), values: new Set() }
  const save = <C extends Collection>(collection: C, row: Row<C>) => {
    const key = rowKey(collection, row)
    changes.removed.get(collection)?.delete(key)
    entry(changes.saved, collection, () => new Map()).set(key, row)
  }
  const write: WorldWrite = {
    world,
    changes,
    get empty() {
      return changes.values.size === 0 && changes.saved.size === 0 && changes.removed.size === 0
    },
    insert(collection, row) {
      ;(world[collection] as Row<typeof collection>[]).push(row)
      save(collection, row)
      return row
    },
    save,
    remove(collection, rows) {
      if (rows.length === 0) return
      const gone = new Set<object>(rows)
      world[collection] = (world[collection] as object[]).filter((row) => !gone.has(row)) as World[typeof collection]
      const removed = entry(changes.removed, collection, () => new Set())
      for (const row of rows) {
        const key = rowKey(collection, row)
        changes.saved.get(collection)?.delete(key)
        removed.add(key)
      }
    },
    saveValue(key) {
      changes.values.add(key)
    },
    id(prefix) {
      world.counter += 1
      changes.values.add('counter')
      return `${prefix}-${world.counter}`
    },
  }
  return write
}
