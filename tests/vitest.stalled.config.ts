import { availableParallelism } from 'node:os'
import { defineConfig, mergeConfig } from 'vitest/config'
import unit from './vitest.config.ts'

// `npm run test:unit:stalled`: the unit tests on a machine that stops the tests' thread for a while, again and again,
// as a busy host does (support/stalled-thread.ts). A test that races the wall clock (a real timer it does not control,
// a wait it bounds by time) fails here rather than once in a while in CI.
// A test takes longer here (the thread is stopped 60% of the time): its own deadline is not what is measured.
// A stalled thread sleeps and leaves its core to the others: two workers a core keep the cores busy.
export default mergeConfig(
  unit,
  defineConfig({
    test: { setupFiles: ['tests/web/support/stalled-thread.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: availableParallelism() * 2 },
  }),
)
