import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runProxy, type ProxyCommandOptions } from '../../../cli/src/proxy/run-proxy.ts'
import type { ProxyReport } from '../../../cli/src/reports/proxy-report.ts'
import { UsageError } from '../../../cli/src/base/exit-codes.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { startTestMock, type TestMock } from '../helpers/mock-server.ts'
import { createTestIo } from '../helpers/test-io.ts'

// `travel-portal proxy` as a run: listening in front of a backend until told to stop, then its reports.

let mock: TestMock
beforeAll(async () => {
  mock = await startTestMock()
})
afterAll(async () => {
  await mock.dispose()
})

const options = (overrides: Partial<ProxyCommandOptions>): ProxyCommandOptions => ({
  upstream: mock.url,
  port: 0,
  host: '127.0.0.1',
  contract: defaultContractPath,
  timeout: 5_000,
  every: 0,
  fallback: 'none',
  ...overrides,
})

describe('a proxy run', () => {
  it('passes traffic on, and at the stop writes the report with what it saw and the checks it made', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'run-proxy-'))
    const io = createTestIo({ cwd: dir })
    let stop: () => void = () => undefined
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const run = runProxy(
      options({ json: 'report.json' }),
      io,
      () => stopped,
      (_proxy, url) => {
        void (async () => {
          const answer = await fetch(`${url}/api/customer/travelgroup`, { headers: { agencyId: 'ag-sol' } })
          expect(answer.status).toBe(200)
          stop()
        })()
      },
    )
    await run
    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as ProxyReport
    expect(report).toMatchObject({ tool: 'travel-portal proxy', exchanges: 1, findings: [] })
    expect(report.coverage).toEqual([expect.objectContaining({ operationId: 'listTravelGroups', status: 200, count: 1 })])
    expect(report.checks.map((check) => check.name)).toEqual([
      'request',
      'response',
      'loose-id',
      'exposure',
      'error-leak',
      'cache',
      'cors',
      'order',
      'unauthenticated',
    ])
    expect(io.err()).toMatch(/proxy listening on http:\/\/127\.0\.0\.1:\d+\/api\/customer → /)
  })

  it('refuses what it cannot run with: a fallback that is not statuses, an operation the contract lacks', async () => {
    const io = createTestIo()
    await expect(runProxy(options({ fallback: 'soon' }), io, async () => undefined)).rejects.toBeInstanceOf(UsageError)
    await expect(runProxy(options({ mockOperation: ['nope'] }), io, async () => undefined)).rejects.toThrow(/--mock-operation nope/)
  })
})
