import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/**
 * The suite's `test`: Playwright's, with a `request` that opens a connection per call. Playwright's
 * request context keeps connections alive but ignores the server's `Keep-Alive: timeout=5`, so it could
 * reuse one at the moment the mock closed it and get "socket hang up" (tests/mock/setups/server.keep-alive.test.ts).
 * A client that cannot tell when a kept connection goes stale does not keep connections; on loopback,
 * a new one costs well under a millisecond. The browser's own requests are not affected.
 */
export const test = base.extend({
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: { Connection: 'close' } })
    await use(request)
    await request.dispose()
  },
})
