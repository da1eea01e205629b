// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadNumberData, numberDataStarted, startNumberDataWorker } from '@/lib/i18n/number-data.universal'
import { recordWorkers, type StartedWorker } from '../../support/recording-worker'

// ICU's number data is loaded by a worker made from its code as text (a data: address, no file to fetch), once per
// page: it makes the formatters Lingui makes for plurals, for the language it is sent, says when it is done (also when
// the language is refused) and is then ended (decisions 044 and 048).

let started: StartedWorker[] = []

/** The worker's code as the worker gets it: the text of a started worker's data: address. */
const codeOf = (address: string) => decodeURIComponent(address.replace(/^data:text\/javascript,/, ''))

beforeEach(() => {
  started = recordWorkers()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete window.__NUMBER_DATA_STARTED__
})

describe("the number-data worker's code", () => {
  it('makes a number formatter and plural rules for the language it is sent, then answers', () => {
    const postMessage = vi.fn()
    vi.stubGlobal('postMessage', postMessage)
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const pluralRules = vi.spyOn(Intl, 'PluralRules')
    loadNumberData(new MessageEvent('message', { data: 'es' }))
    expect(numberFormat).toHaveBeenCalledWith('es')
    expect(pluralRules).toHaveBeenCalledWith('es')
    expect(postMessage).toHaveBeenCalledTimes(1)
    expect(postMessage).toHaveBeenCalledWith(null)
  })

  it('answers even when the language is refused, so it is always ended', () => {
    const postMessage = vi.fn()
    vi.stubGlobal('postMessage', postMessage)
    expect(() => loadNumberData(new MessageEvent('message', { data: 'not a language!' }))).toThrow(RangeError)
    expect(postMessage).toHaveBeenCalledWith(null)
  })
})

describe('starting the number-data worker', () => {
  it('from its code as text, named, with the language; ended once it answers', () => {
    startNumberDataWorker('en')
    expect(started).toHaveLength(1)
    const [worker] = started
    expect(worker).toMatchObject({ options: { name: 'number-data' }, posted: ['en'], terminated: false })
    expect(worker!.url).toMatch(/^data:text\/javascript,/)
    // its text runs on its own, as a worker's global scope runs it: only `postMessage` and `Intl` from outside
    const code = codeOf(worker!.url)
    expect(code).toMatch(/^onmessage=/)
    const answers: unknown[] = []
    const scope = { onmessage: null as ((event: MessageEvent) => void) | null }
    new Function('scope', 'postMessage', `with (scope) { ${code} }`)(scope, (message: unknown) => answers.push(message))
    scope.onmessage!(new MessageEvent('message', { data: 'es' }))
    expect(answers).toEqual([null])

    worker!.answer()
    expect(worker!.terminated).toBe(true)
  })

  it('once per page', () => {
    startNumberDataWorker('es')
    startNumberDataWorker('en')
    expect(started).toHaveLength(1)
    expect(numberDataStarted()).toBe(true)
  })

  it('a worker the page refuses (a policy without worker-src data:) leaves start-up going', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused by the page’s policy', 'SecurityError')
        }
      },
    )
    expect(() => startNumberDataWorker('es')).not.toThrow()
  })

  it('nothing without workers', () => {
    vi.stubGlobal('Worker', undefined)
    expect(() => startNumberDataWorker('es')).not.toThrow()
    expect(numberDataStarted()).toBe(false)
  })
})
