import { describe, expect, it, vi } from 'vitest'
import { displayStatus } from '@core/booking-status'
import { localDay } from '@core/calendar'
import { displayName } from '@/features/auth/display-name'
import { BUILD_KEY, createBuildWatcher } from '@/lib/browser/build-version'
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkError } from '@/lib/browser/chunk-reload'

const booking = (status: 'pending' | 'confirmed' | 'invited' | 'canceled', end_at: string) => ({ status, travel_group: { end_at } })
const day = (iso: string) => localDay(new Date(`${iso}T10:00:00`))

describe('booking status shown', () => {
  it('completed once a whole day has passed after the end date (end + 1 day < today)', () => {
    // The trip ends on 20 Nov: still confirmed on the 20th and the 21st, completed from the 22nd.
    expect(displayStatus(booking('confirmed', '2026-11-20'), day('2026-11-20'))).toBe('confirmed')
    expect(displayStatus(booking('confirmed', '2026-11-20'), day('2026-11-21'))).toBe('confirmed')
    expect(displayStatus(booking('confirmed', '2026-11-20'), day('2026-11-22'))).toBe('completed')
    expect(displayStatus(booking('pending', '2026-11-20'), day('2026-11-22'))).toBe('completed')
  })

  it('counts calendar days across months, years and late hours', () => {
    expect(displayStatus(booking('confirmed', '2026-12-30'), day('2027-01-01'))).toBe('completed')
    expect(displayStatus(booking('confirmed', '2026-12-31'), day('2027-01-01'))).toBe('confirmed')
    expect(displayStatus(booking('confirmed', '2026-02-28'), localDay(new Date(2026, 2, 1, 23, 59)))).toBe('confirmed')
    expect(displayStatus(booking('confirmed', '2026-02-28'), localDay(new Date(2026, 2, 2, 0, 0)))).toBe('completed')
  })

  it('canceled and invited keep their status; a malformed date never completes', () => {
    expect(displayStatus(booking('canceled', '2020-01-01'), day('2026-11-22'))).toBe('canceled')
    expect(displayStatus(booking('invited', '2020-01-01'), day('2026-11-22'))).toBe('invited')
    expect(displayStatus(booking('confirmed', 'soon'), day('2026-11-22'))).toBe('confirmed')
  })
})

describe('the name in the user menu', () => {
  it('is name and first surname, or the e-mail when the name is empty', () => {
    expect(displayName({ name: 'Ana', surname1: 'García', email: 'ana@example.com' })).toBe('Ana García')
    expect(displayName({ name: 'Ana', surname1: '', email: 'ana@example.com' })).toBe('Ana')
    expect(displayName({ name: '  ', surname1: 'García', email: 'nuevo@example.com' })).toBe('nuevo@example.com')
  })
})

describe('build number', () => {
  const memory = () => {
    const data = new Map<string, string>()
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
  }

  it('stores the first build without reloading, then reloads once when it changes', () => {
    const storage = memory()
    storage.setItem(BUILD_KEY, 'old-from-last-visit')
    const check = createBuildWatcher(storage)
    expect(check('b1')).toBe('first')
    expect(storage.getItem(BUILD_KEY)).toBe('b1')
    expect(check('b1')).toBe('same')
    expect(check('b2')).toBe('reload')
    expect(storage.getItem(BUILD_KEY)).toBe('b2')
  })

  it('a second tab still reloads after the first one stored the new build', () => {
    const storage = memory()
    const tabA = createBuildWatcher(storage)
    const tabB = createBuildWatcher(storage)
    tabA('b1')
    tabB('b1')
    expect(tabA('b2')).toBe('reload')
    expect(tabB('b2')).toBe('reload')
  })
})

describe('failed chunk load', () => {
  it('recognises the browsers\u2019 messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/faq-1.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Network down'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })

  it('reloads at most once per 60 s', () => {
    const data = new Map<string, string>()
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
    const reload = vi.fn()
    expect(reloadAfterChunkError({ now: 1_000_000, storage, reload })).toBe(true)
    expect(data.get(CHUNK_RELOAD_KEY)).toBe('1000000')
    expect(reloadAfterChunkError({ now: 1_059_999, storage, reload })).toBe(false)
    expect(reloadAfterChunkError({ now: 1_060_000, storage, reload })).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
