import { describe, expect, it } from 'vitest'
import { createOperationMatcher } from '../../../contract/engine/operation-matcher.ts'
import { API_OPERATIONS } from '../../../contract/generated/api-operations.ts'

// The one rule that finds a request's operation, for the mock's router, the portal server's allowlist
// and the conformance engine (each also tested through its own suite).

const operations = createOperationMatcher([
  { method: 'GET', path: '/booking' },
  { method: 'GET', path: '/booking/{id}' },
  { method: 'GET', path: '/booking/rooms' },
  { method: 'PUT', path: '/booking/{id}/data' },
  { method: 'GET', path: '/booking/{id}/invoice/{invoiceId}/render' },
])
const found = (method: string, path: string) => {
  const match = operations.match(method, path)
  return match ? `${match.operation.method} ${match.operation.path} ${JSON.stringify(match.params)}` : 'none'
}

describe('the operation of a method and a path', () => {
  it('takes a literal segment before a parameter', () => {
    expect(found('GET', '/booking/rooms')).toBe('GET /booking/rooms {}')
    expect(found('GET', '/booking/bkg-1')).toBe('GET /booking/{id} {"id":"bkg-1"}')
  })

  it('gives the parameters by name, still percent-encoded', () => {
    expect(found('get', '/booking/bkg%201/invoice/inv-2/render')).toBe('GET /booking/{id}/invoice/{invoiceId}/render {"id":"bkg%201","invoiceId":"inv-2"}')
  })

  it('never lets a parameter be empty or a dot segment, encoded or not', () => {
    for (const path of ['/booking/..', '/booking/.', '/booking/%2e%2E', '/booking/%2E', '/booking/../data', '/booking//data'])
      expect(found(path.endsWith('data') ? 'PUT' : 'GET', path), path).toBe('none')
  })

  it('names the same operation with one trailing slash, and none with an empty segment', () => {
    expect(found('GET', '/booking/bkg-1/')).toBe('GET /booking/{id} {"id":"bkg-1"}')
    for (const path of ['/booking/bkg-1//', '//booking/bkg-1', '/booking//', '/', '']) expect(found('GET', path), path).toBe('none')
  })

  it('matches the method as it is given (HEAD is not GET here: the caller decides)', () => {
    expect(found('HEAD', '/booking')).toBe('none')
    expect(found('DELETE', '/booking/bkg-1')).toBe('none')
  })

  it('lists the methods a path has', () => {
    expect(operations.methodsAt('/booking/bkg-1/data')).toEqual(['PUT'])
    expect(operations.methodsAt('/booking/bkg-1')).toEqual(['GET'])
    expect(operations.methodsAt('/nothing')).toEqual([])
  })

  it('finds every operation of the contract from its own template, and no other', () => {
    const contract = createOperationMatcher(API_OPERATIONS.map(([method, path]) => ({ method, path })))
    for (const [method, path] of API_OPERATIONS) expect(contract.match(method, path)?.operation.path, `${method} ${path}`).toBe(path)
  })
})
