import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createApiClient } from '../../../cli/src/transport/api-client.ts'
import { resolveApiBaseUrl } from '../../../cli/src/transport/request-parts.ts'
import type { ApiClient, ApiSession } from '../../../cli/src/transport/api-types.ts'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { findOperationByRoute } from '../../../contract/engine/contract-routes.ts'
import { createResponseChecker, type ResponseChecker } from '../../../contract/engine/response-checker.ts'
import type { Violation } from '../../../contract/engine/violation.ts'
import { json, startFakeServer, type FakeServer } from '../../support/fake-server.ts'
import { defaultContractPath } from '../../../cli/src/base/package-paths.ts'
import { miniContractPath } from '../../cli/helpers/paths.ts'

const thing = { id: 't-1', name: 'Tent', price: 1200, status: 'active', created_at: '2026-11-21T10:00:00Z', note: null }

let contract: ContractIndex
let checker: ResponseChecker
let server: FakeServer
let session: ApiSession
let client: ApiClient

beforeAll(async () => {
  contract = await loadContract(miniContractPath)
  checker = createResponseChecker(contract)
  server = await startFakeServer()
})

afterAll(async () => {
  await server.close()
})

beforeEach(() => {
  session = { token: 'secret-token-123', agencyId: 'ag-test' }
  // These answers are checked as they come: a 429 is not waited out here (see the throttling tests).
  client = createApiClient({ contract, checker, baseUrl: resolveApiBaseUrl(server.url, contract.basePath), getSession: () => session, maxRetryWaitMs: 0 })
  server.requests.length = 0
})

function only(violations: readonly Violation[]): Violation {
  expect(violations).toHaveLength(1)
  return violations[0] as Violation
}

describe('contract loading', () => {
  it('indexes operations across files, with base path, security and x-error-codes', () => {
    expect([...contract.operations.keys()].sort()).toEqual(
      ['createThing', 'deleteThing', 'findAgency', 'getTerms', 'getThing', 'getThingPicture', 'listThings', 'login', 'renderThing'].sort(),
    )
    expect(contract.basePath).toBe('/api/mini')
    expect(contract.tenantHeader).toBe('agencyId')
    const getThing = contract.operations.get('getThing')
    expect(getThing?.bearer).toBe('required')
    expect(getThing?.parameters.map((parameter) => parameter.name)).toEqual(['id'])
    expect(contract.operations.get('listThings')?.bearer).toBe('none')
    expect(contract.operations.get('createThing')?.errorCodes).toEqual({ '409': ['thing_locked', 'cant_lock_enough_seats'] })
  })

  it('warns about the OpenAPI 3.0 nullable keyword', () => {
    expect(contract.warnings.some((warning) => warning.includes('nullable') && warning.includes('Session'))).toBe(true)
  })

  it('finds operations by route, literal segments first', () => {
    expect(findOperationByRoute(contract, 'GET', '/things/{thingId}')?.operationId).toBe('getThing')
    expect(findOperationByRoute(contract, 'get', '/api/mini/things/42/render?x=1')?.operationId).toBe('renderThing')
    expect(findOperationByRoute(contract, 'DELETE', '/things/9')?.operationId).toBe('deleteThing')
    expect(findOperationByRoute(contract, 'PATCH', '/things/9')).toBeUndefined()
  })
})

