// Part of `npm test` (lint): the contract as it is now against the one at the merge base with main
// (origin/main when the clone has it, else main), so a change that breaks clients or backends fails
// the build before it ships. On main itself the two are the same commit and the check passes; on a
// branch, it holds the branch to the contract main has. `travel-portal contract diff` does the work.
import { execFileSync } from 'node:child_process'

import { runCli } from '../../cli/src/main.ts'

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
const mainRef = ['origin/main', 'main'].find((ref) => {
  try {
    git('rev-parse', '--verify', '--quiet', ref)
    return true
  } catch {
    return false
  }
})
const base = mainRef ? git('merge-base', 'HEAD', mainRef) : 'HEAD'
process.exitCode = await runCli(['contract', 'diff', base, 'contract/openapi.yaml'])
