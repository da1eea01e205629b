import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { startMockServer, type MockServer } from '../../../mock/src/setups/server.ts'

export type TestMock = MockServer & { dispose(): Promise<void> }

/** The real mock HTTP server, in-process on 127.0.0.1:0, with a fresh world in a temp directory. */
export async function startTestMock(): Promise<TestMock> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cli-mock-'))
  const server = await startMockServer({ port: 0, host: '127.0.0.1', fresh: true, dataDir, quiet: true, log: () => undefined })
  return {
    ...server,
    async dispose() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Calls the mock's API the way the portal does. */
export async function api(mock: MockServer, method: string, apiPath: string, options: { agency?: string; json?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {}
  if (options.agency !== undefined) headers['agencyId'] = options.agency
  if (options.token !== undefined) headers['Authorization'] = `Bearer ${options.token}`
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${mock.url}/api/customer${apiPath}`, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text) as unknown
  } catch {
    json = undefined
  }
  return { status: response.status, json: json as Record<string, unknown> | undefined, text }
}
