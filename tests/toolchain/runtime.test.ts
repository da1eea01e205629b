import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

describe('toolchain', () => {
  it('runs on Node 24, pinned through the node devDependency', () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
  })

  it('declares Node 24 in engines and .nvmrc', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> }
    expect(pkg.engines.node).toBe('>=24 <25')
    expect(pkg.devDependencies.node).toMatch(/^24\./)
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe('24')
  })
})
