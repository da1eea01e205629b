// The checkout draft: kept per travel group in sessionStorage, never more travellers than the party,
// the same idempotency key until the customer starts over, and the seat hold only while it covers the party.
// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { clearDraft, draftKey, emptyTraveller, holdCovers, loadDraft, newDraft, parseDraft, resizeParty, saveDraft } from '@/features/checkout/order/draft'
import { ageOn, isDay, isMinorOn } from '@core/calendar'

beforeEach(() => sessionStorage.clear())

describe('draft storage', () => {
  it('a fresh draft: one traveller, Spain, a new idempotency key each time', () => {
    const a = newDraft('tg-1')
    const b = newDraft('tg-1')
    expect(a.members).toBe(1)
    expect(a.travellers).toEqual([emptyTraveller()])
    expect(a.travellers[0]!.country).toBe('ES')
    expect(a.idempotencyKey).toMatch(/^chk-/)
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey)
  })

  it('survives a reload in sessionStorage (never localStorage), one per travel group', () => {
    const draft = { ...newDraft('tg-1'), packId: 'p', step: 'rooms' as const }
    saveDraft(draft)
    expect(sessionStorage.getItem(draftKey('tg-1'))).toContain('"packId":"p"')
    expect(localStorage.length).toBe(0)
    expect(loadDraft('tg-1')).toEqual(draft)
    expect(loadDraft('tg-2').packId).toBeNull()
    clearDraft('tg-1')
    expect(loadDraft('tg-1').packId).toBeNull()
  })

  it('keeps the idempotency key across reloads', () => {
    const draft = newDraft('tg-1')
    saveDraft(draft)
    expect(loadDraft('tg-1').idempotencyKey).toBe(draft.idempotencyKey)
  })

  it.each([
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ version: 2, groupId: 'tg-1' })],
    ['another group', JSON.stringify({ ...newDraft('tg-9') })],
    ['not an object', '[1,2]'],
  ])('ignores a stored value that is %s', (_, raw) => {
    expect(parseDraft(raw, 'tg-1')).toBeNull()
  })

  it('fills in fields a stored draft lacks and repairs a bad step', () => {
    const draft = parseDraft(JSON.stringify({ version: 1, groupId: 'tg-1', step: 'nowhere', members: 2, travellers: [{ name: 'Ana' }] }), 'tg-1')!
    expect(draft.step).toBe('pack')
    expect(draft.travellers).toHaveLength(2)
    expect(draft.travellers[0]!.name).toBe('Ana')
    expect(draft.travellers[0]!.country).toBe('ES')
    expect(draft.buyer.type).toBe('person')
    expect(draft.extras).toEqual([])
  })
})

describe('resizeParty', () => {
  const base = {
    ...newDraft('tg-1'),
    members: 3,
    travellers: [1, 2, 3].map((n) => ({ ...emptyTraveller(), name: `T${n}` })),
    rooming: [0, 0, 1],
    extras: [
      { item_id: 'e', member_index: 0 },
      { item_id: 'e', member_index: 2 },
    ],
    insurances: [{ item_id: 'i', member_index: 2 }],
  }
  it('fewer travellers: keeps the first ones and forgets what was chosen for the others', () => {
    const smaller = resizeParty(base, 2)
    expect(smaller.travellers.map((t) => t.name)).toEqual(['T1', 'T2'])
    expect(smaller.rooming).toEqual([0, 0])
    expect(smaller.extras).toEqual([{ item_id: 'e', member_index: 0 }])
    expect(smaller.insurances).toEqual([])
  })
  it('more travellers: blank ones are added, nothing typed is lost', () => {
    const bigger = resizeParty(base, 5)
    expect(bigger.travellers.map((t) => t.name)).toEqual(['T1', 'T2', 'T3', '', ''])
    expect(bigger.rooming).toEqual([0, 0, 1, null, null])
  })
  it('never fewer than one', () => expect(resizeParty(base, 0).members).toBe(1))
})

describe('holdCovers', () => {
  const now = Date.parse('2026-11-21T10:00:00Z')
  const hold = { id: 'l', expiresAt: '2026-11-21T10:15:00Z', packId: 'p', members: 2, rooms: [{ hosting_id: 'h2', quantity: 1 }] }
  const party = { packId: 'p', members: 2, rooms: [{ hosting_id: 'h2', quantity: 1 }] }
  it('covers the same party, rooms in any order', () => {
    expect(holdCovers(hold, party, now)).toBe(true)
    expect(
      holdCovers(
        {
          ...hold,
          rooms: [
            { hosting_id: 'h3', quantity: 1 },
            { hosting_id: 'h2', quantity: 1 },
          ],
        },
        {
          ...party,
          rooms: [
            { hosting_id: 'h2', quantity: 1 },
            { hosting_id: 'h3', quantity: 1 },
          ],
        },
        now,
      ),
    ).toBe(true)
  })
  it.each([
    ['another pack', { ...party, packId: 'q' }],
    ['another party size', { ...party, members: 3 }],
    ['other rooms', { ...party, rooms: [{ hosting_id: 'h2', quantity: 2 }] }],
  ])('not for %s', (_, other) => expect(holdCovers(hold, other, now)).toBe(false))
  it('not within the last minute, nor once lapsed, nor without one', () => {
    expect(holdCovers(hold, party, Date.parse('2026-11-21T10:14:30Z'))).toBe(false)
    expect(holdCovers(hold, party, Date.parse('2026-11-21T10:16:00Z'))).toBe(false)
    expect(holdCovers(null, party, now)).toBe(false)
  })
})

describe('ages (the backend rule: the birthday counts from its own day)', () => {
  it.each([
    ['2008-05-10', '2026-05-09', 17],
    ['2008-05-10', '2026-05-10', 18],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['1982-03-14', '2026-11-21', 44],
  ])('born %s, on %s: %i', (birth, day, age) => expect(ageOn(birth, day)).toBe(age))
  it('minors are under 18; a missing date is no minor', () => {
    expect(isMinorOn('2013-04-12', '2027-03-11')).toBe(true)
    expect(isMinorOn('1982-03-14', '2027-03-11')).toBe(false)
    expect(isMinorOn('', '2027-03-11')).toBe(false)
    expect(isDay('2026-02-30')).toBe(false)
    expect(isDay('2026-02-28')).toBe(true)
  })
})
