// Every rule and check module has a test named after it that imports it (decision 042): the engine's
// modules, the shared rules in core/, the mock's rules over its world, the CLI's checks and the proxy.
// tests/ mirrors the source: the test of contract/engine/read-back.ts is tests/contract/engine/read-back.test.ts,
// of mock/src/world/money/payment-plan.ts tests/mock/world/money/payment-plan.test.ts.
// A module that exports only types has nothing to call and needs none. `npm run lint` runs it; it exits 1
// naming each module without its test.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The folders of rule and check modules, and what in them is not one (the seed builds worlds; it is not a rule). */
export const ruleFolders: ReadonlyArray<{ folder: string; except?: RegExp }> = [
  { folder: 'contract/engine' },
  { folder: 'core' },
  { folder: 'mock/src/world', except: /^mock\/src\/world\/seed\// },
  { folder: 'cli/src/checks' },
  { folder: 'cli/src/proxy' },
]

const sourceFiles = (root: string, folder: string): string[] =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))

/** Whether a module exports something a test can call (a value, not only types). */
export const exportsValues = (text: string): boolean => /^export (?:async )?(?:const|function|class|let)\b|^export \{(?!\s*type\b)/m.test(text)

/** tests/<the module's path, its part's src/ left out>.test.ts: mock/src/world/x.ts → tests/mock/world/x.test.ts */
export const testPathOf = (module: string): string => path.posix.join('tests', module.replace(/^(mock|cli|web)\/src\//, '$1/').replace(/\.ts$/, '.test.ts'))

export type MissingTest = { module: string; test: string; why: 'no test file' | 'the test does not import it' }

export function missingModuleTests(root = repoRoot): MissingTest[] {
  const missing: MissingTest[] = []
  for (const { folder, except } of ruleFolders) {
    if (!existsSync(path.join(root, folder))) continue
    for (const module of sourceFiles(root, folder)) {
      if (except?.test(module)) continue
      if (!exportsValues(readFileSync(path.join(root, module), 'utf8'))) continue
      const test = testPathOf(module)
      if (!existsSync(path.join(root, test))) {
        missing.push({ module, test, why: 'no test file' })
        continue
      }
      const relative = path.posix.relative(path.posix.dirname(test), module.replace(/\.ts$/, ''))
      if (!readFileSync(path.join(root, test), 'utf8').includes(relative)) missing.push({ module, test, why: 'the test does not import it' })
    }
  }
  return missing
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingModuleTests()
  for (const entry of missing) console.error(`${entry.module}: ${entry.why} (${entry.test})`)
  if (missing.length > 0) {
    console.error(`\n${missing.length} rule or check modules without a test named after them that calls them (decision 042).`)
    process.exit(1)
  }
  console.log('check-module-tests: every rule and check module has its test.')
}
