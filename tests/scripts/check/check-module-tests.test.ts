import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportsValues, missingModuleTests, testPathOf } from '../../../scripts/check/check-module-tests.ts'

// `npm run lint` fails a rule or check module without a test named after it that imports it.

const tree = (files: Record<string, string>) => {
  const root = mkdtempSync(path.join(tmpdir(), 'module-tests-'))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

describe('module tests', () => {
  it('mirror the source, its part’s src/ left out', () => {
    expect(testPathOf('contract/engine/read-back.ts')).toBe('tests/contract/engine/read-back.test.ts')
    expect(testPathOf('mock/src/world/money/payment-plan.ts')).toBe('tests/mock/world/money/payment-plan.test.ts')
    expect(testPathOf('cli/src/checks/writes/round-trip.ts')).toBe('tests/cli/checks/writes/round-trip.test.ts')
  })

  it('a new rule without its test is named; one whose test does not import it too; a types-only module needs none', () => {
    const root = tree({
      'core/new-rule.ts': 'export const rule = () => 1\n',
      'core/typed.ts': 'export type Only = { a: string }\n',
      'mock/src/world/money/refund-rule.ts': 'export function refund() {}\n',
      'tests/mock/world/money/refund-rule.test.ts': "import { it } from 'vitest'\nit('x', () => {})\n",
      'mock/src/world/seed/big-seed.ts': 'export const seed = 1\n',
    })
    expect(missingModuleTests(root)).toEqual([
      { module: 'core/new-rule.ts', test: 'tests/core/new-rule.test.ts', why: 'no test file' },
      { module: 'mock/src/world/money/refund-rule.ts', test: 'tests/mock/world/money/refund-rule.test.ts', why: 'the test does not import it' },
    ])
    writeFileSync(path.join(root, 'tests/mock/world/money/refund-rule.test.ts'), "import { refund } from '../../../../mock/src/world/money/refund-rule.ts'\n")
    mkdirSync(path.join(root, 'tests/core'), { recursive: true })
    writeFileSync(path.join(root, 'tests/core/new-rule.test.ts'), "import { rule } from '../../core/new-rule.ts'\n")
    expect(missingModuleTests(root)).toEqual([])
  })

  it('a module exports values, or only types', () => {
    expect(exportsValues('export type A = 1\nexport type { B }\n')).toBe(false)
    expect(exportsValues('export const a = 1\n')).toBe(true)
    expect(exportsValues('export { a, b }\n')).toBe(true)
    expect(exportsValues('export class A {}\n')).toBe(true)
  })
})
