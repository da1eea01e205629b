import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { untracked } from '../../../mock/src/handlers/context.ts'
import { createRuntime, type Runtime } from '../../../mock/src/runtime.ts'
import { createJournaledStore, JOURNAL_FILE, readStoredState, readStoredWorld, type JournaledStore } from '../../../mock/src/store/journaled-store.ts'
import { createWorldTracker, newTouched, type WorldTracker } from '../../../mock/src/store/tracked-world.ts'
import type { World } from '../../../mock/src/world/types.ts'

// The HTTP mock's store: writes run tracked, commit() journals what they touched, and a restart
// (snapshot + journal replay) must see exactly the world in memory. Checked here against random
// mutations of every kind handlers make, interleaved the way concurrent requests interleave.

const NOW = new Date('2026-11-21T10:00:00Z')

let dir: string
let logs: string[]
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mock-journal-'))
  logs = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

type Live = { rt: Runtime; tracker: WorldTracker; store: JournaledStore }

const open = (compactAboveBytes?: number, fresh = true): Live => {
  const tracker = createWorldTracker()
  const store = createJournaledStore(dir, { log: (line) => logs.push(line), compactAboveBytes })
  store.attach(tracker)
  const rt = createRuntime({ store, wrap: tracker.wrap, now: () => NOW, fresh, seed: 7 })
  return { rt, tracker, store }
}

/** One write request: runs `change` tracked, then commits what it touched. */
const write = async (live: Live, change: (world: World) => void | Promise<void>) => {
  const touched = newTouched()
  await live.tracker.track(touched, async () => change(live.rt.world))
  await live.store.commit(touched)
}

const plain = (world: World) => JSON.parse(JSON.stringify(world)) as World

// A small deterministic PRNG (mulberry32): the same mutations on every run.
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

