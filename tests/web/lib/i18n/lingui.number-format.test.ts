import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n, loadRouteCatalog } from '@/lib/i18n/lingui'

// A page's first Intl.NumberFormat loads ICU's number data (~25 ms of main thread, 100 ms on a phone), and
// Lingui makes one for every plural. When a page's texts that need it arrive, that data is loaded ahead, in
// stages that are each a task of their own (decisions 029 and 033), and never for a page that has none.

const calls: string[] = []
const NativeNumberFormat = Intl.NumberFormat
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  calls.length = 0
  class CountingNumberFormat extends NativeNumberFormat {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args)
      calls.push(`NumberFormat ${String(args[0])}`)
    }
  }
  Object.defineProperty(Intl, 'NumberFormat', { value: CountingNumberFormat, configurable: true, writable: true })
  const maximize = Intl.Locale.prototype.maximize
  vi.spyOn(Intl.Locale.prototype, 'maximize').mockImplementation(function (this: Intl.Locale) {
    calls.push(`likely subtags ${this.toString()}`)
    return maximize.call(this)
  })
  const supportedValuesOf = Intl.supportedValuesOf
  vi.spyOn(Intl, 'supportedValuesOf').mockImplementation((key) => {
    calls.push(`supported ${key}`)
    return supportedValuesOf(key)
  })
})
afterEach(() => {
  Object.defineProperty(Intl, 'NumberFormat', { value: NativeNumberFormat, configurable: true, writable: true })
  vi.restoreAllMocks()
})

describe('the first number formatter', () => {
  it('is made for a page whose texts write a number, after its texts load, its data in one task per stage, once', async () => {
    const locale = await initI18n()
    // sign-in and My bookings write no number: nothing is loaded for them
    await loadRouteCatalog('login')
    await loadRouteCatalog('bookings')
    await nextTask()
    expect(calls).toEqual([])

    // a travel group says how many nights and seats: nothing in the task its texts arrive in
    await loadRouteCatalog('travel-group')
    expect(calls).toEqual([])
    // then one stage per task: the language's likely subtags, the numbering systems, the formatter
    await nextTask()
    expect(calls).toEqual([`likely subtags ${locale}`])
    await nextTask()
    expect(calls).toEqual([`likely subtags ${locale}`, 'supported numberingSystem'])
    await nextTask()
    expect(calls).toEqual([`likely subtags ${locale}`, 'supported numberingSystem', `NumberFormat ${locale}`])

    // and only the first time: the data stays loaded
    await loadRouteCatalog('checkout')
    await nextTask()
    await nextTask()
    await nextTask()
    expect(calls).toHaveLength(3)
  })
})
