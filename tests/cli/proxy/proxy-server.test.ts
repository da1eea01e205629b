import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createValidatingProxy, type ValidatingProxy } from '../../../cli/src/proxy/proxy-server.ts'
import type { ProxyMode } from '../../../cli/src/reports/proxy-report.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { createSchemaValidator } from '../../../contract/engine/schema-validator.ts'
import { behaviourFaults } from '../fixtures/behaviour-faults.ts'
import { corruptions, startBrokenBackend } from '../fixtures/broken-backend.ts'
import { startTestMock, type TestMock } from '../helpers/mock-server.ts'

// Each test here makes whole conformance runs (hundreds of requests): its deadline is for a failure's report, not a
// claim on speed (a busy 2-core machine takes three times as long).
vi.setConfig({ testTimeout: 90_000 })

const execFileAsync = promisify(execFile)

// The validating proxy between a client and a backend: traffic passes unchanged, and both directions are
// checked against the contract; with --errors the proxy answers what the contract refuses.

let mock: TestMock
let contract: ContractIndex

beforeAll(async () => {
  ;[mock, contract] = await Promise.all([startTestMock(), loadContract(defaultContractPath)])
})

afterAll(async () => {
  await mock.dispose()
})

async function startProxy(
  upstream: string,
  mode: ProxyMode = 'report',
  fallback?: { statuses: number[]; operations: string[] },
): Promise<{ proxy: ValidatingProxy; api: string }> {
  const proxy = createValidatingProxy({
    contract,
    validator: createSchemaValidator(contract),
    upstream,
    mode,
    keepExchanges: true,
    timeoutMs: 1_000,
    ...(fallback === undefined ? {} : { fallback: { ...fallback, mockUrl: async () => mock.url } }),
  })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  return { proxy, api: `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}/api/customer` }
}

