import { describe, expect, it } from 'vitest'
import { COLLECTIONS, createWorldWrite, ROW_KEYS, rowKey } from '../../../../mock/src/world/kernel/world-writes.ts'
import { freshWorld } from '../world-fixture.ts'

// A write names what it changed, so a store keeps exactly that (one SQLite transaction of those rows).

describe('a world write', () => {
  it('records inserted, saved and removed rows by their key, and the values it changed', () => {
    const world = freshWorld()
    const write = createWorldWrite(world)
    expect(write.empty).toBe(true)
    const id = write.id('mail')
    const mail = write.insert('outbox', { id, agencyId: 'ag-sol', to: 'a@b.es', subject: 's', text: 't', link: null, sentAt: '2026-11-21T10:00:00.000Z' })
    expect(world.outbox.at(-1)).toBe(mail)
    const booking = world.bookings[0]!
    booking.review = null
    write.save('bookings', booking)
    const session = world.sessions[0]
    if (session) write.remove('sessions', [session])
    expect(write.empty).toBe(false)
    expect(write.changes.saved.get('outbox')?.get(id)).toBe(mail)
    expect(write.changes.saved.get('bookings')?.get(booking.id)).toBe(booking)
    expect(write.changes.values.has('counter')).toBe(true)
    if (session) {
      expect(world.sessions).not.toContain(session)
      expect(write.changes.removed.get('sessions')?.has(session.token)).toBe(true)
    }
  })

  it('a row saved then removed is only removed; removed then inserted again only saved', () => {
    const world = freshWorld()
    const write = createWorldWrite(world)
    const booking = world.bookings[0]!
    write.save('bookings', booking)
    write.remove('bookings', [booking])
    expect(write.changes.saved.get('bookings')?.has(booking.id)).toBe(false)
    expect(write.changes.removed.get('bookings')?.has(booking.id)).toBe(true)
    write.insert('bookings', booking)
    expect(write.changes.removed.get('bookings')?.has(booking.id)).toBe(false)
    expect(write.changes.saved.get('bookings')?.get(booking.id)).toBe(booking)
  })

  it('new ids are unique in the world and come from its counter', () => {
    const world = freshWorld()
    const write = createWorldWrite(world)
    const before = world.counter
    expect([write.id('a'), write.id('a'), write.id('b')]).toEqual([`a-${before + 1}`, `a-${before + 2}`, `b-${before + 3}`])
  })

  it('every collection has a key field its rows carry', () => {
    const world = freshWorld()
    for (const collection of COLLECTIONS) {
      for (const row of world[collection] as object[]) expect(rowKey(collection, row as never), `${collection} ${ROW_KEYS[collection]}`).not.toBe('undefined')
    }
  })
})
