import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { packageRoot } from '../../cli/src/base/package-paths.ts'
import { freePort } from '../../scripts/dev/free-port.ts'
import { installPackage, type InstalledPackage } from '../toolchain/helpers/installed-package.ts'
import { startTestMock, type TestMock } from './helpers/mock-server.ts'

// cli/README.md's proxy examples, run as written through bash with the installed package's `travel-portal`
// (helpers/installed-package.ts), in a directory outside the repository: in front of the mock (a client's
// finding) and of a one-line backend that breaks the contract (the backend's finding). Only their ports are
// changed, to the test mock's and free ones.

const run = promisify(execFile)
let mock: TestMock
let pkg: InstalledPackage

beforeAll(async () => {
  ;[mock, pkg] = await Promise.all([startTestMock(), installPackage()])
}, 300_000)

afterAll(async () => {
  await mock.dispose()
  await pkg.remove()
})

it('runs verbatim: the sign-in passes, the missing tenant header is a finding, the report says so', { timeout: 300_000 }, async () => {
  const readme = await readFile(path.join(packageRoot, 'cli', 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## proxy: the contract kept or broken in real traffic'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  expect(block, 'the proxy section has a sh block').toBeDefined()
  const port = await freePort()
  const script = (block as string)
    .replaceAll('http://localhost:3333', mock.url)
    .replaceAll('localhost:3334', `localhost:${port}`)
    .replaceAll('--port 3334', `--port ${port}`)
  const jsonFile = path.join(pkg.dir, 'test-results', 'proxy.json')
  await rm(jsonFile, { force: true })
  const { stdout, stderr } = await run('bash', ['-c', script], { cwd: pkg.dir, env: pkg.env, timeout: 50_000 })
  const report = JSON.parse(stdout) as { findings: Array<{ operationId: string; kind: string; expected: string }>; exchanges: number }
  expect(report.findings.map((finding) => `${finding.operationId} ${finding.kind}: ${finding.expected}`)).toEqual([
    'listTravelGroups request: the header parameter agencyId (required)',
    // the backend's answer to it is checked too: a declared 400
  ])
  expect(report.exchanges).toBe(2)
  expect(stderr).toMatch(/✗ request listTravelGroups: expected the header parameter agencyId \(required\); got no agencyId/)
  // written when it stopped (POST /__proxy/shutdown)
  const written = JSON.parse(await readFile(jsonFile, 'utf8')) as { findings: unknown[] }
  expect(written.findings).toHaveLength(1)
  await rm(jsonFile, { force: true })
})

it('runs verbatim in front of a one-line backend that breaks the contract: the finding names the operation', { timeout: 300_000 }, async () => {
  const readme = await readFile(path.join(packageRoot, 'cli', 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## proxy: the contract kept or broken in real traffic'))
  const block = [...section.matchAll(/```sh\n([\s\S]*?)```/g)][1]?.[1]
  expect(block, 'the proxy section has a second sh block').toBeDefined()
  const [proxyPort, backendPort] = [await freePort(), await freePort()]
  const script = (block as string).replaceAll('3335', String(backendPort)).replaceAll('3334', String(proxyPort))
  const { stderr } = await run('bash', ['-c', script], { cwd: pkg.dir, env: pkg.env, timeout: 50_000 })
  expect(stderr).toMatch(/✗ schema getAgencyFaq: expected \$ must be array; got \{\}/)
})
