import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Node-only tests of the mock, the contract and the CLI (no browser plugins needed).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: [
      'tests/core/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/mock/**/*.test.ts',
      'tests/cli/**/*.test.ts',
      'tests/toolchain/**/*.test.ts',
      'tests/docs/**/*.test.ts',
    ],
    environment: 'node',
    // temporary files in a directory of the run's own, removed at its end
    globalSetup: ['tests/support/temp-dir-per-run.ts'],
    // expect.poll gives up after this: a deadline for a failure's report, not a claim on speed (its default is 1 s)
    expect: { poll: { timeout: 5_000 } },
    restoreMocks: true,
    testTimeout: 20_000,
    // One worker per core: these files wait on loopback servers as much as they compute, and Vitest's
    // default (cores − 1) ran them one at a time on the 2-core machines (158 s; 87 s with two).
    maxWorkers: availableParallelism(),
    // One worker runs many files: a file's own worker imported the engine, the mock and the contract afresh each time
    // (about 250 s on 2 cores, 136 s without). These files stub no module or global, so nothing of one reaches another.
    isolate: false,
  },
})
