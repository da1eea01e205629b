// The HTTP mock's durable store: world.json (a snapshot, replaced atomically as before) plus
// world.journal, an append-only log of what each batch of writes changed. Acknowledged writes
// survive a SIGKILL (and a power loss) without rewriting the whole world per write.
//
// - A write request runs tracked (tracked-world.ts). When its answer is ready, the server calls
//   commit(touched) and answers only once it resolves: the changes are in the journal and fsynced.
// - Group commit: every write that finishes while a flush is on disk waits for the next one, which
//   takes them all in one record (one append, one fdatasync). Under load a flush carries dozens of
//   writes; alone, a write costs one small append.
// - A record lists, per top-level key, the array elements touched (their JSON, under a stable
//   element id), then the array's new order when it changed (`a`: ids appended, `l`: the whole
//   order), or a key's whole value when it is not an array.
// - Past `compactAboveBytes` of journal, after a world reset, and at start-up and close, the world
//   is written whole to world.json and a new journal begins. The journal's first line names the
//   snapshot it continues (a SHA-256 of world.json's bytes), so a crash between writing the
//   snapshot and starting the new journal leaves an old journal that is recognised and ignored.
// - Loading replays the records onto the snapshot; a torn last line (a kill mid-append, never
//   acknowledged) is dropped.
import { createHash } from 'node:crypto'
import { closeSync, fdatasync, mkdirSync, openSync, readFileSync, renameSync, statSync, write } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import type { Store } from '../runtime.ts'
import type { World } from '../world/types.ts'
import { DEFAULT_DATA_DIR, removeStaleTmpFiles, WORLD_FILE, writeFileAtomically, writeFileAtomicallyAsync } from './file-store.ts'
import type { Touched, WorldTracker } from './tracked-world.ts'
import { parseStoredWorld, type StoredWorldProblem } from './world-shape.ts'

export const JOURNAL_FILE = 'world.journal'
const SNAPSHOT_TMP_PREFIX = `${WORLD_FILE}.tmp-`
const JOURNAL_TMP_PREFIX = `${JOURNAL_FILE}.tmp-`
const JOURNAL_VERSION = 1
/** Past this much journal the next flush writes a snapshot instead. */
export const DEFAULT_COMPACT_ABOVE_BYTES = 8 * 1024 * 1024

type Header = { journal: number; continues: string }

/** One change: an element's value, an array's new order (whole or appended), or a key's whole value. */
type Op = { k: string; e: number; v: unknown } | { k: string; a: number[] } | { k: string; l: number[] } | { k: string; v: unknown }

export type JournalStats = {
  /** records appended since start */
  records: number
  /** writes acknowledged through them */
  commits: number
  /** bytes appended since start */
  bytes: number
  /** snapshots written (start-up and close included) */
  snapshots: number
  /** current journal size in bytes */
  journalBytes: number
  /** records replayed at start-up */
  replayed: number
  /** flushes (records and snapshots written for commits) and the time they took on disk */
  flushes: number
  flushMs: number
  /** largest number of writes acknowledged by one flush */
  largestBatch: number
}

export type JournaledStoreOptions = {
  log?: (message: string) => void
  compactAboveBytes?: number
}

export type JournaledStore = Store & {
  readonly dir: string
  readonly file: string
  readonly journalFile: string
  /** The tracker of the live world; needed before the first save or commit. */
  attach(tracker: WorldTracker): void
  /** Resolves once what `touched` changed is durable; rejects when it could not be stored. */
  commit(touched: Touched): Promise<void>
  /** Writes the whole world to world.json now and starts a new journal (synchronous). */
  compact(): void
  /** Waits for pending commits, then leaves a complete world.json (and an empty journal). */
  close(): Promise<void>
  stats(): JournalStats
}

type ArrayState = {
  /** the array these ids and this order describe (an append keeps it; a replacement does not) */
  array: unknown[]
  ids: WeakMap<object, number>
  order: number[]
  next: number
}

