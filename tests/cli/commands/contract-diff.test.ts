import { readFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { runCli } from '../../../cli/src/main.ts'
import { diffContracts } from '../../../cli/src/commands/contract-diff.ts'
import { createTestIo } from '../helpers/test-io.ts'

// `contract diff` against our own contract: each change in the table is made to a copy, and must be
// judged as a client or backend built on the original would live it.

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; 'x-error-codes'?: Record<string, string[]> }>>
  components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[]; enum?: string[] }> }
}
const contract = JSON.parse(readFileSync('contract/openapi.json', 'utf8')) as Doc
const changed = (change: (doc: Doc) => void): Doc => {
  const copy = structuredClone(contract)
  change(copy)
  return copy
}

const BREAKING: [string, (doc: Doc) => void][] = [
  ['an operation removed', (doc) => delete doc.paths['/booking/{id}/review']!['post']],
  ['a success status removed', (doc) => delete doc.paths['/booking/{id}/review']!['post']!.responses['201']],
  [
    'a response property removed',
    (doc) => {
      delete doc.components.schemas['Booking']!.properties['locator']
      doc.components.schemas['Booking']!.required = doc.components.schemas['Booking']!.required!.filter((name) => name !== 'locator')
    },
  ],
  ['an enum value removed', (doc) => (doc.components.schemas['BookingStatus']!.enum = ['pending', 'confirmed', 'canceled'])],
  [
    'a new required request field',
    (doc) => {
      doc.components.schemas['LoginRequest']!.properties['otp'] = { type: 'string' }
      doc.components.schemas['LoginRequest']!.required!.push('otp')
    },
  ],
  ['a request field narrowed: a format added', (doc) => (doc.components.schemas['LoginRequest']!.properties['password']!['format'] = 'uuid')],
  ['a request field narrowed: a shorter maxLength', (doc) => (doc.components.schemas['LoginRequest']!.properties['password']!['maxLength'] = 10)],
  ['a type changed', (doc) => (doc.components.schemas['FieldError']!.properties['field'] = { type: 'integer' })],
  ['an error code taken out of an operation’s list', (doc) => (doc.paths['/booking/{id}/review']!['post']!['x-error-codes']!['409'] = [])],
]

const COMPATIBLE: [string, (doc: Doc) => void][] = [
  ['an operation added', (doc) => (doc.paths['/ping'] = { get: { responses: { '200': { description: 'ok' } } } })],
  ['an optional request field added', (doc) => (doc.components.schemas['LoginRequest']!.properties['remember'] = { type: 'boolean' })],
  ['a response property added', (doc) => (doc.components.schemas['Booking']!.properties['note'] = { type: 'string' })],
  ['a request limit widened', (doc) => (doc.components.schemas['LoginRequest']!.properties['password']!['maxLength'] = 500)],
  ['an error code added', (doc) => doc.paths['/booking/{id}/review']!['post']!['x-error-codes']!['409']!.push('booking_canceled')],
  ['a description reworded', (doc) => (doc.components.schemas['LoginRequest']!.properties['password']!['description'] = 'Your secret.')],
]

describe('contract diff: the rules', () => {
  it.each(BREAKING)('%s is breaking', (_name, change) => {
    const diff = diffContracts(contract, changed(change))
    expect(diff.breaking.length).toBeGreaterThan(0)
  })

  it.each(COMPATIBLE)('%s is compatible', (_name, change) => {
    const diff = diffContracts(contract, changed(change))
    expect(diff.breaking).toEqual([])
    expect(diff.compatible.length).toBeGreaterThan(0)
  })

  it('names the operation and what changed, once per operation', () => {
    const diff = diffContracts(contract, changed(BREAKING.find(([name]) => name.startsWith('an error code'))![1]))
    expect(diff.breaking).toEqual([
      {
        severity: 'breaking',
        operation: 'POST /booking/{id}/review',
        where: 'paths./booking/{id}/review.post.x-error-codes.409',
        description: '[Removed] error code `conflict` from the 409 answers',
      },
    ])
  })

  it('finds nothing between a contract and itself', () => {
    expect(diffContracts(contract, structuredClone(contract))).toEqual({ breaking: [], compatible: [], unclassified: [] })
  })
})

describe('contract diff: the command', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'contract-diff-'))
  })
  const cli = async (...args: string[]) => {
    const io = createTestIo()
    const code = await runCli(args, io)
    return { code, out: io.out(), err: io.err() }
  }
  const write = async (name: string, doc: Doc) => {
    const file = path.join(dir, name)
    await writeFile(file, JSON.stringify(doc))
    return file
  }

  it('exits 1 on a breaking change and says which', async () => {
    const base = await write('base.json', contract)
    const revision = await write('removed.json', changed(BREAKING[0]![1]))
    const { code, out } = await cli('contract', 'diff', base, revision)
    expect(code).toBe(1)
    expect(out).toMatch(/: 1 breaking, 0 compatible, 0 unclassified/)
    expect(out).toContain('POST /booking/{id}/review: [Removed] operation POST /booking/{id}/review')
  })

  it('exits 0 on compatible changes, and prints JSON with --json', async () => {
    const base = await write('base.json', contract)
    const revision = await write('added.json', changed(COMPATIBLE[0]![1]))
    const { code, out } = await cli('contract', 'diff', base, revision, '--json')
    expect(code).toBe(0)
    const report = JSON.parse(out) as { breaking: unknown[]; compatible: { operation: string }[] }
    expect(report.breaking).toEqual([])
    expect(report.compatible.map((change) => change.operation)).toContain('GET /ping')
  })

  it('reads git refs: the contract at HEAD against itself has no change', async () => {
    const { code, out } = await cli('contract', 'diff', 'HEAD', 'HEAD')
    expect(code).toBe(0)
    expect(out).toBe('contract diff HEAD → HEAD: 0 breaking, 0 compatible, 0 unclassified\nno breaking change\n')
  })

  it('exits 2 naming what it could not read', async () => {
    const { code, err } = await cli('contract', 'diff', 'no-such-ref-or-file')
    expect(code).toBe(2)
    expect(err).toContain('no-such-ref-or-file is neither a file nor a git ref holding contract/openapi.yaml')
  })
})
