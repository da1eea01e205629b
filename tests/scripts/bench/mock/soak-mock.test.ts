import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

// The bench judges memory on 10 s windows: a run too short to have one, or a load of nothing, is refused before any
// mock is started, with exit 2 (a usage error) rather than a verdict or a crash.
const soak = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/mock/soak-mock.ts', '--no-readme', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 30_000,
  })

describe('bench:soak', () => {
  it.each([
    ['a run shorter than one 10 s window', ['--duration', '5']],
    ['a duration that is not a number', ['--duration', 'ten']],
    ['no load', ['--rate', '0']],
    ['a negative warm-up', ['--warmup=-1']],
  ])('refuses %s with exit 2 and says what it needs', (_, args) => {
    const run = soak(...args)
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('--duration must be at least 10 (seconds), --warmup at least 0 and --rate above 0')
    expect(run.stdout).toBe('')
  })
})