const writeAsync = promisify(write)
const fdatasyncAsync = promisify(fdatasync)

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export type StoredState = { ok: true; world: World; replayed: number } | { ok: false; problem: 'missing' | 'unreadable' | StoredWorldProblem; detail: string }

/**
 * What a restart would load from `dir`: world.json with the journal records that continue it
 * replayed. Reads only (no clean-up, nothing moved aside): the crash-safety bench and tests use it
 * to check what is on disk.
 */
export const readStoredState = (dir: string, log: (message: string) => void = () => {}): StoredState => {
  const file = path.join(dir, WORLD_FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? { ok: false, problem: 'missing', detail: file } : { ok: false, problem: 'unreadable', detail: code ?? String(error) }
  }
  const parsed = parseStoredWorld(text)
  if (!parsed.ok) return { ok: false, problem: parsed.problem, detail: parsed.detail }
  const replayed = replayJournal(path.join(dir, JOURNAL_FILE), parsed.world, sha256(text), log)
  return { ok: true, world: parsed.world, replayed }
}

/** The world on disk in `dir` (snapshot plus journal), or null. */
export const readStoredWorld = (dir: string): World | null => {
  const stored = readStoredState(dir)
  return stored.ok ? stored.world : null
}

/** Applies the journal's records to the snapshot they continue; returns how many. */
const replayJournal = (journalFile: string, world: World, snapshotHash: string, log: (message: string) => void): number => {
  let text: string
  try {
    text = readFileSync(journalFile, 'utf8')
  } catch {
    return 0
  }
  const lines = text.split('\n')
  let header: Header | null = null
  try {
    header = JSON.parse(lines[0] ?? '') as Header
  } catch {
    header = null
  }
  if (header === null || header.journal !== JOURNAL_VERSION || header.continues !== snapshotHash) {
    // Left by a snapshot written just before a crash (its journal was not yet restarted): the
    // snapshot already holds everything in it.
    if (text.length > 0) log(`ignored ${journalFile}: it continues another snapshot`)
    return 0
  }
  const record = world as unknown as Record<string, unknown>
  const state = new Map<string, { byId: Map<number, unknown>; order: number[] }>()
  const arrayOf = (key: string) => {
    let s = state.get(key)
    if (s === undefined) {
      const value = record[key]
      const list = Array.isArray(value) ? value : []
      s = { byId: new Map(list.map((element, i) => [i, element])), order: list.map((_, i) => i) }
      state.set(key, s)
    }
    return s
  }
  const settle = (key: string) => {
    const s = state.get(key)
    if (s === undefined) return
    state.delete(key)
    const list = s.order.map((id) => s.byId.get(id))
    if (list.some((element) => element === undefined)) {
      log(`${journalFile}: the order of ${key} names an element it never stored; kept the earlier ${key}`)
      return
    }
    record[key] = list
  }
  let count = 0
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!
    if (line === '') continue
    let parsed: { ops: Op[] }
    try {
      parsed = JSON.parse(line) as { ops: Op[] }
    } catch {
      // A torn record can only be the last one (a kill mid-append); it was never acknowledged.
      if (lines.slice(i + 1).some((rest) => rest !== '')) log(`${journalFile}: unreadable record ${i}; the records after it are dropped`)
      break
    }
    for (const op of parsed.ops) {
      if ('a' in op) arrayOf(op.k).order.push(...op.a)
      else if ('l' in op) arrayOf(op.k).order = [...op.l]
      else if ('e' in op) arrayOf(op.k).byId.set(op.e, op.v)
      else {
        state.delete(op.k)
        record[op.k] = op.v
      }
    }
    count += 1
  }
  for (const key of [...state.keys()]) settle(key)
  return count
}

const headerLine = (hash: string) => `${JSON.stringify({ journal: JOURNAL_VERSION, continues: hash } satisfies Header)}\n`

