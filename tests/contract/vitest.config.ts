import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Node-only tests of the mock, the contract and the CLI (no browser plugins needed).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/core/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/mock/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/toolchain/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    testTimeout: 20_000,
  },
})
