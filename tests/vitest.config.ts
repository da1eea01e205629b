import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { webAliases, webPlugins } from '../web/vite.config.ts'

// Same plugins as the app: Lingui macros compile and .po files import as in the browser.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: webPlugins(),
  resolve: { alias: webAliases },
  test: {
    include: ['tests/web/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    // Node by default; component tests opt in with `// @vitest-environment happy-dom`.
    environment: 'node',
    // expect.poll and a test give up after these: deadlines for a failure's report, not claims on speed (their defaults,
    // 1 s and 5 s, were reached on a busy host by a render and by a test that starts a process)
    expect: { poll: { timeout: 5_000 } },
    testTimeout: 20_000,
    setupFiles: ['tests/web/support/setup.ts'],
    // temporary files in a directory of the run's own, removed at its end
    globalSetup: ['tests/support/temp-dir-per-run.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // One worker per core (Vitest's default, cores − 1, is one worker on the 2-core machines: 28 s; 18 s with two).
    maxWorkers: availableParallelism(),
  },
})