export const createJournaledStore = (dir: string = DEFAULT_DATA_DIR, options: JournaledStoreOptions = {}): JournaledStore => {
  const log = options.log ?? ((message: string) => console.warn(`[mock] ${message}`))
  const compactAbove = options.compactAboveBytes ?? DEFAULT_COMPACT_ABOVE_BYTES
  const file = path.join(dir, WORLD_FILE)
  const journalFile = path.join(dir, JOURNAL_FILE)
  let tracker: WorldTracker | null = null
  let counter = 0
  let dirReady = false

  // element ids per top-level array, as of the snapshot plus the records appended since
  let arrays = new Map<string, ArrayState>()
  // the open journal (append mode), or null between a snapshot and the new journal
  let journal: number | null = null
  let journalBytes = 0
  // an append failed part-way: nothing more may be appended to this journal
  let journalBroken = false
  const stats: JournalStats = { records: 0, commits: 0, bytes: 0, snapshots: 0, journalBytes: 0, replayed: 0, flushes: 0, flushMs: 0, largestBatch: 0 }

  let pending: Touched[] = []
  let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = []
  let flushing: Promise<void> | null = null
  let scheduled = false
  // a save() asked for a snapshot while a flush was on disk
  let snapshotWanted = false

  const ensureDir = () => {
    if (!dirReady) {
      mkdirSync(dir, { recursive: true })
      dirReady = true
    }
  }

  const requireTracker = (): WorldTracker => {
    if (tracker === null) throw new Error('journaled store: attach(tracker) first')
    return tracker
  }

  // ── ids ──

  /** Every top-level array gets ids by position, as a loader of this snapshot would give them. */
  const resetIds = (world: World) => {
    arrays = new Map()
    for (const [key, value] of Object.entries(world)) {
      if (!Array.isArray(value)) continue
      const state = indexArray(value)
      if (state !== null) arrays.set(key, state)
    }
  }

  /** null when the array cannot be tracked by element (primitives, one object twice): it is then stored whole. */
  const indexArray = (array: unknown[]): ArrayState | null => {
    const ids = new WeakMap<object, number>()
    for (let i = 0; i < array.length; i += 1) {
      const element = array[i]
      if (typeof element !== 'object' || element === null || ids.has(element)) return null
      ids.set(element, i)
    }
    return { array, ids, order: array.map((_, i) => i), next: array.length }
  }

  // ── loading ──

  const load = (): World | null => {
    removeStaleTmpFiles(dir, log, SNAPSHOT_TMP_PREFIX)
    removeStaleTmpFiles(dir, log, JOURNAL_TMP_PREFIX)
    const stored = readStoredState(dir, log)
    if (stored.ok) {
      stats.replayed = stored.replayed
      if (stored.replayed > 0) log(`replayed ${stored.replayed} journal record${stored.replayed === 1 ? '' : 's'} onto ${file}`)
      return stored.world
    }
    if (stored.problem === 'missing') {
      log(`no stored state at ${file}; starting from the seed`)
      return null
    }
    if (stored.problem === 'unreadable') {
      log(`cannot read ${file} (${stored.detail}); starting from the seed`)
      return null
    }
    // Keep the unusable files for a post-mortem instead of silently overwriting them with the seed.
    const stamp = Date.now()
    const aside = `${file}.${stored.problem}-${stamp}`
    try {
      renameSync(file, aside)
      renameSync(journalFile, `${journalFile}.${stored.problem}-${stamp}`)
    } catch {
      // no journal, or nothing movable: the log line below is what matters
    }
    log(`stored state ${file} is unusable (${stored.problem}: ${stored.detail}); moved it to ${aside} and starting from the seed`)
    return null
  }

  // ── snapshots ──

  const nextTmp = (prefix: string) => {
    counter += 1
    return path.join(dir, `${prefix}${process.pid}-${counter}`)
  }

  const snapshotText = (world: World) => `${JSON.stringify(world, null, 2)}\n`

  /** world.json and a fresh journal, synchronously (start-up, close, saves outside a request). */
  const compactSync = () => {
    const world = requireTracker().raw
    ensureDir()
    const text = snapshotText(world)
    resetIds(world)
    requireTracker().takeReplaced()
    requireTracker().takeOrphans()
    closeJournal()
    writeAtomicSync(file, SNAPSHOT_TMP_PREFIX, text)
    writeAtomicSync(journalFile, JOURNAL_TMP_PREFIX, headerLine(sha256(text)))
    openJournal()
    stats.snapshots += 1
  }

  const writeAtomicSync = (target: string, prefix: string, text: string) => writeFileAtomically(target, nextTmp(prefix), text)
  const writeAtomic = (target: string, prefix: string, text: string) => writeFileAtomicallyAsync(target, nextTmp(prefix), text)

  /** The same as compactSync, with the disk work off the event loop (flushes under load). */
  const compactAsync = async () => {
    const world = requireTracker().raw
    ensureDir()
    const text = snapshotText(world)
    // Ids restart from this snapshot now: records after it must be relative to it.
    resetIds(world)
    requireTracker().takeReplaced()
    requireTracker().takeOrphans()
    closeJournal()
    await writeAtomic(file, SNAPSHOT_TMP_PREFIX, text)
    await writeAtomic(journalFile, JOURNAL_TMP_PREFIX, headerLine(sha256(text)))
    openJournal()
    stats.snapshots += 1
  }

  const closeJournal = () => {
    const fd = journal
    journal = null
    if (fd !== null) {
      try {
        closeSync(fd)
      } catch {
        // already gone; a new journal is opened next anyway
      }
    }
  }

  const openJournal = () => {
    closeJournal()
    journal = openSync(journalFile, 'a', 0o600)
    journalBytes = statSync(journalFile).size
    journalBroken = false
  }

  // ── records ──

  const recordFor = (batch: Touched[], world: World): Op[] => {
    const t = requireTracker()
    const keys = t.takeOrphans()
    // changes by someone other than a write request are never taken for appends
    const reshaped = new Set(keys)
    const elements = new Map<string, Set<object>>()
    for (const touched of batch) {
      for (const key of touched.keys) keys.add(key)
      for (const key of touched.reshaped) reshaped.add(key)
      for (const [key, set] of touched.elements) {
        const all = elements.get(key)
        if (all === undefined) elements.set(key, new Set(set))
        else for (const element of set) all.add(element)
      }
    }
    const ops: Op[] = []
    const record = world as unknown as Record<string, unknown>
    for (const key of new Set([...keys, ...elements.keys()])) {
      const value = record[key]
      const state = arrays.get(key)
      if (!Array.isArray(value)) {
        if (keys.has(key)) ops.push({ k: key, v: value })
        arrays.delete(key)
        continue
      }
      if (state === undefined) {
        // a key that was not an array, or one the ids cannot follow: whole, and ids from its positions
        ops.push({ k: key, v: value })
        const indexed = indexArray(value)
        if (indexed === null) arrays.delete(key)
        else arrays.set(key, indexed)
        continue
      }
      const changed = new Set<object>(elements.get(key) ?? [])
      if (keys.has(key) && !reshaped.has(key) && value === state.array && value.length >= state.order.length) {
        // Only pushes since the last record: the new ids are those of the elements past the old end.
        const appended: number[] = []
        let fallBack = false
        for (let i = state.order.length; i < value.length; i += 1) {
          const element = value[i]
          if (typeof element !== 'object' || element === null || state.ids.has(element)) {
            fallBack = true
            break
          }
          const id = state.next
          state.next += 1
          state.ids.set(element, id)
          appended.push(id)
          changed.add(element)
        }
        if (!fallBack) {
          for (const element of changed) {
            const id = state.ids.get(element)
            if (id !== undefined) ops.push({ k: key, e: id, v: element })
          }
          if (appended.length > 0) {
            ops.push({ k: key, a: appended })
            state.order.push(...appended)
          }
          continue
        }
        // An element pushed twice, or not an object: the whole order below (ids given so far stay valid).
      }
      if (keys.has(key)) {
        const order: number[] = []
        const seen = new Set<object>()
        let whole = false
        for (const element of value) {
          if (typeof element !== 'object' || element === null || seen.has(element)) {
            whole = true
            break
          }
          seen.add(element)
          let id = state.ids.get(element)
          if (id === undefined) {
            id = state.next
            state.next += 1
            state.ids.set(element, id)
            changed.add(element)
          }
          order.push(id)
        }
        if (whole) {
          ops.push({ k: key, v: value })
          const indexed = indexArray(value)
          if (indexed === null) arrays.delete(key)
          else arrays.set(key, indexed)
          continue
        }
        for (const element of changed) if (seen.has(element)) ops.push({ k: key, e: state.ids.get(element)!, v: element })
        const before = state.order
        if (order.length !== before.length || order.some((id, i) => id !== before[i])) {
          const appended = order.length > before.length && before.every((id, i) => order[i] === id)
          ops.push(appended ? { k: key, a: order.slice(before.length) } : { k: key, l: order })
          state.order = order
        }
        state.array = value
      } else {
        // Order unchanged since the last record: every element with an id is in the array.
        for (const element of changed) {
          const id = state.ids.get(element)
          if (id !== undefined) ops.push({ k: key, e: id, v: element })
        }
      }
    }
    return ops
  }

  const flush = async (): Promise<void> => {
    const batch = pending
    const waiting = waiters
    pending = []
    waiters = []
    const t = requireTracker()
    const started = performance.now()
    try {
      const replaced = t.takeReplaced()
      if (replaced || snapshotWanted || journalBroken || journal === null || journalBytes > compactAbove) {
        snapshotWanted = false
        await compactAsync()
      } else {
        const ops = recordFor(batch, t.raw)
        if (ops.length > 0) {
          const bytes = Buffer.from(`${JSON.stringify({ ops })}\n`)
          const fd = journal
          try {
            let written = 0
            while (written < bytes.length) written += (await writeAsync(fd, bytes, written, bytes.length - written, null)).bytesWritten
            await fdatasyncAsync(fd)
          } catch (error) {
            journalBroken = true
            throw error
          }
          journalBytes += bytes.length
          stats.records += 1
          stats.bytes += bytes.length
        }
      }
      stats.commits += waiting.length
      stats.flushes += 1
      stats.flushMs += performance.now() - started
      stats.largestBatch = Math.max(stats.largestBatch, waiting.length)
      for (const waiter of waiting) waiter.resolve()
    } catch (error) {
      // Whatever this batch changed is still in memory; a snapshot is forced next time.
      journalBroken = true
      for (const waiter of waiting) waiter.reject(error)
    }
  }

  const schedule = () => {
    if (scheduled || flushing !== null) return
    scheduled = true
    // setImmediate: writes answered in the same turn of the event loop share the record.
    setImmediate(() => {
      scheduled = false
      flushing = flush().finally(() => {
        flushing = null
        if (pending.length > 0) schedule()
      })
    })
  }

  const commit = (touched: Touched): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      pending.push(touched)
      waiters.push({ resolve, reject })
      schedule()
    })

  return {
    dir,
    file,
    journalFile,
    load,
    save() {
      // Inside a write request the server commits after the answer; elsewhere (seeding at start-up,
      // a reset outside a request) the whole world is written now, or by the flush under way.
      if (requireTracker().tracking) return
      if (flushing !== null || scheduled) {
        snapshotWanted = true
        schedule()
        return
      }
      compactSync()
    },
    attach(t) {
      tracker = t
    },
    commit,
    compact: compactSync,
    async close() {
      while (flushing !== null || scheduled || pending.length > 0) {
        if (flushing !== null) await flushing
        else await new Promise((resolve) => setImmediate(resolve))
      }
      if (tracker !== null) compactSync()
      closeJournal()
    },
    stats: () => ({ ...stats, journalBytes }),
  }
}
