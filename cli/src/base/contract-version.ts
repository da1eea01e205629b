// A version of the contract named on the command line: a file, or a git ref whose contract is read with
// `git show <ref>:<path>` in the repository of the working directory.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

import { UsageError } from './exit-codes.ts'
import { parseStructuredText, readStructuredFile } from './structured-file.ts'

export async function readContractVersion(spec: string, cwd: string, pathInRepo: string): Promise<unknown> {
  const file = path.resolve(cwd, spec)
  if (existsSync(file)) return readStructuredFile(file)
  let text: string
  try {
    text = execFileSync('git', ['show', `${spec}:${pathInRepo}`], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch {
    throw new UsageError(`${spec} is neither a file nor a git ref holding ${pathInRepo}`)
  }
  return parseStructuredText(text, pathInRepo)
}
