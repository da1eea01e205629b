import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as generated from '../../contract/generated/zod'

// The generated zod is what the mock and the CLI validate with: it must say no less than the contract.
// orval once turned the contract's `pattern: '^/'` into `new RegExp('^')` (it strips a trailing slash as
// if the pattern were a /regex/ literal), and the mock then accepted a redirect to another site.

type Node = unknown
const contract = JSON.parse(readFileSync('contract/openapi.json', 'utf8')) as Node

/** Every `pattern` keyword of the contract, with where it is. */
function patterns(node: Node, path = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => patterns(item, `${path}/${i}`))
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([key, value]) => {
    const here: [string, string][] = key === 'pattern' && typeof value === 'string' ? [[path, value]] : []
    return [...here, ...patterns(value, `${path}/${key}`)]
  })
}

const generatedSources = new Set(
  Object.values(generated)
    .filter((value): value is RegExp => value instanceof RegExp)
    .map((regexp) => regexp.source),
)

describe('generated zod against the contract', () => {
  const found = patterns(contract)

  it('finds the contract’s patterns', () => {
    expect(found.length).toBeGreaterThanOrEqual(8)
  })

  it.each(found)('%s: its pattern is generated as written', (_where, pattern) => {
    expect(generatedSources, `pattern ${pattern} is not in contract/generated/zod.ts as written`).toContain(new RegExp(pattern).source)
  })

  it('a sign-in link’s redirect is a path of the portal, never another site', () => {
    const body = { email: 'ana.garcia@example.com', purpose: 'login_link' as const }
    expect(generated.RememberBody.safeParse({ ...body, redirect: '/booking/bkg-sol-1001' }).success).toBe(true)
    expect(generated.RememberBody.safeParse({ ...body, redirect: 'https://evil.example/x' }).success).toBe(false)
    expect(generated.RememberBody.safeParse({ ...body, redirect: '' }).success).toBe(false)
  })
})
