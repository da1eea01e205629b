// The global setup of every test runner (Vitest's configs, Playwright's): the run's temporary files go into a
// directory of its own, removed when the run ends. Tests, the servers and CLIs they start, and the browsers all take
// their temporary directory from TMPDIR (os.tmpdir()); each test cleaning up after itself left about twenty folders
// behind a run all the same (a failed test, a process killed at its deadline, a file that forgot), and a developer's
// /tmp held thousands. Workers start after the global setup, so they inherit it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function tempDirPerRun(): () => void {
  const previous = process.env.TMPDIR
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-run-'))
  process.env.TMPDIR = dir
  return () => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    rmSync(dir, { recursive: true, force: true })
  }
}
