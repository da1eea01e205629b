import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n, loadRouteCatalog, switchLocale } from '@/lib/i18n/lingui'
import { recordWorkers, type StartedWorker } from '../../support/recording-worker'

// A page's first Intl.NumberFormat loads ICU's number data (10–40 ms of main thread unthrottled, nine times that on a
// low-tier phone), and Lingui makes one for every plural. A worker loads that data at start-up, off the main thread,
// once, for every page: the sign-in page leads to pages that write numbers (decisions 029 and 044).

let started: StartedWorker[] = []

beforeEach(() => {
  started = recordWorkers()
})
afterEach(() => vi.unstubAllGlobals())

describe('the number data', () => {
  it('is loaded by a worker at start-up, for the language, once, and the worker ends when done', async () => {
    const makeFormatter = vi.spyOn(Intl, 'NumberFormat')
    const locale = await initI18n()
    expect(started).toHaveLength(1)
    const [worker] = started
    expect(worker).toMatchObject({ options: { name: 'number-data' }, posted: [locale], terminated: false })
    // made from its code as text: nothing to fetch (number-data.universal.test.ts)
    expect(worker!.url).toMatch(/^data:text\/javascript,/)
    // nothing of it on the main thread
    expect(makeFormatter).not.toHaveBeenCalled()
    worker!.answer()
    expect(worker!.terminated).toBe(true)

    // pages with numbers, and another language, start no other: ICU's data stays loaded for the page's whole life
    await loadRouteCatalog('travel-group')
    await loadRouteCatalog('checkout')
    await switchLocale(locale === 'es' ? 'en' : 'es')
    expect(started).toHaveLength(1)
  })
})