describe('journaled store', () => {
  it('a restart sees every committed change, whatever kind, across compactions', async () => {
    // A small threshold so that snapshots happen along the way too.
    const live = open(64 * 1024)
    const random = prng(42)
    const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)]
    let n = 0
    const mutations: ((world: World) => void)[] = [
      (w) => {
        n += 1
        w.sessions.push({ token: `tok-${n}`, customerId: 'c', agencyId: 'ag-sol', via: 'password', createdAt: NOW.toISOString(), expiresAt: NOW.toISOString() })
      },
      (w) => {
        const drop = pick(untracked(w.sessions))
        w.sessions = untracked(w.sessions).filter((s) => s !== drop)
      },
      (w) => {
        const booking = w.bookings.find((b) => b.id === pick(untracked(w.bookings))?.id)
        if (booking?.members[0]) booking.members[0].name = `Nombre ${(n += 1)}`
      },
      (w) => {
        w.outbox.unshift({ id: `mail-${(n += 1)}`, agencyId: 'ag-sol', to: 'a@example.com', subject: 's', text: 't', link: null, sentAt: NOW.toISOString() })
        w.outbox = w.outbox.slice(0, 5)
      },
      (w) => {
        if (w.outbox.length > 0) w.outbox.splice(Math.floor(random() * w.outbox.length), 1)
      },
      (w) => {
        const i = Math.floor(random() * w.customers.length)
        w.customers[i] = { ...w.customers[i]!, name: `Cliente ${(n += 1)}` }
      },
      (w) => {
        w.counter += 1
      },
      (w) => {
        w.scenarios.global = random() < 0.5 ? [] : ['slow']
        w.scenarios.byAgency['ag-norte'] = ['flaky']
      },
      (w) => {
        w.agencies.sort((a, b) => (random() < 0.5 ? a.id.localeCompare(b.id) : b.id.localeCompare(a.id)))
      },
      (w) => {
        for (const payment of w.payments) if (random() < 0.1) payment.status = payment.status === 'paid' ? 'pending' : 'paid'
      },
      (w) => {
        w.locks = [...w.locks, { id: `lock-${(n += 1)}` } as never]
      },
      (w) => {
        // grows, but not at the end
        w.invitations.unshift({ id: `inv-${(n += 1)}` } as never)
      },
      (w) => {
        // an element pushed twice: ids cannot tell the copies apart, the array is stored whole
        const first = w.invitations[0]
        if (first && random() < 0.3) w.invitations.push(first)
      },
      (w) => {
        // pushes in one request, and an element of the same array changed
        w.sessions.push({
          token: `tok-a-${(n += 1)}`,
          customerId: 'c',
          agencyId: 'ag-sol',
          via: 'link',
          createdAt: NOW.toISOString(),
          expiresAt: NOW.toISOString(),
        })
        const some = w.sessions[Math.floor(random() * w.sessions.length)]
        if (some) some.via = 'debug'
      },
    ]
    for (let step = 0; step < 160; step += 1) {
      const mutation = pick(mutations)!
      await write(live, mutation)
      if (step % 20 === 19) expect(readStoredWorld(dir)).toEqual(plain(live.tracker.raw))
    }
    // A reset replaces the world: the next commit snapshots it whole.
    await write(live, () => live.rt.reset(9))
    await write(live, (w) => {
      w.counter = 123
    })
    expect(readStoredWorld(dir)).toEqual(plain(live.tracker.raw))
    expect(live.store.stats().snapshots).toBeGreaterThan(2)
    expect(live.store.stats().records).toBeGreaterThan(100)

    // A restart loads the same world, then starts a fresh journal of its own.
    const expected = plain(live.tracker.raw)
    const again = open(undefined, false)
    expect(plain(again.tracker.raw)).toEqual(expected)
    again.store.compact()
    expect(readStoredWorld(dir)).toEqual(expected)
  })

  it('keeps a change made after a flush that ran while the request was still in flight', async () => {
    const live = open()
    const target = untracked(live.rt.world.bookings)[3]!.id
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    // Request A finds its booking, then waits (as a handler waits for its body)…
    const a = write(live, async (w) => {
      const booking = w.bookings.find((b) => b.id === target)!
      await gate
      booking.locator = 'CHANGED-AFTER-A-FLUSH'
    })
    // …while request B is committed and flushed.
    await write(live, (w) => {
      w.counter += 1
    })
    release()
    await a
    const stored = readStoredWorld(dir)!
    expect(stored.bookings.find((b) => b.id === target)!.locator).toBe('CHANGED-AFTER-A-FLUSH')
  })

  it('shares one record among writes answered together', async () => {
    const live = open()
    const before = live.store.stats().records
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        write(live, (w) => {
          w.sessions.push({
            token: `together-${i}`,
            customerId: 'c',
            agencyId: 'ag-sol',
            via: 'password',
            createdAt: NOW.toISOString(),
            expiresAt: NOW.toISOString(),
          })
        }),
      ),
    )
    expect(live.store.stats().records - before).toBeLessThanOrEqual(2)
    expect(readStoredWorld(dir)!.sessions.map((s) => s.token)).toEqual(Array.from({ length: 20 }, (_, i) => `together-${i}`))
  })

  it('drops a torn last record (a kill mid-append) and keeps the rest', async () => {
    const live = open()
    await write(live, (w) => {
      w.counter = 41
    })
    appendFileSync(path.join(dir, JOURNAL_FILE), '{"ops":[{"k":"counter","v":4')
    expect(readStoredWorld(dir)!.counter).toBe(41)
  })

  it('ignores a journal that continues another snapshot (a crash between snapshot and new journal)', async () => {
    const live = open()
    await write(live, (w) => {
      w.counter = 5
    })
    const journal = readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')
    // A newer snapshot that already holds the change, next to the old journal.
    live.store.compact()
    writeFileSync(path.join(dir, JOURNAL_FILE), journal.replace(/"continues":"[0-9a-f]+"/, '"continues":"0000"'))
    const stored = readStoredState(dir, (line) => logs.push(line))
    expect(stored.ok && stored.world.counter).toBe(5)
    expect(stored.ok && stored.replayed).toBe(0)
    expect(logs.some((line) => line.includes('continues another snapshot'))).toBe(true)
  })

  it('reads outside a write request see the plain world, and record nothing', () => {
    const live = open()
    expect(untracked(live.rt.world.sessions)).toBe(live.rt.world.sessions)
    const touched = newTouched()
    live.tracker.track(touched, () => {
      const sessions = live.rt.world.sessions
      expect(untracked(sessions)).not.toBe(sessions)
      expect(Array.isArray(sessions)).toBe(true)
      void live.rt.world.bookings[0]
    })
    expect([...touched.elements.keys()]).toEqual(['bookings'])
  })
})
