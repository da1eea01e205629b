import { afterEach, describe, expect, it, vi } from 'vitest'
import { initI18n, loadRouteCatalog } from '@/lib/i18n/lingui'

// Where the browser has no workers, start-up goes on as before: the first formatter loads ICU's data itself.
afterEach(() => vi.unstubAllGlobals())

describe('the number data without workers', () => {
  it('is left to the first formatter, and start-up does not fail', async () => {
    vi.stubGlobal('Worker', undefined)
    await expect(initI18n()).resolves.toMatch(/^(es|en)$/)
    await expect(loadRouteCatalog('travel-group')).resolves.toBeUndefined()
  })
})