/** What the portal does on its first pages: the agency, a sign-in, the profile, the bookings, one booking and its invoice PDF. */
async function portalTraffic(api: string): Promise<{ bookingId: string; pdf: Uint8Array; pdfPath: string; token: string }> {
  const call = async (method: string, apiPath: string, body?: unknown, token?: string) => {
    const response = await fetch(`${api}${apiPath}`, {
      method,
      headers: {
        agencyId: 'ag-sol',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return response
  }
  expect((await call('POST', '/agency', { url: 'http://localhost:5173' })).status).toBe(200)
  const login = (await (await call('POST', '/auth/login', { email: 'ana.garcia@example.com', password: 'viaje2026' })).json()) as { token: string }
  expect((await call('GET', '/auth/profile', undefined, login.token)).status).toBe(200)
  const bookings = (await (await call('GET', '/booking', undefined, login.token)).json()) as Array<{ id: string }>
  const booking = (await (await call('GET', `/booking/${bookings[0]?.id}`, undefined, login.token)).json()) as { id: string; invoices: Array<{ id: string }> }
  const withInvoice = bookings.find((item) => item.id === 'bkg-sol-1001') ?? booking
  const invoice = (await (await call('GET', `/booking/${withInvoice.id}`, undefined, login.token)).json()) as { invoices: Array<{ id: string }> }
  const pdfPath = `/booking/${withInvoice.id}/invoice/${invoice.invoices[0]?.id}/render`
  const pdf = await call('GET', pdfPath, undefined, login.token)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  return { bookingId: booking.id, pdf: new Uint8Array(await pdf.arrayBuffer()), pdfPath, token: login.token }
}

describe('in front of the correct mock', () => {
  it("passes the portal's traffic unchanged (a PDF byte for byte) with zero findings, and counts operations × statuses", async () => {
    const { proxy, api } = await startProxy(`${mock.url}/api/customer`)
    try {
      const { pdf, pdfPath, token } = await portalTraffic(api)
      const direct = await fetch(`${mock.url}/api/customer${pdfPath}`, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } })
      expect(Buffer.from(pdf).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true)
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-')
      const report = (await (await fetch(`${api.replace('/api/customer', '')}/__proxy/report`)).json()) as ReturnType<ValidatingProxy['report']>
      expect(report.findings).toEqual([])
      expect(report.exchanges).toBe(7)
      expect(report.coverage.map((entry) => `${entry.operationId} ${entry.status}`)).toEqual(
        expect.arrayContaining(['findAgency 200', 'login 200', 'getProfile 200', 'listBookings 200', 'getBooking 200', 'renderInvoice 200']),
      )
    } finally {
      await proxy.close()
    }
  })
})

describe('every exchange checked', () => {
  it('a broken answer is a finding with its operation, and what the backend sent; the client still gets the answer as it was', async () => {
    const backend = await startBrokenBackend(mock.url, { only: corruptions.find((fault) => fault.operationId === 'getProfile') })
    const secret = await startBrokenBackend(mock.url, {
      corrupt: false,
      ...behaviourFaults.find((fault) => fault.kind === 'exposure' && fault.operationId === 'getProfile')!.make(),
    })
    for (const [upstream, kind] of [
      [backend.url, 'schema'],
      [secret.url, 'exposure'],
    ] as const) {
      const { proxy, api } = await startProxy(upstream)
      try {
        await portalTraffic(api)
        const findings = proxy.report().findings
        expect(findings.map((finding) => `${finding.operationId} ${finding.kind}`)).toEqual([`getProfile ${kind}`])
        expect(findings[0]?.example.curl).not.toMatch(/tok_[0-9a-f]{8}/)
      } finally {
        await proxy.close()
      }
    }
    await Promise.all([backend.close(), secret.close()])
  })

  it("a backend that serves a booking's rooms without a session: the client's request and the backend's answer, each a finding", async () => {
    const backend = await startBrokenBackend(mock.url, { only: corruptions.find((fault) => fault.operationId === 'getBookingRooms') })
    const { proxy, api } = await startProxy(backend.url)
    try {
      const { bookingId } = await portalTraffic(api)
      // the portal's own call, with its session: nothing to find
      const { token } = (await (
        await fetch(`${api}/auth/login`, {
          method: 'POST',
          headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
        })
      ).json()) as { token: string }
      expect((await fetch(`${api}/booking/${bookingId}/rooms`, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } })).status).toBe(200)
      expect(proxy.report().findings).toEqual([])
      // a script without one
      expect((await fetch(`${api}/booking/${bookingId}/rooms`, { headers: { agencyId: 'ag-sol' } })).status).toBe(200)
      expect(proxy.report().findings.map((finding) => `${finding.operationId} ${finding.kind}: ${finding.example.actual}`)).toEqual([
        expect.stringMatching(/^getBookingRooms request: /),
        'getBookingRooms unauthenticated: 200: the backend answered without a session',
      ])
    } finally {
      await proxy.close()
      await backend.close()
    }
  })

  it("a backend that finds bookings with LIKE 'id%': real traffic asking for an id cut short gets another booking, a finding", async () => {
    const fault = behaviourFaults.find((item) => item.operationId === 'getBooking' && item.kind === 'loose-id')
    const backend = await startBrokenBackend(mock.url, { corrupt: false, ...fault!.make() })
    const { proxy, api } = await startProxy(backend.url)
    try {
      const { bookingId, token } = await portalTraffic(api)
      expect(proxy.report().findings).toEqual([])
      const cut = await fetch(`${api}/booking/${bookingId.slice(0, -1)}`, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${token}` } })
      expect(cut.status).toBe(200)
      const [finding, ...others] = proxy.report().findings
      expect(others).toEqual([])
      expect(`${finding?.operationId} ${finding?.kind}: ${finding?.example.actual}`).toMatch(
        new RegExp(`^getBooking loose-id: asked for "${bookingId.slice(0, -1)}", it names "${bookingId.slice(0, -1)}\\w+": another resource$`),
      )
    } finally {
      await proxy.close()
      await backend.close()
    }
  })

  it('requests: an unknown path, a missing tenant header, a missing token and a body its schema refuses, each a finding', async () => {
    const { proxy, api } = await startProxy(`${mock.url}/api/customer`)
    try {
      await fetch(`${api}/bookings`, { headers: { agencyId: 'ag-sol' } })
      await fetch(`${api}/travelgroup`)
      await fetch(`${api}/auth/profile`, { headers: { agencyId: 'ag-sol' } })
      await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 42 }),
      })
      const requests = proxy
        .report()
        .findings.filter((finding) => finding.kind === 'request')
        .map((finding) => `${finding.operationId}: ${finding.expected}`)
      expect(requests).toEqual(
        expect.arrayContaining([
          'GET /bookings: a path of the contract',
          'listTravelGroups: the header parameter agencyId (required)',
          'getProfile: an Authorization: Bearer token (the operation needs a session)',
          'login: body $.email must be string',
          'login: body $.password is required',
        ]),
      )
    } finally {
      await proxy.close()
    }
  })
})

describe('reproductions', () => {
  it('a request finding’s curl carries its body and runs as printed: it ends, and the backend answers it as it answered the client', async () => {
    const { proxy, api } = await startProxy(`${mock.url}/api/customer`)
    try {
      const sent = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 42, password: 'x' }),
      })
      const finding = proxy.report().findings.find((candidate) => candidate.kind === 'request' && candidate.operationId === 'login')
      const curl = finding?.example.curl ?? ''
      expect(curl).toContain(`--data-raw '{"email":42,"password":"***"}'`)
      expect(curl).not.toMatch(/content-length|host:|accept-encoding/i)
      // the proxy answers from this process: the line runs beside it, not blocking it
      const { stdout } = await execFileAsync('sh', ['-c', `${curl} -s -o /dev/null -w '%{http_code}' --max-time 10`], { timeout: 15_000 })
      expect(Number(stdout)).toBe(sent.status)
    } finally {
      await proxy.close()
    }
  })
})

describe('secrets', () => {
  it('a finding on the sign-in prints its curl without the password, and the report holds neither password nor token', async () => {
    // a sign-in answer without its token
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (method, apiPath, answer) =>
        method === 'POST' && apiPath === '/auth/login' && answer.status === 200
          ? { ...answer, body: Buffer.from(JSON.stringify({ ...JSON.parse(answer.body.toString('utf8')), token: undefined })) }
          : undefined,
    })
    const { proxy, api } = await startProxy(backend.url)
    try {
      await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
      })
      const report = proxy.report()
      expect(report.findings.map((finding) => `${finding.operationId} ${finding.kind}`)).toContain('login schema')
      expect(JSON.stringify(report)).not.toContain('viaje2026')
      expect(report.findings[0]?.example.curl).toContain('"password":"***"')
    } finally {
      await proxy.close()
      await backend.close()
    }
  })
})

describe("a browser's CORS preflight", () => {
  it('is passed on unchecked and not counted: it is not a call of the API', async () => {
    const { proxy, api } = await startProxy(`${mock.url}/api/customer`)
    try {
      const preflight = await fetch(`${api}/booking`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,agencyid' },
      })
      expect(preflight.status).toBeLessThan(300)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      expect(proxy.report()).toMatchObject({ exchanges: 0, findings: [] })
    } finally {
      await proxy.close()
    }
  })
})

describe('--errors', () => {
  it('answers a request the contract refuses itself (never passed on), and a broken answer with a 502 naming it', async () => {
    const seen: string[] = []
    const backend = await startBrokenBackend(mock.url, {
      only: corruptions.find((fault) => fault.operationId === 'getProfile'),
      gate: (method, apiPath) => {
        seen.push(`${method} ${apiPath}`)
        return undefined
      },
    })
    const { proxy, api } = await startProxy(backend.url, 'errors')
    try {
      const refused = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
        body: '{"email":42}',
      })
      expect(refused.status).toBe(422)
      expect(await refused.json()).toMatchObject({
        code: 'validation_error',
        message: expect.stringMatching(/^travel-portal proxy: the contract refuses this request: expected body/),
      })
      expect(seen).not.toContain('POST /auth/login')
      const login = (await (
        await fetch(`${api}/auth/login`, {
          method: 'POST',
          headers: { agencyId: 'ag-sol', 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ana.garcia@example.com', password: 'viaje2026' }),
        })
      ).json()) as { token: string }
      const broken = await fetch(`${api}/auth/profile`, { headers: { agencyId: 'ag-sol', Authorization: `Bearer ${login.token}` } })
      expect(broken.status).toBe(502)
      expect(await broken.json()).toMatchObject({
        code: 'bad_gateway',
        message: "travel-portal proxy: the backend's answer breaks the contract: expected $.email is required; got missing",
      })
    } finally {
      await proxy.close()
      await backend.close()
    }
  })

  it('an upstream that does not answer in time is a 504, one that is not there a 502', async () => {
    const silent: Server = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { proxy, api } = await startProxy(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/customer`)
    try {
      const answer = await fetch(`${api}/agency/faq`, { headers: { agencyId: 'ag-sol' } })
      expect(answer.status).toBe(504)
      expect(await answer.json()).toMatchObject({ code: 'gateway_timeout' })
    } finally {
      await proxy.close()
      silent.closeAllConnections()
      silent.close()
    }
    const gone = await startProxy('http://127.0.0.1:9/api/customer')
    try {
      expect((await fetch(`${gone.api}/agency/faq`, { headers: { agencyId: 'ag-sol' } })).status).toBe(502)
    } finally {
      await gone.proxy.close()
    }
  })
})

