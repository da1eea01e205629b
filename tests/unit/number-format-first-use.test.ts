import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { initI18n, loadRouteCatalog } from '@/lib/i18n'

// A page's first Intl.NumberFormat loads ICU's number data (13–20 ms of main thread, more on a phone), and
// Lingui makes one for every plural. It is made in a task of its own when a page's texts that need it arrive,
// not inside the render that draws them, and never for a page that has none.

const made: string[] = []
const NativeNumberFormat = Intl.NumberFormat
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  made.length = 0
  class CountingNumberFormat extends NativeNumberFormat {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args)
      made.push(String(args[0]))
    }
  }
  Object.defineProperty(Intl, 'NumberFormat', { value: CountingNumberFormat, configurable: true, writable: true })
})
afterEach(() => Object.defineProperty(Intl, 'NumberFormat', { value: NativeNumberFormat, configurable: true, writable: true }))

describe('the first number formatter', () => {
  it('is made for a page whose texts write a number, in a task after its texts load, once', async () => {
    const locale = await initI18n()
    // sign-in and My bookings write no number: nothing is made for them
    await loadRouteCatalog('login')
    await loadRouteCatalog('bookings')
    await nextTask()
    expect(made).toEqual([])

    // a travel group says how many nights and seats: made once its part is in, not in the same task
    await loadRouteCatalog('travel-group')
    expect(made).toEqual([])
    await nextTask()
    expect(made).toEqual([locale])

    // and only the first time: the data stays loaded
    await loadRouteCatalog('checkout')
    await nextTask()
    expect(made).toEqual([locale])
  })
})
