import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n, loadRouteCatalog } from '@/lib/i18n/lingui'

// A page's first Intl.NumberFormat loads ICU's number data (10–40 ms of main thread unthrottled, nine times that on a
// low-tier phone), and Lingui makes one for every plural. When a page's texts that need it arrive, a worker loads
// that data off the main thread (decisions 029 and 044), once, and never for a page that has none.

type Started = { url: string; name?: string; type?: string; posted: unknown[]; terminated: boolean; worker: RecordingWorker }
const started: Started[] = []
class RecordingWorker {
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  readonly record: Started
  constructor(url: string | URL, options?: WorkerOptions) {
    this.record = { url: String(url), name: options?.name, type: options?.type, posted: [], terminated: false, worker: this }
    started.push(this.record)
  }
  postMessage(message: unknown) {
    this.record.posted.push(message)
  }
  terminate() {
    this.record.terminated = true
  }
}

beforeEach(() => {
  started.length = 0
  vi.stubGlobal('Worker', RecordingWorker)
})
afterEach(() => vi.unstubAllGlobals())

describe('the number data of a page that writes numbers', () => {
  it('is loaded by a worker when its texts arrive, for its language, once, and the worker ends when done', async () => {
    const makeFormatter = vi.spyOn(Intl, 'NumberFormat')
    const locale = await initI18n()
    // sign-in and My bookings write no number: no worker for them
    await loadRouteCatalog('login')
    await loadRouteCatalog('bookings')
    expect(started).toEqual([])

    // a travel group says how many nights and seats: its number data is loaded off the main thread
    await loadRouteCatalog('travel-group')
    expect(started).toHaveLength(1)
    const [worker] = started
    expect(worker).toMatchObject({ name: 'number-data', type: 'module', posted: [locale], terminated: false })
    expect(worker!.url).toMatch(/number-data\.worker\.ts/)
    expect(makeFormatter).not.toHaveBeenCalled()
    worker!.worker.onmessage?.(new MessageEvent('message', { data: null }))
    expect(worker!.terminated).toBe(true)

    // and only the first time: the data stays loaded for the page's whole life
    await loadRouteCatalog('checkout')
    expect(started).toHaveLength(1)
  })

  it('is loaded by the first formatter itself where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined)
    await initI18n()
    await expect(loadRouteCatalog('travel-group')).resolves.toBeUndefined()
    expect(started).toEqual([])
  })
})