describe('the mock answers what the backend does not have', () => {
  it('an operation the upstream answers 501 comes from the mock, and is reported so; with --fallback none the 501 passes (a finding)', async () => {
    // a half-built backend: no extras yet
    const backend = await startBrokenBackend(mock.url, {
      corrupt: false,
      rewrite: (_method, apiPath) =>
        /\/extras$/.test(apiPath)
          ? { status: 501, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"code":"not_implemented","message":"Soon."}') }
          : undefined,
    })
    const extras = (api: string) => fetch(`${api}/travelgroup/tg-sol-lon/extras`, { headers: { agencyId: 'ag-sol' } })
    const on = await startProxy(backend.url, 'report', { statuses: [501], operations: ['getAgencyFaq'] })
    try {
      const answer = await extras(on.api)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual(await (await extras(`${mock.url}/api/customer`)).json())
      expect((await fetch(`${on.api}/agency/faq`, { headers: { agencyId: 'ag-sol' } })).status).toBe(200)
      const report = on.proxy.report()
      expect(report.fromMock).toEqual([
        { operationId: 'listExtras', why: '501 from the upstream', count: 1 },
        { operationId: 'getAgencyFaq', why: 'always (--mock-operation)', count: 1 },
      ])
      expect(report.findings).toEqual([])
    } finally {
      await on.proxy.close()
    }
    const off = await startProxy(backend.url)
    try {
      expect((await extras(off.api)).status).toBe(501)
      expect(off.proxy.report().findings.map((finding) => `${finding.operationId} ${finding.kind}`)).toEqual(['listExtras server-error'])
    } finally {
      await off.proxy.close()
      await backend.close()
    }
  })
})

