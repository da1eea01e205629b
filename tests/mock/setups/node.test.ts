import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { JournalListing } from '../../../mock/src/control/control.ts'
import { setupMockServer } from '../../../mock/src/setups/node.ts'

// The third way the handlers run: msw/node intercepting fetch inside the test process.

const mock = setupMockServer({ seed: 3, now: () => new Date('2026-11-21T10:00:00Z') })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => mock.server.close())

describe('setupMockServer', () => {
  it('answers the API and the control API in process, journals and saves writes', async () => {
    const res = await fetch('http://localhost:3333/api/customer/agency', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://norte.localhost:5173' }),
    })
    expect(await res.json()).toMatchObject({ id: 'ag-norte' })
    const saves = mock.store.saves
    const put = await fetch('http://localhost:3333/__mock/scenarios', {
      method: 'PUT',
      body: JSON.stringify({ names: ['slow'], target: { tenant: 'ag-mar' } }),
    })
    expect(put.status).toBe(200)
    expect(mock.store.saves).toBeGreaterThan(saves)
    expect(mock.store.saved?.scenarios).toEqual([{ name: 'slow', target: { tenant: 'ag-mar' } }])
    // The journal entry is written when the response event fires, just after the answer.
    const journal = await vi.waitFor(async () => {
      const listing = (await (await fetch('http://localhost:3333/__mock/journal')).json()) as JournalListing
      expect(listing.entries.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['PUT /__mock/scenarios 200', 'POST /api/customer/agency 200'])
      return listing
    })
    expect(journal.entries[1]?.body).toBe('{"url":"http://norte.localhost:5173"}')
  })
})
