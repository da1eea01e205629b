import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

// CLI tests only: plain Node, no web plugins. Run with
// `npx vitest run --config tests/cli/vitest.config.ts` (or `npx vitest run tests/cli`).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/cli/**/*.test.ts'],
    environment: 'node',
    // The bin tests spawn Node + tsx; a cold start on a 2-core machine can take a few seconds.
    testTimeout: 30_000,
  },
})
