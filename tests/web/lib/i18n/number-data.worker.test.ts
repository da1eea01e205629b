import { afterEach, describe, expect, it, vi } from 'vitest'

// The worker makes the formatters Lingui makes for plurals, for the language it is sent, and says when it is done
// (lingui.ts then ends it), also when the language is not one ICU knows.
type WorkerScope = { onmessage: ((event: MessageEvent) => void) | null; postMessage: ReturnType<typeof vi.fn> }

const startWorker = async (): Promise<WorkerScope> => {
  const scope: WorkerScope = { onmessage: null, postMessage: vi.fn() }
  vi.stubGlobal('self', scope)
  vi.resetModules()
  await import('@/lib/i18n/number-data.worker')
  return scope
}
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the number-data worker', () => {
  it('makes a number formatter and plural rules for the language it is sent, then answers', async () => {
    const scope = await startWorker()
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const pluralRules = vi.spyOn(Intl, 'PluralRules')
    scope.onmessage?.(new MessageEvent('message', { data: 'es' }))
    expect(numberFormat).toHaveBeenCalledWith('es')
    expect(pluralRules).toHaveBeenCalledWith('es')
    expect(scope.postMessage).toHaveBeenCalledTimes(1)
    expect(scope.postMessage).toHaveBeenCalledWith(null)
  })

  it('answers even when the language is refused, so it is always ended', async () => {
    const scope = await startWorker()
    expect(() => scope.onmessage?.(new MessageEvent('message', { data: 'not a language!' }))).toThrow(RangeError)
    expect(scope.postMessage).toHaveBeenCalledWith(null)
  })
})
