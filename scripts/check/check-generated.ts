// Fails when the generated client or zod schemas differ from what the contract generates now:
// generated code is never edited by hand and never lags behind contract/openapi.yaml.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const roots = ['web/src/lib/api/generated', 'contract/generated', 'contract/openapi.json']

const snapshot = (): Map<string, string> => {
  const files = new Map<string, string>()
  const walk = (path: string) => {
    let isDirectory: boolean
    try {
      isDirectory = statSync(path).isDirectory()
    } catch {
      return
    }
    if (isDirectory) readdirSync(path).forEach((entry) => walk(join(path, entry)))
    else files.set(relative('.', path), createHash('sha256').update(readFileSync(path)).digest('hex'))
  }
  roots.forEach(walk)
  return files
}

const before = snapshot()
execFileSync(process.execPath, ['node_modules/orval/dist/bin/orval.mjs', '--config', 'orval.config.ts'], { stdio: 'pipe' })
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate/generate-contract-zod-formats.ts'], { stdio: 'pipe' })
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate/generate-api-operations.ts'], { stdio: 'pipe' })
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate/generate-field-limits.ts'], { stdio: 'pipe' })
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate/generate-contract-json.ts'], { stdio: 'pipe' })
const after = snapshot()

const drift = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort()

if (drift.length > 0) {
  console.error('Generated code drifted from contract/openapi.yaml (regenerated now; commit the result):')
  for (const file of drift) console.error(`  ${before.has(file) ? (after.has(file) ? 'changed' : 'removed') : 'added'}: ${file}`)
  process.exit(1)
}
console.log(`Generated code matches the contract (${after.size} files).`)
