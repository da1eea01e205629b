import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import { runCli } from '../../../cli/src/main.ts'
import type { SmokeReport } from '../../../cli/src/reports/smoke-report.ts'
import { startAllowedVariantsBackend, type VariantsBackend } from '../fixtures/allowed-variants-backend.ts'
import { startTestMock, type TestMock } from '../helpers/mock-server.ts'
import { createTestIo } from '../helpers/test-io.ts'

// Whole conformance runs: a deadline for a failure's report, not a claim on speed.
vi.setConfig({ testTimeout: 90_000 })

// No finding on a correct backend that differs from the mock as the contract allows: gzip and chunked answers,
// headers of its own, other private cache directives, slower answers, its own error messages, CORS for its own
// portal (tests/cli/fixtures/allowed-variants-backend.ts).

let mock: TestMock
let backend: VariantsBackend

beforeAll(async () => {
  mock = await startTestMock()
  backend = await startAllowedVariantsBackend(mock.url)
})

afterAll(async () => {
  await backend.close()
  await mock.dispose()
})

it('a --write run with another customer passes with no finding, every check having run', async () => {
  const io = createTestIo()
  const code = await runCli(
    [
      'smoke',
      '--base-url',
      backend.url,
      '--email',
      'ana.garcia@example.com',
      '--password',
      'viaje2026',
      '--other-email',
      'nuevo@example.com',
      '--other-password',
      'viaje2026',
      '--write',
      '--json',
    ],
    io,
  )
  const report = JSON.parse(io.out()) as SmokeReport
  expect(report.violations.map((violation) => `${violation.kind} ${violation.operationId}: ${violation.actual}`)).toEqual([])
  expect(code).toBe(0)
  expect(backend.served.gzipped).toBeGreaterThan(1000)
  // lists without a declared order came in another one
  expect(backend.served.reordered).toBeGreaterThan(4)
  const ran = new Set(report.steps.map((step) => step.id.split(':')[0]))
  for (const check of ['cors', 'undeclared-path', 'owner', 'read-only-field', 'idempotency']) expect(ran, check).toContain(check)
})
