import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestMock, type TestMock } from '../cli/helpers/mock-server.ts'

// The readers' guides run as written: every ```sh block of docs/qa.md and docs/backend-teams.md, in order, through
// bash, with `travel-portal` the CLI of this checkout and the mock's address the test mock's. A block that exits
// non-zero fails, naming its command.

const run = promisify(execFile)
const repo = path.resolve(import.meta.dirname, '../..')
let mock: TestMock
let cwd: string

beforeAll(async () => {
  ;[mock, cwd] = await Promise.all([startTestMock(), mkdtemp(path.join(tmpdir(), 'guides-'))])
})

afterAll(async () => {
  await mock.dispose()
  await rm(cwd, { recursive: true, force: true })
})

const blocksOf = async (guide: string) => [...(await readFile(path.join(repo, guide), 'utf8')).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!)

/** A block run as a reader runs it: each command echoed, the first failure stops it. */
const runBlock = async (block: string) => {
  const script = [
    `travel-portal() { "${process.execPath}" "${repo}/cli/bin.js" "$@"; }`,
    'set -e -o pipefail',
    'set -x',
    block.replaceAll('http://localhost:3333', mock.url),
  ].join('\n')
  const { stdout, stderr } = await run('bash', ['-c', script], {
    cwd,
    env: { ...process.env, TRAVEL_PORTAL_MOCK_URL: mock.url, NO_COLOR: '1' },
    timeout: 90_000,
  })
  return { stdout, stderr }
}

describe('the guides, run as written', () => {
  it("docs/qa.md: status, aimed scenarios, a tenant of one's own, the outbox, settings, reset", { timeout: 120_000 }, async () => {
    const blocks = await blocksOf('docs/qa.md')
    expect(blocks.length).toBeGreaterThanOrEqual(5)
    let out = ''
    for (const block of blocks) out += (await runBlock(block)).stdout
    expect(out).toContain('added: pack-full at pack tg-sol-lon-pck-1 (travel group tg-sol-lon, tenant ag-sol)')
    expect(out).toContain('added: expired-passport at passenger mem-sol-jorge (booking bkg-sol-1002, travel group tg-sol-pir, tenant ag-sol)')
    expect(out).toContain('removed: pack-full at pack tg-sol-lon-pck-1')
    expect(out).toContain('at tenant ag-luna: maintenance')
    expect(out).toMatch(/mock reset to seed \d+/)
  })

  it('docs/backend-teams.md: smoke read-only, then with writes and every report, passes against the mock', { timeout: 180_000 }, async () => {
    const blocks = await blocksOf('docs/backend-teams.md')
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    for (const block of blocks) expect((await runBlock(block)).stdout).toMatch(/PASSED/)
    for (const report of ['smoke.json', 'smoke.html', 'smoke.xml']) await expect(readFile(path.join(cwd, 'test-results', report), 'utf8')).resolves.not.toBe('')
  })
})