describe('travel-portal proxy', () => {
  it('runs in the foreground, says each new finding on stderr, and writes its reports on SIGTERM (secrets masked)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'proxy-cli-'))
    const backend = await startBrokenBackend(mock.url, { only: corruptions.find((fault) => fault.operationId === 'getProfile') })
    const child = spawn(
      process.execPath,
      [
        'cli/bin.js',
        'proxy',
        '--upstream',
        backend.url,
        '--port',
        '0',
        '--mock-operation',
        'getAgencyFaq',
        '--json',
        path.join(dir, 'r.json'),
        '--junit',
        path.join(dir, 'r.xml'),
        '--har',
        path.join(dir, 'r.har'),
      ],
      { cwd: path.join(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line: ${err}`)), 15_000)
        child.stderr.on('data', () => {
          const found = /proxy listening on (http:\/\/[^\s]+)\/api\/customer/.exec(err)?.[1]
          if (found !== undefined) {
            clearTimeout(timer)
            resolve(found)
          }
        })
      })
      await portalTraffic(`${url}/api/customer`)
      // answered by the mock the proxy started itself, in its own world
      expect((await fetch(`${url}/api/customer/agency/faq`, { headers: { agencyId: 'ag-sol' } })).status).toBe(200)
      await vi.waitFor(() => expect(err).toMatch(/✗ schema getProfile/), { timeout: 10_000 })
      expect(err).toMatch(/✗ schema getProfile: expected \$\.email is required; got missing/)
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      const report = JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8')) as {
        findings: Array<{ operationId: string }>
        exchanges: number
        fromMock: Array<{ operationId: string }>
      }
      expect(report.findings.map((finding) => finding.operationId)).toEqual(['getProfile'])
      expect(report.exchanges).toBe(8)
      expect(report.fromMock.map((entry) => entry.operationId)).toEqual(['getAgencyFaq'])
      expect(await readFile(path.join(dir, 'r.xml'), 'utf8')).toMatch(
        /<testcase classname="proxy" name="getProfile">\s*<failure message="\[schema\] getProfile/,
      )
      const har = await readFile(path.join(dir, 'r.har'), 'utf8')
      expect(JSON.parse(har).log.entries).toHaveLength(8)
      expect(har).not.toContain('viaje2026')
      expect(har).not.toMatch(/tok_[0-9a-f]{8}/)
    } finally {
      child.kill('SIGKILL')
      await backend.close()
    }
  })
})
