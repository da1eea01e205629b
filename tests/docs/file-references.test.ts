import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

// No guide names a file that is gone: every file name the README, the CLI's guide and the readers' guides in docs/
// mention exists (a path from the repository's root or the guide's folder; a bare name somewhere in the repository).
// Decisions are records of their day and keep the names they had; what a run writes (reports, builds) is not a file
// of the repository.

const repo = path.resolve(import.meta.dirname, '../..')
const guides = [
  'README.md',
  'cli/README.md',
  ...readdirSync(path.join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const tracked = execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' }).split('\n')
const basenames = new Set(tracked.map((f) => path.basename(f)))

const FILE = /(?<![\w/.@*}>-])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:ts|tsx|js|mjs|cjs|json|yaml|yml|md|py|sh|css|html))(?![\w/-])/g
// what a command writes (reports, builds, a built file's hashed name), and the files a guide has its reader make
const OUTPUT = /^(dist|test-results|bench-results|\.mock-data|web\/dist|web\/dist-server|coverage|node_modules)\/|-[A-Za-z0-9_]{8}\.js$/
// and tools named by their file (testssl.sh)
const READERS_FILES = new Set([
  'testssl.sh',
  'tenants.yaml',
  'report.html',
  'conformance.sh',
  'c/read.json',
  'c/write.json',
  's.json',
  'openapi-1.0.0.yaml',
  'openapi-1.1.0.yaml',
])

const missingIn = (guide: string): string[] => {
  const text = readFileSync(path.join(repo, guide), 'utf8')
  const missing = new Set<string>()
  for (const [, name] of text.matchAll(FILE)) {
    const file = name!.replace(/^\.\//, '')
    // a leading slash is an address the server answers, not a file; `../` is outside the repository (the SPEC)
    if (OUTPUT.test(file) || READERS_FILES.has(file) || name!.startsWith('/') || file.startsWith('../')) continue
    const found = file.includes('/') ? existsSync(path.join(repo, file)) || existsSync(path.join(repo, path.dirname(guide), file)) : basenames.has(file)
    if (!found) missing.add(file)
  }
  return [...missing]
}

describe('the guides name only files that exist', () => {
  it.each(guides)('%s', (guide) => {
    expect(missingIn(guide)).toEqual([])
  })
})