describe('response checker against a real HTTP server', () => {
  it('accepts an answer that matches the contract, and sends token and tenant header', async () => {
    server.setHandler(() => json(200, { ...thing, children: [{ ...thing, id: 't-2' }] }))
    const outcome = await client.call('getThing', { path: ['t-1'] })
    expect(outcome.violations).toEqual([])
    expect(outcome.statusKey).toBe('200')
    const request = server.requests[0]
    expect(request?.path).toBe('/api/mini/things/t-1')
    expect(request?.headers['authorization']).toBe('Bearer secret-token-123')
    expect(request?.headers['agencyid']).toBe('ag-test')
  })

  it('does not send the token to an operation without a bearer scheme', async () => {
    server.setHandler(() => json(200, []))
    await client.call('listThings')
    expect(server.requests[0]?.headers['authorization']).toBeUndefined()
  })

  it('flags an undeclared status, naming the operation', async () => {
    server.setHandler(() => json(409, { code: 'conflict', message: 'boom' }))
    const violation = only((await client.call('getThing', { path: ['t-1'] })).violations)
    expect(violation).toMatchObject({ kind: 'status', operationId: 'getThing', method: 'GET', status: 409 })
    expect(violation.url).toBe(`${server.url}/api/mini/things/t-1`)
    expect(violation.expected).toContain('200, 401, 403, 404')
    expect(violation.actual).toBe('409 (code conflict)')
  })

  it('flags any server error, declared or not, but a declared 503 that says when to come back [not_a_server_error]', async () => {
    server.setHandler(() => json(500, { code: 'internal_error', message: 'boom' }))
    expect(only((await client.call('getThing', { path: ['t-1'] })).violations)).toMatchObject({
      kind: 'server-error',
      status: 500,
      actual: '500 (code internal_error)',
    })
    server.setHandler(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad Gateway</h1>' }))
    expect(only((await client.call('getThing', { path: ['t-1'] })).violations)).toMatchObject({
      kind: 'server-error',
      actual: '502',
      sent: '<h1>Bad Gateway</h1>',
    })
    // createThing declares `default`: a 503 matches it, and still needs Retry-After
    server.setHandler(() => json(503, { code: 'service_unavailable', message: 'later' }))
    expect(only((await client.call('createThing', { json: thing })).violations)).toMatchObject({
      kind: 'server-error',
      actual: '503 (code service_unavailable) without Retry-After',
    })
    server.setHandler(() => json(503, { code: 'service_unavailable', message: 'later' }, { 'Retry-After': '30' }))
    expect((await client.call('createThing', { json: thing })).violations).toEqual([])
  })

  it('covers statuses through 4XX range keys and default', async () => {
    server.setHandler(() => json(400, { code: 'bad_request', message: 'bad' }))
    const ranged = await client.call('listThings')
    expect(ranged.statusKey).toBe('4XX')
    expect(ranged.violations).toEqual([])

    server.setHandler(() => json(503, { code: 'service_unavailable', message: 'later' }, { 'Retry-After': '5' }))
    const fallback = await client.call('createThing', { json: thing })
    expect(fallback.statusKey).toBe('default')
    expect(fallback.violations).toEqual([])
  })

  it('flags a content type not declared for the status', async () => {
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<h1>Tent</h1>' }))
    const violation = only((await client.call('getThing', { path: ['t-1'] })).violations)
    expect(violation).toMatchObject({ kind: 'content-type', operationId: 'getThing', actual: 'text/html' })
    expect(violation.expected).toContain('application/json')
  })

  it('flags a missing required field', async () => {
    const { price: _price, ...withoutPrice } = thing
    server.setHandler(() => json(200, withoutPrice))
    const violation = only((await client.call('getThing', { path: ['t-1'] })).violations)
    expect(violation).toMatchObject({ kind: 'schema', operationId: 'getThing', expected: '$.price is required', actual: 'missing' })
  })

  it('flags a wrong type, deep in a recursive $ref', async () => {
    server.setHandler(() => json(200, { ...thing, children: [{ ...thing, price: '12.00' }] }))
    const violation = only((await client.call('getThing', { path: ['t-1'] })).violations)
    expect(violation).toMatchObject({ kind: 'schema', operationId: 'getThing', expected: '$.children[0].price must be integer', actual: '"12.00"' })
  })

  it('checks formats and enums, and rejects null where the type list has no null', async () => {
    server.setHandler(() => json(200, { ...thing, status: 'deleted', created_at: '21/11/2026', name: null }))
    const violations = (await client.call('getThing', { path: ['t-1'] })).violations
    const expected = violations.map((violation) => violation.expected)
    expect(expected).toContain('$.status must be one of "active", "archived"')
    expect(expected).toContain('$.created_at must match format "date-time"')
    expect(expected).toContain('$.name must be string')
  })

  it('flags an error code not in x-error-codes for that status', async () => {
    server.setHandler(() => json(409, { code: 'travel_group_pack_full', message: 'full' }))
    const violation = only((await client.call('createThing', { json: thing })).violations)
    expect(violation).toMatchObject({ kind: 'error-code', operationId: 'createThing', status: 409, actual: 'travel_group_pack_full' })
    expect(violation.expected).toContain('thing_locked, cant_lock_enough_seats')
  })

  it('flags a 429 that does not say when to come back (Retry-After)', async () => {
    server.setHandler(() => json(429, { code: 'too_many_requests', message: 'slow down' }))
    const violation = (await client.call('createThing', { json: thing })).violations.find((v) => v.kind === 'header')
    expect(violation).toMatchObject({ kind: 'header', operationId: 'createThing', status: 429, actual: 'no Retry-After header' })
    server.setHandler(() => json(429, { code: 'too_many_requests', message: 'slow down' }, { 'Retry-After': 'soon' }))
    expect((await client.call('createThing', { json: thing })).violations.find((v) => v.kind === 'header')?.actual).toBe('Retry-After: soon')
    for (const retryAfter of ['30', 'Wed, 21 Oct 2026 07:28:00 GMT']) {
      server.setHandler(() => json(429, { code: 'too_many_requests', message: 'slow down' }, { 'Retry-After': retryAfter }))
      expect((await client.call('createThing', { json: thing })).violations.filter((v) => v.kind === 'header')).toEqual([])
    }
  })

  it('reads declared response headers by their schema [response_headers_conformance]', async () => {
    const real = await loadContract(defaultContractPath)
    const check = (retryAfter: string) =>
      createResponseChecker(real).checkExchange(
        'login',
        { method: 'POST', url: 'http://api.example/api/customer/auth/login', headers: {} },
        {
          status: 429,
          headers: new Headers({ 'content-type': 'application/json', 'retry-after': retryAfter }),
          body: new TextEncoder().encode(JSON.stringify({ code: 'too_many_requests', message: 'Slow down.' })),
        },
      ).violations
    expect(check('30')).toEqual([])
    // the contract says whole seconds, at least 1
    expect(check('0')).toMatchObject([{ kind: 'header', expected: 'Retry-After must be >= 1', actual: 'Retry-After: 0' }])
  })

  it('accepts declared domain codes and generic codes for the status', async () => {
    server.setHandler(() => json(409, { code: 'cant_lock_enough_seats', message: 'no seats' }))
    expect((await client.call('createThing', { json: thing })).violations).toEqual([])
    server.setHandler(() => json(404, { code: 'not_found', message: 'gone' }))
    expect((await client.call('getThing', { path: ['nope'] })).violations).toEqual([])
    server.setHandler(() => json(401, { code: 'auth_login_wrong', message: 'wrong' }))
    expect((await client.call('login', { json: { email: 'a@b.example', password: 'x' } })).violations).toEqual([])
  })

  it('flags a generic code used under the wrong status', async () => {
    server.setHandler(() => json(404, { code: 'unauthorized', message: 'hm' }))
    const violation = only((await client.call('getThing', { path: ['nope'] })).violations)
    expect(violation).toMatchObject({ kind: 'error-code', actual: 'unauthorized' })
  })

  it('flags unparsable JSON', async () => {
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"id": ' }))
    expect(only((await client.call('getThing', { path: ['t-1'] })).violations)).toMatchObject({ kind: 'body', expected: 'a JSON body' })
  })

  it('checks binary bodies by their magic bytes', async () => {
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7\n%…' }))
    expect((await client.call('renderThing', { path: ['t-1'] })).violations).toEqual([])

    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '<html>error</html>' }))
    const violation = only((await client.call('renderThing', { path: ['t-1'] })).violations)
    expect(violation).toMatchObject({ kind: 'body', operationId: 'renderThing' })
    expect(violation.actual).toContain('do not start like a PDF')
  })

  it('matches image/* against a concrete image type', async () => {
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'image/png' }, body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) }))
    expect((await client.call('getThingPicture', { path: ['t-1'] })).violations).toEqual([])
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7' }))
    expect(only((await client.call('getThingPicture', { path: ['t-1'] })).violations).kind).toBe('content-type')
  })

  it('accepts text/html with a charset parameter', async () => {
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<p>Terms</p>' }))
    expect((await client.call('getTerms')).violations).toEqual([])
  })

  it('accepts an empty 204 and flags a body on a response that declares none', async () => {
    server.setHandler(() => ({ status: 204 }))
    expect((await client.call('deleteThing', { path: ['t-1'] })).violations).toEqual([])
    // Node's http server drops bodies on 204, so feed this one directly.
    const result = checker.checkExchange(
      'deleteThing',
      { method: 'DELETE', url: 'http://127.0.0.1/api/mini/things/t-1', headers: {} },
      { status: 204, headers: new Headers({ 'content-type': 'application/json' }), body: new TextEncoder().encode('{"ok":true}') },
    )
    expect(only(result.violations)).toMatchObject({ kind: 'body', expected: 'no body (204 declares no content)' })
  })

  it('flags an empty body where content is declared', async () => {
    server.setHandler(() => ({ status: 200, headers: { 'content-type': 'application/json' } }))
    expect(only((await client.call('getThing', { path: ['t-1'] })).violations)).toMatchObject({ kind: 'body', actual: 'empty body' })
  })

  it('puts a reproducible, masked curl on every violation', async () => {
    server.setHandler(() => json(500, {}))
    const violation = only((await client.call('login', { json: { email: 'ana@example.com', password: 'hunter2' } })).violations)
    expect(violation.curl).toContain(`curl -X POST '${server.url}/api/mini/login'`)
    expect(violation.curl).toContain(`-H 'agencyId: ag-test'`)
    expect(violation.curl).toContain('"password":"***"')
    expect(violation.curl).not.toContain('hunter2')

    const withToken = only((await client.call('getThing', { path: ['t-1'] })).violations)
    expect(withToken.curl).toContain(`-H 'Authorization: Bearer ***'`)
    expect(withToken.curl).not.toContain('secret-token-123')
  })

  it('reports an unknown operationId as a contract violation', () => {
    const result = checker.checkExchange(
      'noSuchOperation',
      { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
      { status: 200, headers: new Headers(), body: new Uint8Array() },
    )
    expect(only(result.violations)).toMatchObject({ kind: 'contract', operationId: 'noSuchOperation' })
  })

  it('checks a plain fetch Response too', async () => {
    server.setHandler(() => json(200, [{ ...thing, price: -1 }]))
    const url = `${server.url}/api/mini/things`
    const result = await checker.checkResponse('listThings', { method: 'GET', url, headers: {} }, await fetch(url))
    expect(only(result.violations)).toMatchObject({ kind: 'schema', expected: '$[0].price must be >= 0' })
  })
})
