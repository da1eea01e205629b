import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createRuntime } from '../../../mock/src/runtime.ts'
import { createFileStore } from '../../../mock/src/store/file-store.ts'
import { createLocalStorageStore, type StorageLike } from '../../../mock/src/store/local-storage-store.ts'
import { createMemoryStore } from '../../../mock/src/store/memory-store.ts'
import { createWorld } from '../../../mock/src/world/seed.ts'

const NOW = new Date('2026-11-21T10:00:00Z')

let dir: string
let logs: string[]
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-store-'))
  logs = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const store = () => createFileStore(dir, { log: (line) => logs.push(line) })

describe('createFileStore', () => {
  it('loads null from an empty directory and says why', () => {
    expect(store().load()).toBeNull()
    expect(logs.join('\n')).toMatch(/no stored state/)
  })

  it('round-trips a world and leaves no temporary files behind', () => {
    const world = createWorld(7, NOW)
    const s = store()
    s.save(world)
    expect(s.load()).toEqual(world)
    expect(readdirSync(dir)).toEqual(['world.json'])
  })

  it('keeps the previous world when a write was torn before its rename (a kill mid-write)', () => {
    const s = store()
    const before = createWorld(7, NOW)
    s.save(before)
    // What a SIGKILL between write() and rename() leaves: a half-written temporary file of a dead process.
    const full = JSON.stringify({ ...before, seed: 8 })
    writeFileSync(path.join(dir, 'world.json.tmp-999999-3'), full.slice(0, full.length / 2))
    const loaded = store().load()
    expect(loaded?.seed).toBe(7)
    expect(readdirSync(dir)).toEqual(['world.json'])
    expect(logs.join('\n')).toMatch(/left over from an interrupted write/)
  })

  it('never deletes a temporary file of a live process', () => {
    const live = path.join(dir, `world.json.tmp-${process.ppid}-1`)
    writeFileSync(live, '{')
    store().load()
    expect(existsSync(live)).toBe(true)
  })

  it('loads null from a corrupt world.json, never throws, and keeps the bad file aside', () => {
    writeFileSync(path.join(dir, 'world.json'), '{"version":1,"seed":3,"agen')
    expect(store().load()).toBeNull()
    expect(logs.join('\n')).toMatch(/unusable \(not-json/)
    expect(readdirSync(dir).some((name) => name.startsWith('world.json.not-json-'))).toBe(true)
  })

  it('rejects a world of another layout version', () => {
    writeFileSync(path.join(dir, 'world.json'), JSON.stringify({ version: 1, seed: 1 }))
    expect(store().load()).toBeNull()
    expect(logs.join('\n')).toMatch(/wrong-version/)
  })

  it('makes the runtime reseed over a corrupt file and store a valid one', () => {
    writeFileSync(path.join(dir, 'world.json'), 'garbage')
    const rt = createRuntime({ seed: 11, store: store(), now: () => NOW })
    expect(rt.world.seed).toBe(11)
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'world.json'), 'utf8')) as { seed: number; version: number }
    expect(onDisk).toMatchObject({ version: 2, seed: 11 })
  })

  it('creates the directory on first save', () => {
    const nested = path.join(dir, 'a', 'b')
    createFileStore(nested).save(createWorld(1, NOW))
    expect(existsSync(path.join(nested, 'world.json'))).toBe(true)
  })
})

describe('createMemoryStore', () => {
  it('copies worlds in and out', () => {
    const s = createMemoryStore()
    expect(s.load()).toBeNull()
    const world = createWorld(1, NOW)
    s.save(world)
    world.seed = 99
    expect(s.load()?.seed).toBe(1)
    expect(s.saves).toBe(1)
  })
})

describe('createLocalStorageStore', () => {
  const fakeStorage = (initial: Record<string, string> = {}) => {
    const data = new Map(Object.entries(initial))
    const storage: StorageLike & { data: Map<string, string>; full: boolean } = {
      data,
      full: false,
      getItem: (key) => data.get(key) ?? null,
      setItem(key, value) {
        if (this.full) throw new DOMException('quota', 'QuotaExceededError')
        data.set(key, value)
      },
      removeItem: (key) => void data.delete(key),
    }
    return storage
  }

  it('round-trips, drops a corrupt entry, and survives a full quota', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const storage = fakeStorage({ k: '{"version":1' })
    const s = createLocalStorageStore('k', storage)
    expect(s.load()).toBeNull()
    expect(storage.data.has('k')).toBe(false)
    const world = createWorld(5, NOW)
    s.save(world)
    expect(s.load()?.seed).toBe(5)
    storage.full = true
    expect(() => s.save(world)).not.toThrow()
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/unusable[\s\S]*cannot save/)
  })

  it('works without any storage (private mode, workers)', () => {
    const s = createLocalStorageStore('k', undefined)
    expect(s.load()).toBeNull()
    expect(() => s.save(createWorld(1, NOW))).not.toThrow()
  })
})
