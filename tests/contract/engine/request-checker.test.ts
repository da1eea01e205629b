import { beforeAll, describe, expect, it } from 'vitest'
import { loadContract, type ContractIndex } from '../../../contract/engine/contract-index.ts'
import { createRequestChecker, type RequestChecker } from '../../../contract/engine/request-checker.ts'
import { createSchemaValidator } from '../../../contract/engine/schema-validator.ts'
import { miniContractPath } from '../../cli/helpers/paths.ts'

// A request a client sent, read against the contract (the proxy's half): its operation, parameters,
// session and body.

let mini: ContractIndex
let checker: RequestChecker
beforeAll(async () => {
  mini = await loadContract(miniContractPath)
  checker = createRequestChecker(mini, createSchemaValidator(mini))
})
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
const base = 'http://127.0.0.1:9/api/mini'

describe('the request checker', () => {
  it('a request as the contract takes it: its operation, no finding', () => {
    const checked = checker.check({
      method: 'POST',
      url: `${base}/login`,
      headers: { 'content-type': 'application/json', agencyId: 'ag-1' },
      body: json({ email: 'a@b.es', password: 'x' }),
    })
    expect(checked.operation?.operationId).toBe('login')
    expect(checked.violations).toEqual([])
  })

  it('a path or a method the contract does not have', () => {
    expect(checker.check({ method: 'GET', url: `${base}/nowhere`, headers: {}, body: new Uint8Array() }).violations[0]).toMatchObject({
      kind: 'request',
      actual: 'no operation has the path /nowhere',
    })
    expect(checker.check({ method: 'PATCH', url: `${base}/things/t-1`, headers: {}, body: new Uint8Array() }).violations[0]!.expected).toMatch(
      /one of the methods declared at \/things\/t-1/,
    )
  })

  it('a session missing where one is needed, a body missing or unreadable or off its schema', () => {
    const findings = (request: Parameters<RequestChecker['check']>[0]) => checker.check(request).violations.map((violation) => violation.expected)
    expect(findings({ method: 'POST', url: `${base}/things`, headers: { 'content-type': 'application/json' }, body: json({ name: 'x' }) })).toContain(
      'an Authorization: Bearer token (the operation needs a session)',
    )
    expect(findings({ method: 'POST', url: `${base}/login`, headers: { 'content-type': 'application/json' }, body: new Uint8Array() })[0]).toMatch(
      /body \(required\)/,
    )
    expect(
      findings({ method: 'POST', url: `${base}/login`, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode('{oops') }),
    ).toEqual(['a JSON body'])
    expect(findings({ method: 'POST', url: `${base}/login`, headers: { 'content-type': 'text/plain' }, body: json({}) })[0]).toMatch(/^content-type/)
    expect(
      findings({ method: 'POST', url: `${base}/login`, headers: { 'content-type': 'application/json' }, body: json({ email: 'a@b.es' }) }).some((expected) =>
        expected.startsWith('body $'),
      ),
    ).toBe(true)
  })
})
